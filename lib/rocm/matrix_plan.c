/* Decides whether a kernel's gemm runs on AMDGPU matrix cores, with which
 * instruction and wave grid; anything else is left to the SIMT path. When
 * asked (a kernel that states its choices with tile_rocm ops), it also says
 * why a kernel or an instruction does not fit. */
#include "rocm/matrix.h"

#include "ir/ir.h"
#include "tile/dialect.h"

#include <stdarg.h>
#include <string.h>

/* Appends one reason to `why` (NULL: nobody asked). */
static bool refuse(TileStrBuf *why, const TileRocmMatrixInstr *in,
                   const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static bool refuse(TileStrBuf *why, const TileRocmMatrixInstr *in,
                   const char *fmt, ...) {
  if (!why)
    return false;
  if (tileStrBufGet(why)[0])
    tileStrBufAppendStr(why, "; ");
  if (in)
    tileStrBufPrintf(why, "%lldx%lldx%lld: ", (long long)in->m,
                     (long long)in->n, (long long)in->k);
  va_list args;
  va_start(args, fmt);
  tileStrBufVPrintf(why, fmt, args);
  va_end(args);
  return false;
}

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
static bool chooseWaves(TileMmaPlan *p, const TileRocmMatrixInstr *in,
                        TileStrBuf *why) {
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
    return refuse(why, in,
                  "no grid of its %lld waves splits its %lld-row C tile "
                  "into whole instruction tiles (with the gemm's policy)",
                  (long long)waves, (long long)p->bm);
  p->warpM = p->bm / p->warpsM;
  p->warpN = p->bn / p->warpsN;
  p->mmaM = p->warpM / in->m;
  p->mmaN = p->warpN / in->n;
  p->local = p->bm * p->bn / p->threads;
  if (p->mmaM > TileRocmMaxTiles || p->mmaN > TileRocmMaxTiles)
    return refuse(why, in,
                  "a wave would hold %lldx%lld instruction tiles "
                  "(at most 16 along each side)",
                  (long long)p->mmaM, (long long)p->mmaN);
  if (p->local > in->maxAccPerLane)
    return refuse(why, in,
                  "%lld accumulator elements per lane exceed the budget of "
                  "%lld",
                  (long long)p->local, (long long)in->maxAccPerLane);
  if (p->local != p->mmaM * p->mmaN * in->accLen)
    return refuse(why, in,
                  "the wave grid leaves threads without C elements "
                  "(%lld per lane, %lld in the instruction tiles)",
                  (long long)p->local,
                  (long long)(p->mmaM * p->mmaN * in->accLen));
  return true;
}

static bool fitsInstr(TileMmaPlan *p, const TileRocmMatrixInstr *in,
                      TileStrBuf *why) {
  if (p->threads % in->wave)
    return refuse(why, in, "its %lld threads are not whole waves of %lld",
                  (long long)p->threads, (long long)in->wave);
  if (p->bk % in->k)
    return refuse(why, in,
                  "its K tile of %lld is not a multiple of the "
                  "instruction's K (%lld)",
                  (long long)p->bk, (long long)in->k);
  return chooseWaves(p, in, why);
}

static const char *elemName(TileRocmElem elem) {
  return elem == TileRocmElemBF16  ? "bf16"
         : elem == TileRocmElemF16 ? "f16"
                                   : "i8";
}

/* The instruction of shape[] among `instrs`, or NULL after saying which
 * shapes there are. */
static const TileRocmMatrixInstr *
findShape(const TileRocmMatrixInstr *const *instrs, int count,
          const int64_t *shape, const char *chip, TileRocmElem elem,
          TileStrBuf *why) {
  for (int i = 0; i < count; ++i)
    if (instrs[i]->m == shape[0] && instrs[i]->n == shape[1] &&
        instrs[i]->k == shape[2])
      return instrs[i];
  if (why) {
    tileStrBufPrintf(why,
                     "%s has no %lldx%lldx%lld matrix instruction for %s "
                     "operands; it has",
                     chip, (long long)shape[0], (long long)shape[1],
                     (long long)shape[2], elemName(elem));
    for (int i = 0; i < count; ++i)
      tileStrBufPrintf(why, "%s %lldx%lldx%lld (%s)", i ? "," : "",
                       (long long)instrs[i]->m, (long long)instrs[i]->n,
                       (long long)instrs[i]->k, instrs[i]->name);
  }
  return NULL;
}

bool tileRocmMatrixPlanKernel(MlirOperation kernel, const char *chip,
                              const int64_t *shape, TileRocmMatrixPlan *plan,
                              TileStrBuf *why) {
  TileMmaPlan *p = &plan->base;
  if (!tileMmaPlanGemm(kernel, p))
    return refuse(why, NULL,
                  "it is not one gemm the path takes (one tile.gemm, f16/bf16 "
                  "(or i8) A and B in shared tiles, an f32 (i32) fragment "
                  "accumulator, no transpose_a or clear_accum, in an scf.for "
                  "that fills A and B by one global-window copy each)");
  int count;
  TileRocmElem elem = mlirTypeIsABF16(p->elem)  ? TileRocmElemBF16
                      : mlirTypeIsAF16(p->elem) ? TileRocmElemF16
                                                : TileRocmElemI8;
  const TileRocmMatrixInstr *const *instrs =
      tileRocmMatrixInstrs(chip, elem, &count);
  plan->instr = NULL;
  if (count == 0) {
    if (why)
      tileStrBufPrintf(why, "%s has no matrix instruction for %s operands",
                       chip, elemName(elem));
    return false;
  }
  if (shape) {
    const TileRocmMatrixInstr *in =
        findShape(instrs, count, shape, chip, elem, why);
    if (in && fitsInstr(p, in, why))
      plan->instr = in;
  }
  for (int i = 0; i < count && !plan->instr && !shape; ++i)
    if (fitsInstr(p, instrs[i], why))
      plan->instr = instrs[i];
  if (!plan->instr)
    return false;
  p->position = tileRocmMatrixElementPosition;
  plan->bKMajor = p->transposeB;
  plan->swizzleA = plan->swizzleB = false;
  if (!tileMmaAccumulatorUsesSupported(p))
    return refuse(why, NULL,
                  "its accumulator has a use the path cannot rewrite (it "
                  "takes fills, the gemm, copies out of it and thread-parallel "
                  "loops over its elements)");
  return true;
}
