/* tile-cuda-path: for each kernel with tile_cuda ops, the path that takes it
 * (the one tile_cuda.path names, or the first that fits among those the
 * other ops imply, in the pipeline's order) and whether that path can do
 * what each op asks; refused at the op with the reason otherwise. A kernel
 * then holds a tile_cuda.path op naming its path, which the path's pass
 * reads (and erases with the other ops; tile-cuda-mma, the last of them,
 * erases those of the kernels that take the SIMT path). */
#include "cuda/cuda.h"
#include "cuda/extension.h"
#include "cuda/rasterize.h"
#include "cuda/tma.h"

#include "ir/choices.h"
#include "ir/ir.h"
#include "passes/pass.h"

/* The candidate paths, in the pipeline's order, and the op that asks. */
typedef struct {
  TileCudaPath first, last;
  MlirOperation asker;
} Request;

static bool fitsPath(MlirOperation kernel, const TileTmaTarget *target,
                     TileCudaPath path, TileStrBuf *why) {
  switch (path) {
  case TileCudaPathWgmmaWs:
    return tileCudaWgmmaWsFits(kernel, target, 0, 0, why);
  case TileCudaPathWgmma:
    return tileCudaWgmmaFits(kernel, target, why);
  case TileCudaPathMma:
    return tileCudaMmaFits(kernel, target->chip, why);
  default:
    return true;
  }
}

/* The paths the ops ask for: the one tile_cuda.path names; wgmma_ws for
 * warp_specialize; for mma_shape the paths of its instruction; for a
 * swizzle the paths that swizzle (or those that do not, for none); any
 * path otherwise. False after refusing an instruction no path runs. */
static bool request(const TileCudaChoices *c, Request *r) {
  *r = (Request){TileCudaPathWgmmaWs, TileCudaPathSimt, {NULL}};
  if (!mlirOperationIsNull(c->path)) {
    *r = (Request){c->pathValue, c->pathValue, c->path};
  } else if (!mlirOperationIsNull(c->warpSpecialize)) {
    *r = (Request){TileCudaPathWgmmaWs, TileCudaPathWgmmaWs, c->warpSpecialize};
  } else if (!mlirOperationIsNull(c->mmaShape)) {
    if (c->m == 16)
      *r = (Request){TileCudaPathMma, TileCudaPathMma, c->mmaShape};
    else if (c->m == 64)
      *r = (Request){TileCudaPathWgmmaWs, TileCudaPathWgmma, c->mmaShape};
    else
      return !tileRefuseChoice(
          c->mmaShape,
          "no path runs an instruction of M = %lld: mma runs "
          "mma.sync m16n8k16, wgmma and wgmma_ws run "
          "wgmma.mma_async m64nNk16",
          (long long)c->m);
  } else if (!mlirOperationIsNull(c->swizzle)) {
    bool none = c->swizzleA == 0 && c->swizzleB == 0;
    *r = none ? (Request){TileCudaPathMma, TileCudaPathSimt, c->swizzle}
              : (Request){TileCudaPathWgmmaWs, TileCudaPathWgmma, c->swizzle};
  }
  return true;
}

/* The first requested path that takes the kernel, or TileCudaPathNone
 * after refusing at the asking op with each candidate's reason. */
