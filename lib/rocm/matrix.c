/* tile-rocm-matrix: runs the gemm of eligible kernels on AMDGPU matrix
 * cores (amdgpu.mfma on CDNA, amdgpu.wmma on RDNA3/4); other kernels and
 * every other tile op are left to the SIMT lowering. */
#include "rocm/matrix.h"

#include "ir/ir.h"
#include "passes/pass.h"
#include "rocm/rocm.h"
#include "tile/dialect.h"

#include "mlir-c/Dialect/AMDGPU.h"
#include "mlir-c/Dialect/GPU.h"
#include "mlir-c/Dialect/SCF.h"
#include "mlir-c/Dialect/Vector.h"

#include <stdio.h>

/* A shared tile of rows x (cols + TileRocmLdsPad) elements of `like`'s
 * type, where `like`'s tile.alloc was. */
static MlirValue paddedTile(MlirValue like, int64_t rows, int64_t cols) {
  MlirOperation old = mlirOpResultGetOwner(like);
  TileBuilder b = tbBefore(old);
  MlirType type = mlirValueGetType(like);
  MlirType padded = mlirMemRefTypeGet(
      tileElementType(type), 2, (const int64_t[]){rows, cols + TileRocmLdsPad},
      mlirAttributeGetNull(), mlirMemRefTypeGetMemorySpace(type));
  return tbResult(tbCreate(&b, "tile.alloc", 0, NULL, 1, &padded, 0, NULL));
}

typedef struct {
  int64_t bytes;
} SharedBytes;

/* tile-rocm-limits has already bounded every shared tile by the chip's LDS,
 * so the sum cannot overflow. */
static MlirWalkResult addShared(MlirOperation op, void *userData) {
  SharedBytes *sum = userData;
  if (!tileOpIs(op, "tile.alloc"))
    return MlirWalkResultAdvance;
  MlirType type = mlirValueGetType(mlirOperationGetResult(op, 0));
  if (tileMemRefTypeGetScope(type) != TileScopeShared ||
      !mlirShapedTypeHasStaticShape(type))
    return MlirWalkResultAdvance;
  MlirType elem = mlirShapedTypeGetElementType(type);
  int64_t bytes = mlirTypeIsAFloat(elem) ? mlirFloatTypeGetWidth(elem) / 8
                  : mlirTypeIsAInteger(elem)
                      ? (mlirIntegerTypeGetWidth(elem) + 7) / 8
                      : 8;
  for (intptr_t d = 0; d < mlirShapedTypeGetRank(type); ++d)
    bytes *= mlirShapedTypeGetDimSize(type, d);
  sum->bytes += bytes;
  return MlirWalkResultAdvance;
}

/* Whether the kernel's shared tiles still fit the chip's LDS with A's and
 * B's rows padded: a kernel that fits unpadded keeps fitting. */
static bool paddingFits(const TileRocmMatrixPlan *p) {
  const TileMmaPlan *q = &p->base;
  SharedBytes sum = {0};
  mlirOperationWalk(q->kernel, addShared, &sum, MlirWalkPreOrder);
  sum.bytes += (q->bm + q->bn) * TileRocmLdsPad * 2; /* 2 bytes or less */
  return sum.bytes <= p->ldsBytes;
}

/* When both copies split evenly over the threads, they become branch-free
 * element copies into padded K-major tiles (B transposed on the way in, so
 * that its operand reads are contiguous like A's), or into the tiles as
 * they are when the padding would not fit the LDS; otherwise the copies
 * stay tile.copy ops for the SIMT path.
 * tile-gpu-barriers orders the copies against the operand reads. */
