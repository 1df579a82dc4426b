/* tile-rocm-matrix: runs the gemm of eligible kernels on AMDGPU matrix
 * cores (amdgpu.mfma on CDNA, amdgpu.wmma on RDNA3/4); other kernels and
 * every other tile op are left to the SIMT lowering. A kernel's tile_rocm
 * ops (rocm/extension.h) fix the instruction shape and the LDS padding:
 * obeyed and erased, or refused at the op with the reason. */
#include "rocm/matrix.h"

#include "gpu/limits.h"
#include "ir/choices.h"
#include "ir/ir.h"
#include "passes/pass.h"
#include "rocm/extension.h"
#include "rocm/rocm.h"
#include "tile/dialect.h"

#include "mlir-c/Dialect/AMDGPU.h"
#include "mlir-c/Dialect/GPU.h"
#include "mlir-c/Dialect/SCF.h"
#include "mlir-c/Dialect/Vector.h"

#include <stdint.h>
#include <stdio.h>

/* A shared tile of rows x (cols + pad) elements of `like`'s type, where
 * `like`'s tile.alloc was. */
static MlirValue paddedTile(MlirValue like, int64_t rows, int64_t cols,
                            int64_t pad) {
  MlirOperation old = mlirOpResultGetOwner(like);
  TileBuilder b = tbBefore(old);
  MlirType type = mlirValueGetType(like);
  MlirType padded = mlirMemRefTypeGet(
      tileElementType(type), 2, (const int64_t[]){rows, cols + pad},
      mlirAttributeGetNull(), mlirMemRefTypeGetMemorySpace(type));
  return tbResult(tbCreate(&b, "tile.alloc", 0, NULL, 1, &padded, 0, NULL));
}

/* The LDS bytes of the kernel's shared tiles with A's and B's rows padded
 * by `pad` elements of `elemBytes` each; INT64_MAX when that overflows. A
 * kernel that fits unpadded keeps fitting. */
static int64_t paddedBytes(const TileRocmMatrixPlan *p, int64_t pad,
                           int64_t elemBytes) {
  const TileMmaPlan *q = &p->base;
  int64_t extra;
  if (__builtin_mul_overflow(q->bm + q->bn, pad, &extra) ||
      __builtin_mul_overflow(extra, elemBytes, &extra) ||
      __builtin_add_overflow(tileGpuSharedTileBytes(q->kernel), extra, &extra))
    return INT64_MAX;
  return extra;
}

/* How the copies that fill A and B are lowered. */
typedef enum {
  CopiesSimt,     /* they stay tile.copy ops for the SIMT path */
  CopiesDeclared, /* element copies into the tiles as declared */
  CopiesPadded    /* element copies into padded K-major tiles */
} CopyLayout;

/* The default: padded by TileRocmLdsPad when both copies split evenly over
 * the threads and the padding fits the LDS (counting 2 bytes per element,
 * the most A and B have), else as declared. */
static CopyLayout defaultLayout(const TileRocmMatrixPlan *p, int64_t *pad) {
  const TileMmaPlan *q = &p->base;
  *pad = TileRocmLdsPad;
  if (!tileRocmMatrixCopyFits(q, q->copyA) ||
      !tileRocmMatrixCopyFits(q, q->copyB))
    return CopiesSimt;
  return paddedBytes(p, TileRocmLdsPad, 2) <= p->ldsBytes ? CopiesPadded
                                                          : CopiesDeclared;
}

/* The layout tile_rocm.lds_layout {pad} asks for, or false after saying in
 * `why` why it cannot be had. pad = 0 keeps the tiles as declared. */
static bool requestedLayout(const TileRocmMatrixPlan *p, const char *chip,
                            int64_t pad, CopyLayout *layout, TileStrBuf *why) {
  const TileMmaPlan *q = &p->base;
  bool even = tileRocmMatrixCopyFits(q, q->copyA) &&
              tileRocmMatrixCopyFits(q, q->copyB);
  if (pad == 0) {
    *layout = even ? CopiesDeclared : CopiesSimt;
    return true;
  }
  if (!even) {
    tileStrBufPrintf(why,
                     "the copies that fill A (%lldx%lld) and B do not both "
                     "split evenly over the kernel's %lld threads, so the "
                     "path keeps A and B as declared",
                     (long long)q->bm, (long long)q->bk, (long long)q->threads);
    return false;
  }
  int64_t elemBytes = mlirTypeIsAInteger(q->elem) ? 1 : 2;
  int64_t bytes = paddedBytes(p, pad, elemBytes);
  if (bytes > p->ldsBytes) {
    if (bytes == INT64_MAX)
      tileStrBufPrintf(why,
                       "A and B with rows padded by %lld elements "
                       "exceed the range of LDS byte counts",
                       (long long)pad);
    else
      tileStrBufPrintf(why,
                       "the kernel's shared tiles with A's and B's rows "
                       "padded by %lld elements take %lld bytes of LDS; %s "
                       "has %lld",
                       (long long)pad, (long long)bytes, chip,
                       (long long)p->ldsBytes);
    return false;
  }
  *layout = CopiesPadded;
  return true;
}

