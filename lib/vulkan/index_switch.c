/* tile-vulkan-index-switch: an scf.index_switch in a vulkan kernel becomes
 * a chain of scf.if, one per case, the default last. MLIR's SPIR-V
 * conversion has no pattern for scf.index_switch ("failed to legalize
 * operation 'scf.index_switch'"), and the cf.switch that the cf lowering
 * makes of it is unstructured control flow, which the conversion of
 * kernels does not take either. The case bodies move into the scf.if
 * regions as they are: their scf.yield terminators are scf.if's too. */
#include "ir/builder.h"
#include "ir/ir.h"
#include "passes/pass.h"
#include "support/alloc.h"

#include "mlir-c/BuiltinAttributes.h"

#include <stdlib.h>

/* An op `name` with the result types of `like` and `numRegions` empty
 * regions, built with `b`. */
static MlirOperation createWithResultsOf(TileBuilder *b, const char *name,
                                         intptr_t numOperands,
                                         const MlirValue *operands,
                                         MlirOperation like,
                                         intptr_t numRegions) {
  intptr_t numResults = mlirOperationGetNumResults(like);
  MlirType *types =
      tileCallocArray(numResults ? (size_t)numResults : 1, sizeof(MlirType));
  for (intptr_t r = 0; r < numResults; ++r)
    types[r] = mlirValueGetType(mlirOperationGetResult(like, r));
  MlirOperation op = tbCreateWithRegions(
      b, name, numOperands, operands, numResults, types, 0, NULL, numRegions);
  free(types);
  return op;
}

/* The scf.if for case `i` of `op` (and, in its else region, those of the
 * later cases and the default), built with `b`. */
static MlirOperation buildCase(TileBuilder *b, MlirOperation op, intptr_t i) {
  MlirAttribute cases = tileOpGetAttr(op, "cases");
  intptr_t numCases = mlirDenseArrayGetNumElements(cases);
  intptr_t numResults = mlirOperationGetNumResults(op);
  MlirValue cond =
      tbCmpI(b, "eq", mlirOperationGetOperand(op, 0),
             tbConstIndex(b, mlirDenseI64ArrayGetElement(cases, i)));
  MlirOperation branch = createWithResultsOf(b, "scf.if", 1, &cond, op, 2);
  /* Region 0 of the switch is the default, region 1 + i case i. */
  mlirRegionTakeBody(mlirOperationGetRegion(branch, 0),
                     mlirOperationGetRegion(op, 1 + i));
  MlirRegion otherwise = mlirOperationGetRegion(branch, 1);
  if (i + 1 == numCases) {
    mlirRegionTakeBody(otherwise, mlirOperationGetRegion(op, 0));
    return branch;
  }
  MlirBlock block = mlirBlockCreate(0, NULL, NULL);
  mlirRegionAppendOwnedBlock(otherwise, block);
  TileBuilder in = tbAtEnd(block, b->loc);
  MlirOperation next = buildCase(&in, op, i + 1);
  MlirValue *results =
      tileCallocArray(numResults ? (size_t)numResults : 1, sizeof(MlirValue));
  for (intptr_t r = 0; r < numResults; ++r)
    results[r] = mlirOperationGetResult(next, r);
  tbCreate(&in, "scf.yield", numResults, results, 0, NULL, 0, NULL);
  free(results);
  return branch;
}

static void lower(MlirOperation op) {
  intptr_t numResults = mlirOperationGetNumResults(op);
  MlirOperation replacement;
  if (mlirDenseArrayGetNumElements(tileOpGetAttr(op, "cases")) == 0) {
    /* Only the default: an scf.execute_region, which canonicalisation
     * inlines. */
    TileBuilder b = tbBefore(op);
    replacement = createWithResultsOf(&b, "scf.execute_region", 0, NULL, op, 1);
    mlirRegionTakeBody(mlirOperationGetRegion(replacement, 0),
                       mlirOperationGetRegion(op, 0));
  } else {
    TileBuilder b = tbBefore(op);
    replacement = buildCase(&b, op, 0);
  }
  for (intptr_t r = 0; r < numResults; ++r)
    mlirValueReplaceAllUsesOfWith(mlirOperationGetResult(op, r),
                                  mlirOperationGetResult(replacement, r));
  mlirOperationDestroy(op);
}

static void run(MlirOperation root, MlirExternalPass pass,
                const TileOptionValue *options) {
  (void)pass;
  (void)options;
  TileOpList list = {0};
  tileCollectOps(root, "scf.index_switch", &list);
  for (size_t i = 0; i < list.count; ++i)
    lower(list.ops[i]);
  tileOpListFree(&list);
}

const TilePassDescriptor tileVulkanIndexSwitchPass = {
    .argument = "tile-vulkan-index-switch",
    .name = "TileVulkanIndexSwitch",
    .summary = "Turn scf.index_switch into a chain of scf.if (the SPIR-V "
               "conversion has no pattern for it)",
    .anchor = "",
    .run = run,
};