static void lowerCopies(TileRocmMatrixPlan *p, const TileMmaThread *t) {
  TileMmaPlan *q = &p->base;
  if (!tileRocmMatrixCopyFits(q, q->copyA) ||
      !tileRocmMatrixCopyFits(q, q->copyB))
    return;
  if (!paddingFits(p)) {
    tileRocmMatrixEmitCopy(q, t, q->copyA, q->a, false);
    tileRocmMatrixEmitCopy(q, t, q->copyB, q->b, false);
    return;
  }
  q->a = paddedTile(q->a, q->bm, q->bk);
  q->b = paddedTile(q->b, q->bn, q->bk);
  tileRocmMatrixEmitCopy(q, t, q->copyA, q->a, false);
  tileRocmMatrixEmitCopy(q, t, q->copyB, q->b, !q->transposeB);
  p->bKMajor = true;
  q->pad = TileRocmLdsPad;
}

/* The accumulator becomes this thread's registers in the instruction's
 * layout; the gemm reads A and B from their shared tiles. */
static void lowerKernel(TileRocmMatrixPlan *p) {
  TileMmaPlan *q = &p->base;
  MlirBlock body =
      mlirRegionGetFirstBlock(mlirOperationGetRegion(q->kernel, 0));
  TileBuilder b = tbBefore(mlirBlockGetFirstOperation(body));
  TileMmaThread t = tileRocmMatrixThread(&b, p);
  MlirValue acc = tileMmaAllocAccumulator(&b, q->local, q->accElem);
  tileMmaRewriteAccumulatorUses(q, &t, acc);
  MlirValue oldA = q->a, oldB = q->b;
  lowerCopies(p, &t);
  TileBuilder at = tbBefore(q->gemms[0]);
  tileRocmMatrixEmitGemm(&at, p, &t, acc);
  mlirOperationDestroy(q->gemms[0]);
  mlirOperationDestroy(mlirOpResultGetOwner(q->acc));
  /* Padded tiles replaced A and B: the old ones have no user left. */
  if (!mlirValueEqual(oldA, q->a)) {
    mlirOperationDestroy(mlirOpResultGetOwner(oldA));
    mlirOperationDestroy(mlirOpResultGetOwner(oldB));
  }
}

typedef struct {
  const char *chip;
} Run;

static unsigned planAndLower(MlirOperation kernel, void *userData) {
  const Run *run = userData;
  TileRocmMatrixPlan plan;
  if (!tileRocmMatrixPlanKernel(kernel, run->chip, &plan))
    return 0;
  const TileRocmChip *chip = tileRocmFindChip(run->chip);
  plan.ldsBytes = chip ? chip->sharedBytes : 0;
  lowerKernel(&plan);
  return 0;
}

enum { OptChip };

static const TilePassOption options[] = {
    [OptChip] = {"chip", TileOptionString, "gfx942",
                 "the AMDGPU chip: MFMA on gfx908/gfx90a/gfx942/gfx950, WMMA "
                 "on gfx1100/gfx1201; other chips keep the SIMT path",
                 NULL},
};

static void run(MlirOperation op, MlirExternalPass pass,
                const TileOptionValue *values) {
  (void)pass;
  Run r = {values[OptChip].s};
  tileForEachKernel(op, planAndLower, &r);
}

static const TileDialectHandleGetter dependent[] = {
    mlirGetDialectHandle__gpu__, mlirGetDialectHandle__amdgpu__,
    mlirGetDialectHandle__vector__, mlirGetDialectHandle__scf__};

const TilePassDescriptor tileRocmMatrixPass = {
    .argument = "tile-rocm-matrix",
    .name = "TileRocmMatrix",
    .summary = "Run the gemm of eligible kernels on AMDGPU matrix cores "
               "(amdgpu.mfma on CDNA, amdgpu.wmma on RDNA3/4) with operands "
               "read from the shared tiles; other kernels are left to the "
               "SIMT lowering",
    .anchor = "func.func",
    .options = options,
    .numOptions = TILE_COUNT(options),
    .dependentDialects = dependent,
    .numDependentDialects = TILE_COUNT(dependent),
    .run = run,
};