static TileCudaPath choosePath(MlirOperation kernel,
                               const TileTmaTarget *target, const Request *r) {
  const char *chip = target->chip;
  TileStrBuf why = TILE_STRBUF_INIT;
  for (TileCudaPath p = r->first; p <= r->last; ++p) {
    TileStrBuf reason = TILE_STRBUF_INIT;
    bool ok = fitsPath(kernel, target, p, &reason);
    if (!ok && r->first == r->last)
      tileStrBufAppendStr(&why, tileStrBufGet(&reason));
    else if (!ok)
      tileStrBufPrintf(&why, "%s%s: %s", tileStrBufGet(&why)[0] ? "; " : "",
                       tileCudaPathName(p), tileStrBufGet(&reason));
    tileStrBufFree(&reason);
    if (ok) {
      tileStrBufFree(&why);
      return p;
    }
  }
  if (r->first == r->last)
    tileRefuseChoice(r->asker, "the kernel does not take the %s path on %s: %s",
                     tileCudaPathName(r->first), chip, tileStrBufGet(&why));
  else
    tileRefuseChoice(r->asker,
                     "the kernel takes none of the paths it asks for on %s: %s",
                     chip, tileStrBufGet(&why));
  tileStrBufFree(&why);
  return TileCudaPathNone;
}

/* tile_cuda.mma_shape against the instruction `path` runs for the kernel:
 * mma.sync m16n8k16, or wgmma m64nNk16 with N the tile's columns. */
static unsigned checkShape(const TileCudaChoices *c, TileCudaPath path,
                           const TileMmaPlan *p) {
  if (mlirOperationIsNull(c->mmaShape))
    return 0;
  if (path == TileCudaPathSimt)
    return tileRefuseChoice(c->mmaShape, "the simt path runs no tensor-core "
                                         "instruction");
  int64_t m = 16, n = 8, k = 16;
  if (path != TileCudaPathMma) {
    m = 64;
    n = p->bn;
  }
  if (c->m == m && c->n == n && c->k == k)
    return 0;
  if (path == TileCudaPathMma)
    return tileRefuseChoice(c->mmaShape,
                            "the mma path runs mma.sync m16n8k16 only");
  return tileRefuseChoice(
      c->mmaShape,
      "the %s path runs wgmma m64n%lldk16 for this kernel (wgmma's "
      "N is the %lld columns of its tile of C)",
      tileCudaPathName(path), (long long)n, (long long)n);
}

/* tile_cuda.swizzle against the layout of `path`'s A and B tiles: the TMA
 * paths swizzle by the width of a tile row (B arrives in boxes of 64
 * columns, 128-byte rows); mma.sync pads rows instead. */
static unsigned checkSwizzle(const TileCudaChoices *c, TileCudaPath path,
                             const TileMmaPlan *p) {
  if (mlirOperationIsNull(c->swizzle))
    return 0;
  int64_t a = 0, b = 0;
  if (path == TileCudaPathWgmmaWs || path == TileCudaPathWgmma) {
    a = p->bk * 2;
    b = 128;
  }
  if (c->swizzleA == a && c->swizzleB == b)
    return 0;
  if (!a)
    return tileRefuseChoice(
        c->swizzle, "the %s path does not swizzle A and B%s",
        tileCudaPathName(path),
        path == TileCudaPathMma ? " (it pads their rows by 8 elements instead)"
                                : "");
  return tileRefuseChoice(
      c->swizzle,
      "the %s path loads A with the %lld-byte swizzle and B with "
      "the 128-byte one (the swizzle span of a TMA box is the "
      "width of its rows, %lld and 128 bytes here, and wgmma reads "
      "the tiles in it)",
      tileCudaPathName(path), (long long)a, (long long)a);
}

static unsigned checkWarpSpecialize(const TileCudaChoices *c, TileCudaPath path,
                                    MlirOperation kernel,
                                    const TileTmaTarget *target) {
  if (mlirOperationIsNull(c->warpSpecialize))
    return 0;
  if (path != TileCudaPathWgmmaWs)
    return tileRefuseChoice(
        c->warpSpecialize,
        "the kernel takes the %s path, which does not specialise "
        "warps",
        tileCudaPathName(path));
  TileStrBuf why = TILE_STRBUF_INIT;
  unsigned errors = 0;
  if (!tileCudaWgmmaWsFits(kernel, target, c->producerRegisters,
                           c->consumerRegisters, &why))
    errors = tileRefuseChoice(c->warpSpecialize, "%s", tileStrBufGet(&why));
  tileStrBufFree(&why);
  return errors;
}

