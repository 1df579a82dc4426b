/* tile-cpu-outline-kernels: in a function that holds more than one kernel,
 * each kernel (an outermost scf.parallel over blocks) moves into a private
 * function of its own, called where it was. OpenMP's translation to LLVM IR
 * outlines a parallel region by scanning the whole function that holds it,
 * so a function of n kernels took time in n^2 (a minute for 1000 small
 * kernels); a function per kernel keeps it linear. Values the kernel uses
 * from outside become arguments, constants are copied in. LLVM inlines the
 * calls again when it optimises. The moving itself (tileOutlineOp,
 * passes/outline.h) serves tile-cpu-outline-ops and tile-gpu-outline-ops too.
 */
#include "cpu/lowering.h"

#include "passes/outline.h"

#include "mlir-c/Dialect/LLVM.h"

static MlirWalkResult collectKernel(MlirOperation op, void *userData) {
  if (!tileOpIs(op, "scf.parallel"))
    return MlirWalkResultAdvance;
  tileOpListAppend(userData, op);
  return MlirWalkResultSkip;
}

static void run(MlirOperation module, MlirExternalPass pass,
                const TileOptionValue *options) {
  (void)pass;
  (void)options;
  MlirSymbolTable table = mlirSymbolTableCreate(module);
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
  for (MlirOperation func = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(func); func = mlirOperationGetNextInBlock(func)) {
    if (!tileOpIs(func, "func.func") ||
        mlirRegionIsNull(mlirOperationGetRegion(func, 0)) ||
        mlirBlockIsNull(
            mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0))))
      continue;
    TileOpList kernels = {0};
    mlirOperationWalk(func, collectKernel, &kernels, MlirWalkPreOrder);
    MlirOperation after = func;
    for (size_t i = 0; kernels.count > 1 && i < kernels.count; ++i)
      after =
          tileOutlineOp(func, kernels.ops[i], after, table, "_kernel", false);
    tileOpListFree(&kernels);
  }
  mlirSymbolTableDestroy(table);
}

/* The functions made carry an llvm.linkage attribute. */
static const TileDialectHandleGetter dependent[] = {
    mlirGetDialectHandle__llvm__};

const TilePassDescriptor tileCpuOutlineKernelsPass = {
    .argument = "tile-cpu-outline-kernels",
    .name = "TileCpuOutlineKernels",
    .summary = "Move each kernel of a function that holds several into a "
               "private function of its own, so that OpenMP's translation "
               "takes time linear in the number of kernels",
    .anchor = "builtin.module",
    .dependentDialects = dependent,
    .numDependentDialects = 1,
    .run = run,
};
