/* Decides whether a kernel's gemm runs on AMDGPU matrix cores, with which
 * instruction and wave grid; anything else is left to the SIMT path. */
#include "rocm/matrix.h"

#include "ir/ir.h"
#include "tile/dialect.h"

#include <string.h>

/* The gemm's policy attribute is "full_row" / "full_col" / other. */
static bool policyIs(MlirOperation gemm, const char *name) {
  MlirAttribute attr = tileOpGetAttr(gemm, "policy");
  if (mlirAttributeIsNull(attr) || !mlirAttributeIsAString(attr))
    return false;
  MlirStringRef s = mlirStringAttrGetValue(attr);
  return s.length == strlen(name) && !memcmp(s.data, name, s.length);
}

/* Picks the wave grid for `in`: every wave owns a C tile that is a whole
 * number of instruction tiles, as square as the tile allows (or all waves
 * along one side when the gemm's policy says so). */
static bool chooseWaves(TileMmaPlan *p, const TileRocmMatrixInstr *in) {
  int64_t waves = p->threads / in->wave, best = -1;
  bool fullRow = policyIs(p->gemms[0], "full_row");
  bool fullCol = policyIs(p->gemms[0], "full_col");
  for (int64_t wm = 1; wm <= waves; ++wm) {
    int64_t wn = waves / wm;
    if (waves % wm || p->bm % (wm * in->m) || p->bn % (wn * in->n))
      continue;
    if ((fullRow && wn != 1) || (fullCol && wm != 1))
      continue;
    int64_t tm = p->bm / wm, tn = p->bn / wn;
    int64_t score = tm > tn ? tm - tn : tn - tm;
    if (best < 0 || score < best) {
      best = score;
      p->warpsM = wm;
      p->warpsN = wn;
    }
  }
  if (best < 0)
    return false;
  p->warpM = p->bm / p->warpsM;
  p->warpN = p->bn / p->warpsN;
  p->mmaM = p->warpM / in->m;
  p->mmaN = p->warpN / in->n;
  p->local = p->bm * p->bn / p->threads;
  if (p->mmaM > TileRocmMaxTiles || p->mmaN > TileRocmMaxTiles ||
      p->local > in->maxAccPerLane)
    return false;
  return p->local == p->mmaM * p->mmaN * in->accLen;
}

static bool fitsInstr(TileMmaPlan *p, const TileRocmMatrixInstr *in) {
  if (p->threads % in->wave || p->bk % in->k)
    return false;
  return chooseWaves(p, in);
}

bool tileRocmMatrixPlanKernel(MlirOperation kernel, const char *chip,
                              TileRocmMatrixPlan *plan) {
  TileMmaPlan *p = &plan->base;
  if (!tileMmaPlanGemm(kernel, p))
    return false;
  int count;
  TileRocmElem elem = mlirTypeIsABF16(p->elem)  ? TileRocmElemBF16
                      : mlirTypeIsAF16(p->elem) ? TileRocmElemF16
                                                : TileRocmElemI8;
  const TileRocmMatrixInstr *const *instrs =
      tileRocmMatrixInstrs(chip, elem, &count);
  plan->instr = NULL;
  for (int i = 0; i < count && !plan->instr; ++i)
    if (fitsInstr(p, instrs[i]))
      plan->instr = instrs[i];
  if (!plan->instr)
    return false;
  p->position = tileRocmMatrixElementPosition;
  plan->bKMajor = p->transposeB;
  return tileMmaAccumulatorUsesSupported(p);
}
