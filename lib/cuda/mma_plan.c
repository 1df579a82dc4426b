/* Decides whether a kernel's gemm runs on tensor cores, and with which warp
 * grid; anything else is left to the SIMT path. */
#include "cuda/mma.h"

#include "ir/ir.h"
#include "tile/dialect.h"

#include <stdio.h>
#include <string.h>

/* Picks the warp grid: as square as the tile allows, or all warps along one
 * side when the gemm's policy says so. */
static bool chooseWarps(TileMmaPlan *p, const char *policy) {
  int64_t warps = p->threads / 32;
  int64_t best = -1;
  for (int64_t wm = 1; wm <= warps; ++wm) {
    if (warps % wm)
      continue;
    int64_t wn = warps / wm;
    if (p->bm % (wm * 16) || p->bn % (wn * 16))
      continue;
    if (!strcmp(policy, "full_row") && wn != 1)
      continue;
    if (!strcmp(policy, "full_col") && wm != 1)
      continue;
    /* Prefer the grid whose warp tiles are closest to square. */
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
  p->mmaM = p->warpM / 16;
  p->mmaN = p->warpN / 8;
  return true;
}

/* The gemm's policy attribute ("square" when absent or too long). */
static void readPolicy(MlirOperation gemm, char *policy, size_t size) {
  snprintf(policy, size, "square");
  MlirAttribute attr = tileOpGetAttr(gemm, "policy");
  if (mlirAttributeIsNull(attr))
    return;
  MlirStringRef s = mlirStringAttrGetValue(attr);
  if (s.length < size) {
    memcpy(policy, s.data, s.length);
    policy[s.length] = '\0';
  }
}

bool tileMmaPlanKernel(MlirOperation kernel, TileMmaPlan *p) {
  /* mma.sync here is f16/bf16 into f32 only. */
  if (!tileMmaPlanGemm(kernel, p) || !mlirTypeIsAF32(p->accElem))
    return false;
  p->position = tileMmaElementPosition;
  p->pad = 8;
  if (p->threads % 32 || p->bk % 16 || (p->bm * p->bn) % p->threads)
    return false;
  char policy[16];
  readPolicy(p->gemms[0], policy, sizeof(policy));
  if (!chooseWarps(p, policy))
    return false;
  p->local = p->bm * p->bn / p->threads;
  if (p->local != p->mmaM * p->mmaN * 4)
    return false;
  return tileMmaAccumulatorUsesSupported(p);
}
