/* Decides whether a kernel's gemm runs on tensor cores, and with which warp
 * grid; anything else is left to the SIMT path. */
#include "cuda/mma.h"

#include "ir/ir.h"
#include "tile/dialect.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

bool tileCudaRefuse(TileStrBuf *why, const char *fmt, ...) {
  if (!why)
    return false;
  if (tileStrBufGet(why)[0])
    tileStrBufAppendStr(why, "; ");
  va_list args;
  va_start(args, fmt);
  tileStrBufVPrintf(why, fmt, args);
  va_end(args);
  return false;
}

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

/* Whether the copy's pad value is zero (or absent). */
static bool padsWithZero(MlirOperation copy) {
  MlirAttribute pad = tileOpGetAttr(copy, "pad");
  if (mlirAttributeIsNull(pad))
    return true;
  if (mlirAttributeIsAFloat(pad))
    return mlirFloatAttrGetValueDouble(pad) == 0.0;
  return mlirAttributeIsAInteger(pad) && mlirIntegerAttrGetValueInt(pad) == 0;
}

bool tileCudaPlanGemm(MlirOperation kernel, TileMmaPlan *p, TileStrBuf *why) {
  if (!tileMmaPlanGemm(kernel, p))
    return tileCudaRefuse(why, "%s", TileCudaNotOneGemm);
  if (!padsWithZero(p->copyA) || !padsWithZero(p->copyB))
    return tileCudaRefuse(why,
                          "the copy into %s pads with a value other "
                          "than zero; the path's copies fill zeros "
                          "outside the matrix",
                          padsWithZero(p->copyA) ? "B" : "A");
  return true;
}

bool tileMmaPlanKernel(MlirOperation kernel, TileMmaPlan *p, TileStrBuf *why) {
  if (!tileCudaPlanGemm(kernel, p, why))
    return false;
  /* mma.sync here is f16/bf16 into f32 only. */
  if (!mlirTypeIsAF32(p->accElem))
    return tileCudaRefuse(why, "its operands are i8; the path takes f16 and "
                               "bf16 into f32");
  p->position = tileMmaElementPosition;
  p->pad = 8;
  if (p->threads % 32)
    return tileCudaRefuse(why, "its %lld threads are not whole warps",
                          (long long)p->threads);
  if (p->bk % 16)
    return tileCudaRefuse(why,
                          "its K tile of %lld is no multiple of mma.sync's K "
                          "(16)",
                          (long long)p->bk);
  char policy[16];
  readPolicy(p->gemms[0], policy, sizeof(policy));
  if ((p->bm * p->bn) % p->threads || !chooseWarps(p, policy))
    return tileCudaRefuse(why,
                          "no grid of its %lld warps (policy \"%s\") tiles "
                          "its %lldx%lld accumulator into 16x16 pieces",
                          (long long)p->threads / 32, policy, (long long)p->bm,
                          (long long)p->bn);
  if (p->mmaM > TileCudaMaxMmaTiles || p->mmaN > TileCudaMaxMmaTiles)
    return tileCudaRefuse(why,
                          "a warp would hold %lldx%lld m16n8 tiles of its "
                          "%lldx%lld accumulator (at most %d along each side)",
                          (long long)p->mmaM, (long long)p->mmaN,
                          (long long)p->bm, (long long)p->bn,
                          TileCudaMaxMmaTiles);
  p->local = p->bm * p->bn / p->threads;
  if (p->local != p->mmaM * p->mmaN * 4)
    return tileCudaRefuse(why,
                          "its %lldx%lld accumulator does not split into "
                          "whole m16n8 tiles per warp",
                          (long long)p->bm, (long long)p->bn);
  if (!tileMmaAccumulatorUsesSupported(p))
    return tileCudaRefuse(why, "its accumulator has a use the path cannot "
                               "rewrite (it takes fills, the gemm, copies out "
                               "of it and thread-parallel loops over its "
                               "elements)");
  return true;
}
