/* tile-rocm-matrix: runs the gemm of eligible kernels on AMDGPU matrix
 * cores (amdgpu.mfma on CDNA, amdgpu.wmma on RDNA3/4); other kernels and
 * every other tile op are left to the SIMT lowering. */
#include "rocm/matrix.h"

#include "ir/ir.h"
#include "passes/pass.h"

#include "mlir-c/Dialect/AMDGPU.h"
#include "mlir-c/Dialect/GPU.h"
#include "mlir-c/Dialect/SCF.h"
#include "mlir-c/Dialect/Vector.h"

#include <stdio.h>

/* The copies into A and B become branch-free element copies (or stay
 * tile.copy ops for the SIMT path when they do not split evenly over the
 * threads); tile-gpu-barriers orders them against the operand reads. The
 * accumulator becomes this thread's registers in the instruction's layout. */
static void lowerKernel(TileRocmMatrixPlan *p) {
  TileMmaPlan *q = &p->base;
  MlirBlock body =
      mlirRegionGetFirstBlock(mlirOperationGetRegion(q->kernel, 0));
  TileBuilder b = tbBefore(mlirBlockGetFirstOperation(body));
  TileMmaThread t = tileRocmMatrixThread(&b, p);
  char text[96];
  snprintf(text, sizeof(text), "memref<%lldxf32>", (long long)q->local);
  MlirType accType = tbParseType(&b, text);
  MlirNamedAttribute segments =
      tbNamed(&b, "operandSegmentSizes",
              mlirDenseI32ArrayGet(b.ctx, 2, (const int32_t[]){0, 0}));
  MlirValue acc = tbResult(
      tbCreate(&b, "memref.alloca", 0, NULL, 1, &accType, 1, &segments));
  tileMmaRewriteAccumulatorUses(q, &t, acc);
  MlirOperation copies[] = {q->copyA, q->copyB};
  for (int i = 0; i < 2; ++i)
    if (tileRocmMatrixCopyFits(q, copies[i]))
      tileRocmMatrixEmitCopy(q, &t, copies[i]);
  TileBuilder at = tbBefore(q->gemms[0]);
  tileRocmMatrixEmitGemm(&at, p, &t, acc);
  mlirOperationDestroy(q->gemms[0]);
  mlirOperationDestroy(mlirOpResultGetOwner(q->acc));
}

typedef struct {
  const char *chip;
} Run;

static unsigned planAndLower(MlirOperation kernel, void *userData) {
  const Run *run = userData;
  TileRocmMatrixPlan plan;
  if (tileRocmMatrixPlanKernel(kernel, run->chip, &plan))
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
