/* tile-vulkan-entry-abi: gives every kernel the SPIR-V entry point ABI
 * (its workgroup size) that convert-gpu-to-spirv requires, from its
 * known_block_size; a kernel that states spirv.entry_point_abi itself keeps
 * it. */
#include "ir/builder.h"
#include "ir/ir.h"
#include "passes/pass.h"

#include "mlir-c/Dialect/SPIRV.h"

#include <stdio.h>

static MlirWalkResult annotate(MlirOperation op, void *userData) {
  unsigned *errors = userData;
  if (!tileOpIs(op, "gpu.func") ||
      mlirAttributeIsNull(tileOpGetAttr(op, "gpu.kernel")) ||
      !mlirAttributeIsNull(tileOpGetAttr(op, "spirv.entry_point_abi")))
    return MlirWalkResultAdvance;
  MlirAttribute size = tileOpGetAttr(op, "known_block_size");
  if (mlirAttributeIsNull(size) || mlirDenseArrayGetNumElements(size) != 3) {
    tileEmitOpError(op, "needs a workgroup size, which SPIR-V fixes in the "
                        "kernel: give it known_block_size (or "
                        "spirv.entry_point_abi), or launch it with constant "
                        "block sizes");
    ++*errors;
    return MlirWalkResultAdvance;
  }
  char text[160];
  snprintf(text, sizeof(text),
           "#spirv.entry_point_abi<workgroup_size = [%d, %d, %d]>",
           mlirDenseI32ArrayGetElement(size, 0),
           mlirDenseI32ArrayGetElement(size, 1),
           mlirDenseI32ArrayGetElement(size, 2));
  TileBuilder b = tbBefore(op);
  mlirOperationSetDiscardableAttributeByName(
      op, tileRef("spirv.entry_point_abi"), tbParseAttr(&b, text));
  return MlirWalkResultAdvance;
}

static void run(MlirOperation op, MlirExternalPass pass,
                const TileOptionValue *options) {
  (void)options;
  tilePassRunCheck(op, pass, annotate);
}

/* The attribute is parsed while the pass runs, on any thread. */
static const TileDialectHandleGetter dependent[] = {
    mlirGetDialectHandle__spirv__};

const TilePassDescriptor tileVulkanEntryAbiPass = {
    .argument = "tile-vulkan-entry-abi",
    .name = "TileVulkanEntryAbi",
    .summary = "Set spirv.entry_point_abi (the workgroup size) on every GPU "
               "kernel",
    .anchor = "gpu.module",
    .dependentDialects = dependent,
    .numDependentDialects = TILE_COUNT(dependent),
    .run = run,
};