/* Element copies into the tiles as declared or into padded K-major tiles
 * (B transposed on the way in, so that its operand reads are contiguous
 * like A's); CopiesSimt leaves the copies to the SIMT path.
 * tile-gpu-barriers orders the copies against the operand reads. */
static void lowerCopies(TileRocmMatrixPlan *p, const TileMmaThread *t,
                        CopyLayout layout, int64_t pad) {
  TileMmaPlan *q = &p->base;
  if (layout == CopiesSimt)
    return;
  if (layout == CopiesDeclared) {
    tileRocmMatrixEmitCopy(q, t, q->copyA, q->a, false);
    tileRocmMatrixEmitCopy(q, t, q->copyB, q->b, false);
    return;
  }
  q->a = paddedTile(q->a, q->bm, q->bk, pad);
  q->b = paddedTile(q->b, q->bn, q->bk, pad);
  tileRocmMatrixEmitCopy(q, t, q->copyA, q->a, false);
  tileRocmMatrixEmitCopy(q, t, q->copyB, q->b, !q->transposeB);
  p->bKMajor = true;
  q->pad = pad;
}

/* The accumulator becomes this thread's registers in the instruction's
 * layout; the gemm reads A and B from their shared tiles. */
static void lowerKernel(TileRocmMatrixPlan *p, CopyLayout layout, int64_t pad) {
  TileMmaPlan *q = &p->base;
  MlirBlock body =
      mlirRegionGetFirstBlock(mlirOperationGetRegion(q->kernel, 0));
  TileBuilder b = tbBefore(mlirBlockGetFirstOperation(body));
  TileMmaThread t = tileRocmMatrixThread(&b, p);
  MlirValue acc = tileMmaAllocAccumulator(&b, q->local, q->accElem);
  tileMmaRewriteAccumulatorUses(q, &t, acc);
  MlirValue oldA = q->a, oldB = q->b;
  lowerCopies(p, &t, layout, pad);
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

static int64_t chipLds(const char *name) {
  const TileRocmChip *chip = tileRocmFindChip(name);
  return chip ? chip->sharedBytes : 0;
}

/* Reports at `op` (when present) that its choice cannot be honoured. */
static unsigned refuseChoice(MlirOperation op, const char *what,
                             const TileStrBuf *why) {
  if (mlirOperationIsNull(op))
    return 0;
  return tileRefuseChoice(op, "%s%s", what, tileStrBufGet(why));
}

/* A kernel with tile_rocm ops: the path obeys them or reports at each op
 * why it cannot; they are erased once honoured. */
static unsigned planWithChoices(MlirOperation kernel, const char *chip,
                                TileRocmChoices *c) {
  TileRocmMatrixPlan plan;
  TileStrBuf why = TILE_STRBUF_INIT;
  const int64_t shape[3] = {c->m, c->n, c->k};
  bool hasShape = !mlirOperationIsNull(c->matrixShape);
  unsigned errors = 0;
  if (!tileRocmMatrixPlanKernel(kernel, chip, hasShape ? shape : NULL, &plan,
                                &why)) {
    char what[80];
    snprintf(what, sizeof(what),
             "the kernel does not take the matrix path on %s: ", chip);
    errors = refuseChoice(c->matrixShape, what, &why) +
             refuseChoice(c->ldsLayout, what, &why);
    tileStrBufFree(&why);
    return errors;
  }
  /* Instructions tried before the one that fits left their reasons. */
  tileStrBufClear(&why);
  plan.ldsBytes = chipLds(chip);
  int64_t pad;
  CopyLayout layout = defaultLayout(&plan, &pad);
  if (!mlirOperationIsNull(c->ldsLayout)) {
    pad = c->pad;
    if (!requestedLayout(&plan, chip, pad, &layout, &why))
      errors = refuseChoice(c->ldsLayout, "", &why);
  }
  tileStrBufFree(&why);
  if (errors)
    return errors;
  tileRocmEraseChoices(c);
  lowerKernel(&plan, layout, pad);
  return 0;
}

static unsigned planAndLower(MlirOperation kernel, void *userData) {
  const Run *run = userData;
  TileRocmChoices choices;
  tileRocmReadChoices(kernel, &choices);
  if (!mlirOperationIsNull(choices.matrixShape) ||
      !mlirOperationIsNull(choices.ldsLayout))
    return planWithChoices(kernel, run->chip, &choices);
  TileRocmMatrixPlan plan;
  if (!tileRocmMatrixPlanKernel(kernel, run->chip, NULL, &plan, NULL))
    return 0;
  plan.ldsBytes = chipLds(run->chip);
  int64_t pad;
  CopyLayout layout = defaultLayout(&plan, &pad);
  lowerKernel(&plan, layout, pad);
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
  Run r = {values[OptChip].s};
  if (tileForEachKernel(op, planAndLower, &r))
    mlirExternalPassSignalFailure(pass);
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