/* tile_cuda.rasterize: the warp-specialised path orders its blocks itself
 * (8 block rows by default) and reads the op; for the other paths the
 * block ids are remapped here, at the start of the kernel body. */
static unsigned checkRasterize(const TileCudaChoices *c, MlirOperation kernel) {
  if (mlirOperationIsNull(c->rasterize))
    return 0;
  TileStrBuf why = TILE_STRBUF_INIT;
  unsigned errors = 0;
  if (!tileCudaRasterFits(kernel, &why))
    errors = tileRefuseChoice(c->rasterize, "%s", tileStrBufGet(&why));
  tileStrBufFree(&why);
  return errors;
}

static void rasteriseNow(MlirOperation kernel, TileCudaChoices *c) {
  if (mlirOperationIsNull(c->rasterize))
    return;
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(kernel, 0));
  TileBuilder b = tbBefore(mlirBlockGetFirstOperation(body));
  tileCudaRasterise(&b, kernel, c->groupRows);
  mlirOperationDestroy(c->rasterize);
  c->rasterize = (MlirOperation){NULL};
}

/* The kernel states its path for the path's pass to read. */
static void statePath(MlirOperation kernel, const TileCudaChoices *c,
                      TileCudaPath path) {
  if (!mlirOperationIsNull(c->path))
    return;
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(kernel, 0));
  TileBuilder b = tbBefore(mlirBlockGetFirstOperation(body));
  MlirNamedAttribute name = tbNamed(
      &b, "path", mlirStringAttrGet(b.ctx, tileRef(tileCudaPathName(path))));
  tbCreate(&b, "tile_cuda.path", 0, NULL, 0, NULL, 1, &name);
}

static unsigned decide(MlirOperation kernel, void *userData) {
  const TileTmaTarget *target = userData;
  TileCudaChoices c;
  if (!tileCudaReadChoices(kernel, &c))
    return 0;
  Request r;
  if (!request(&c, &r))
    return 1;
  TileCudaPath path = choosePath(kernel, target, &r);
  if (path == TileCudaPathNone)
    return 1;
  /* Every path but SIMT has planned the gemm: the tile sizes are known. */
  TileMmaPlan plan;
  tileMmaPlanGemm(kernel, &plan);
  unsigned errors = checkShape(&c, path, &plan) +
                    checkSwizzle(&c, path, &plan) +
                    checkWarpSpecialize(&c, path, kernel, target) +
                    checkRasterize(&c, kernel);
  if (errors)
    return errors;
  if (path != TileCudaPathWgmmaWs)
    rasteriseNow(kernel, &c);
  statePath(kernel, &c, path);
  return 0;
}

enum { OptChip, OptFeatures };

static const TilePassOption options[] = {
    [OptChip] = {"chip", TileOptionString, "sm_90a", "the CUDA chip", NULL,
                 tileCudaCheckChip},
    [OptFeatures] = {"features", TileOptionString, "+ptx83",
                     "the target's PTX ISA version (+ptxNN)", NULL,
                     tileCudaCheckFeatures},
};

static void run(MlirOperation op, MlirExternalPass pass,
                const TileOptionValue *values) {
  TileTmaTarget target =
      tileTmaTargetOf(values[OptChip].s, values[OptFeatures].s);
  if (tileForEachKernel(op, decide, &target))
    mlirExternalPassSignalFailure(pass);
}

const TilePassDescriptor tileCudaPathPass = {
    .argument = "tile-cuda-path",
    .name = "TileCudaPath",
    .summary = "Choose the path of each kernel with tile_cuda ops (the one it "
               "names, or the first that fits among those its ops imply) and "
               "refuse, at the op, a choice that path cannot honour",
    .anchor = "func.func",
    .options = options,
    .numOptions = TILE_COUNT(options),
    .run = run,
};
