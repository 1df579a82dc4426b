/* tile-gpu-hoist-allocas: a memref.alloca of static shape in a kernel (a
 * thread's own array, e.g. in a thread-parallel loop's body) moves to the
 * start of the kernel. Left in a loop, LLVM allocates it anew on the stack
 * at each iteration, dynamically: the AMDGPU back end aborted ("Cannot
 * select: dynamic_stackalloc"), and SPIR-V takes Function variables only
 * at the start of a function ("failed to legalize operation
 * 'memref.alloca'"). An alloca's contents are undefined when it is made,
 * so one array reused by every iteration means the same. Allocas of
 * dynamic size stay (and are refused where the target cannot make them). */
#include "ir/ir.h"
#include "passes/pass.h"

#include "mlir-c/BuiltinTypes.h"

static MlirWalkResult collectAlloca(MlirOperation op, void *userData) {
  if (tileOpIs(op, "memref.alloca") && mlirOperationGetNumOperands(op) == 0 &&
      mlirShapedTypeHasStaticShape(
          mlirValueGetType(mlirOperationGetResult(op, 0))))
    tileOpListAppend(userData, op);
  return MlirWalkResultAdvance;
}

static void hoist(MlirOperation kernel) {
  MlirBlock entry = mlirRegionGetFirstBlock(mlirOperationGetRegion(kernel, 0));
  if (mlirBlockIsNull(entry))
    return;
  TileOpList allocas = {0};
  mlirOperationWalk(kernel, collectAlloca, &allocas, MlirWalkPreOrder);
  MlirOperation first = mlirBlockGetFirstOperation(entry);
  for (size_t i = 0; i < allocas.count; ++i) {
    MlirOperation op = allocas.ops[i];
    if (mlirBlockEqual(mlirOperationGetBlock(op), entry))
      continue;
    mlirOperationMoveBefore(op, first);
  }
  tileOpListFree(&allocas);
}

static void run(MlirOperation op, MlirExternalPass pass,
                const TileOptionValue *options) {
  (void)pass;
  (void)options;
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0));
  for (MlirOperation child = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(child); child = mlirOperationGetNextInBlock(child))
    if (tileOpIs(child, "gpu.func") || tileOpIs(child, "func.func"))
      hoist(child);
}

const TilePassDescriptor tileGpuHoistAllocasPass = {
    .argument = "tile-gpu-hoist-allocas",
    .name = "TileGpuHoistAllocas",
    .summary = "Move allocas of static shape to the start of their kernel or "
               "device function (no dynamic stack allocation in loops)",
    .anchor = "gpu.module",
    .run = run,
};
