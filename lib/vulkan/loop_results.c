/* tile-vulkan-loop-results: an scf.for that carries values in a vulkan
 * kernel runs inside an scf.if that asks whether it makes an iteration; the
 * other branch yields the loop's initial values. MLIR 22's SPIR-V
 * conversion keeps the results of an scf.for in Function variables that
 * only the loop's body stores, so a loop that made no iteration gave
 * whatever its variables held: 0 on lavapipe instead of its initial values
 * (a sum over an empty range of a thread was 0 whatever it started from),
 * or what an earlier run of the loop, inside an enclosing one, left there.
 * scf.if keeps its results in variables that both branches store. */
#include "ir/builder.h"
#include "ir/ir.h"
#include "passes/pass.h"
#include "support/alloc.h"

#include "mlir-c/Dialect/SCF.h"

#include <stdlib.h>

static MlirWalkResult collect(MlirOperation op, void *userData) {
  if (tileOpIs(op, "scf.for") && mlirOperationGetNumResults(op) > 0)
    tileOpListAppend(userData, op);
  return MlirWalkResultAdvance;
}

static void guard(MlirOperation loop) {
  intptr_t n = mlirOperationGetNumResults(loop);
  MlirType *types = tileCallocArray((size_t)n, sizeof(MlirType));
  MlirValue *values = tileCallocArray((size_t)n, sizeof(MlirValue));
  for (intptr_t r = 0; r < n; ++r)
    types[r] = mlirValueGetType(mlirOperationGetResult(loop, r));
  TileBuilder b = tbBefore(loop);
  bool isUnsigned = !mlirAttributeIsNull(tileOpGetAttr(loop, "unsignedCmp"));
  MlirValue runs =
      tbCmpI(&b, isUnsigned ? "ult" : "slt", mlirOperationGetOperand(loop, 0),
             mlirOperationGetOperand(loop, 1));
  MlirOperation branch =
      tbCreateWithRegions(&b, "scf.if", 1, &runs, n, types, 0, NULL, 2);
  for (intptr_t r = 0; r < n; ++r)
    mlirValueReplaceAllUsesOfWith(mlirOperationGetResult(loop, r),
                                  mlirOperationGetResult(branch, r));
  MlirBlock then = mlirBlockCreate(0, NULL, NULL);
  MlirBlock otherwise = mlirBlockCreate(0, NULL, NULL);
  mlirRegionAppendOwnedBlock(mlirOperationGetRegion(branch, 0), then);
  mlirRegionAppendOwnedBlock(mlirOperationGetRegion(branch, 1), otherwise);
  mlirOperationRemoveFromParent(loop);
  mlirBlockAppendOwnedOperation(then, loop);
  for (intptr_t r = 0; r < n; ++r)
    values[r] = mlirOperationGetResult(loop, r);
  TileBuilder inThen = tbAtEnd(then, b.loc);
  tbCreate(&inThen, "scf.yield", n, values, 0, NULL, 0, NULL);
  for (intptr_t r = 0; r < n; ++r)
    values[r] = mlirOperationGetOperand(loop, 3 + r);
  TileBuilder inElse = tbAtEnd(otherwise, b.loc);
  tbCreate(&inElse, "scf.yield", n, values, 0, NULL, 0, NULL);
  free(types);
  free(values);
}

static void run(MlirOperation root, MlirExternalPass pass,
                const TileOptionValue *options) {
  (void)pass;
  (void)options;
  TileOpList list = {0};
  mlirOperationWalk(root, collect, &list, MlirWalkPostOrder);
  for (size_t i = 0; i < list.count; ++i)
    guard(list.ops[i]);
  tileOpListFree(&list);
}

static const TileDialectHandleGetter dialects[] = {
    mlirGetDialectHandle__scf__,
};

const TilePassDescriptor tileVulkanLoopResultsPass = {
    .argument = "tile-vulkan-loop-results",
    .name = "TileVulkanLoopResults",
    .summary = "Run each scf.for that carries values under an scf.if that "
               "gives its initial values when it makes no iteration (the "
               "SPIR-V conversion left its results unset)",
    .anchor = "",
    .dependentDialects = dialects,
    .numDependentDialects = TILE_COUNT(dialects),
    .run = run,
};
