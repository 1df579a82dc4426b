/* The tile_vulkan dialect's ops: their target-neutral rules and the
 * choices they state for a kernel. What depends on the kernel (its thread
 * count, its gemm) is checked by the passes that honour the ops. */
#include "vulkan/extension.h"

#include "ir/choices.h"
#include "ir/ir.h"

#include <string.h>

void tileVulkanReadChoices(MlirOperation kernel, TileVulkanChoices *c) {
  memset(c, 0, sizeof(*c));
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(kernel, 0));
  for (MlirOperation op = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op)) {
    if (tileOpIs(op, "tile_vulkan.subgroup")) {
      c->subgroup = op;
      c->size = tileChoiceI64(op, "size");
    } else if (tileOpIs(op, "tile_vulkan.cooperative_matrix")) {
      c->cooperativeMatrix = op;
      c->m = tileChoiceI64(op, "m");
      c->n = tileChoiceI64(op, "n");
      c->k = tileChoiceI64(op, "k");
    }
  }
}

static bool checkSubgroup(MlirOperation op) {
  int64_t size;
  if (!tileCheckChoiceI64(op, "size", &size))
    return false;
  if (size < 1 || size > TileVulkanMaxSubgroup || (size & (size - 1))) {
    tileEmitOpError(op,
                    "expects 'size' to be a power of two from 1 to %d (a "
                    "Vulkan subgroup size), got %lld",
                    TileVulkanMaxSubgroup, (long long)size);
    return false;
  }
  return true;
}

bool tileVulkanCheckOp(MlirOperation op) {
  if (!tileCheckChoicePlacement(op))
    return false;
  if (tileOpIs(op, "tile_vulkan.subgroup"))
    return checkSubgroup(op);
  /* Each attribute is checked, so that every bad one is reported. */
  bool m = tileCheckChoiceInt(op, "m", 1);
  bool n = tileCheckChoiceInt(op, "n", 1);
  bool k = tileCheckChoiceInt(op, "k", 1);
  return m && n && k;
}

unsigned tileVulkanVerifyExtensionOps(MlirOperation root) {
  return tileCheckChoiceOps(root, "tile_vulkan.", tileVulkanCheckOp);
}
