/* tile-vulkan-limits: every kernel fits the limits the vulkan backend
 * compiles for, whatever the device: 64 KiB of shared memory per block
 * (Vulkan guarantees only 16 KiB; lavapipe states 32 KiB, desktop GPUs 48
 * to 64 KiB), 1024 threads per block, and grids whose block ids fit the
 * kernels' 32-bit index type (the runtime slices grids larger than the
 * device's group count into several dispatches). The runtime checks each
 * device's own limits before it runs a kernel. Before, a kernel with more
 * shared memory than any device has compiled into valid SPIR-V. */
#include "gpu/limits.h"
#include "ir/ir.h"
#include "passes/pass.h"
#include "vulkan/vulkan.h"

static void run(MlirOperation op, MlirExternalPass pass,
                const TileOptionValue *values) {
  (void)values;
  TileGpuLimits limits = {
      .target = "vulkan",
      .sharedBytes = TileVulkanSharedBytes,
      .threads = 1024,
      .grid = {INT32_MAX, INT32_MAX, INT32_MAX},
  };
  if (tileGpuCheckLimits(op, &limits))
    mlirExternalPassSignalFailure(pass);
}

const TilePassDescriptor tileVulkanLimitsPass = {
    .argument = "tile-vulkan-limits",
    .name = "TileVulkanLimits",
    .summary = "Check every kernel against the limits vulkan kernels are "
               "compiled for: shared memory, threads and grid per block",
    .anchor = "func.func",
    .run = run,
};
