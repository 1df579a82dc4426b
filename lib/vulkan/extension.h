/* The tile_vulkan dialect (dialects/tile_vulkan.irdl.mlir): the choices a
 * kernel states for the vulkan backend, read from the ops in its body. */
#ifndef TILE_VULKAN_EXTENSION_H
#define TILE_VULKAN_EXTENSION_H

#include "mlir-c/IR.h"

#include <stdbool.h>
#include <stdint.h>

/* The tile_vulkan ops of one kernel; a null op where the kernel states no
 * such choice. Values are read only after tile-vulkan-verify's rules
 * hold. */
typedef struct {
  MlirOperation subgroup;          /* tile_vulkan.subgroup {size} */
  MlirOperation cooperativeMatrix; /* tile_vulkan.cooperative_matrix {m,n,k} */
  int64_t size, m, n, k;
} TileVulkanChoices;

/* Reads the tile_vulkan ops directly in `kernel`'s body. */
void tileVulkanReadChoices(MlirOperation kernel, TileVulkanChoices *choices);

/* Checks the rules of tile_vulkan op `op` that do not depend on the
 * device (below), reporting at the op; passes that read an op check it
 * first, so that they also hold on input tile-vulkan-verify did not see. */
bool tileVulkanCheckOp(MlirOperation op);

/* Checks the rules of every tile_vulkan op under `root` that do not depend
 * on the device (placement, one op of each kind per kernel, attribute
 * types and ranges), reporting each broken one at its op; returns the
 * error count. */
unsigned tileVulkanVerifyExtensionOps(MlirOperation root);

/* The largest subgroup a Vulkan device has (VkPhysicalDeviceSubgroup-
 * SizeControlProperties.maxSubgroupSize is at most 128). */
enum { TileVulkanMaxSubgroup = 128 };

#endif
