/* tile-vulkan-verify: the target-neutral rules of the tile_vulkan dialect's
 * ops (vulkan/extension.h), checked before the vulkan lowering reads them. */
#include "passes/pass.h"
#include "vulkan/extension.h"

static void run(MlirOperation op, MlirExternalPass pass,
                const TileOptionValue *values) {
  (void)values;
  if (tileVulkanVerifyExtensionOps(op))
    mlirExternalPassSignalFailure(pass);
}

const TilePassDescriptor tileVulkanVerifyPass = {
    .argument = "tile-vulkan-verify",
    .name = "TileVulkanVerify",
    .summary = "Check the tile_vulkan ops: each directly in a kernel body, at "
               "most one of each per kernel, i64 attributes in range",
    .anchor = "func.func",
    .run = run,
};
