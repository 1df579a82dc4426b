/* libtile_rt_vulkan: the mgpu* runtime ABI that MLIR 22's gpu-to-llvm emits,
 * over Vulkan compute, for host code compiled for the vulkan target. Kernel
 * parameters arrive as (buffer address, byte size) pairs; buffer i is bound
 * to binding i of descriptor set 0. Launches are synchronous. Every failure
 * prints one line on stderr and exits with status 1, but for the refusals a
 * caller catches (common/refusals.h: tileRtCatchRefusals). */
#ifndef TILE_RT_VULKAN_H
#define TILE_RT_VULKAN_H

#include "../common/refusals.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define TILE_RT_VULKAN_EXPORT __attribute__((visibility("default")))

#ifdef __cplusplus
extern "C" {
#endif

TILE_RT_VULKAN_EXPORT void *mgpuModuleLoad(const void *spirv, size_t bytes);
TILE_RT_VULKAN_EXPORT void mgpuModuleUnload(void *module);
TILE_RT_VULKAN_EXPORT void *mgpuModuleGetFunction(void *module,
                                                  const char *name);
TILE_RT_VULKAN_EXPORT void
mgpuLaunchKernel(void *function, intptr_t gridX, intptr_t gridY, intptr_t gridZ,
                 intptr_t blockX, intptr_t blockY, intptr_t blockZ,
                 int32_t sharedBytes, void *stream, void **params, void **extra,
                 size_t paramsCount);
TILE_RT_VULKAN_EXPORT void *mgpuStreamCreate(void);
TILE_RT_VULKAN_EXPORT void mgpuStreamDestroy(void *stream);
TILE_RT_VULKAN_EXPORT void mgpuStreamSynchronize(void *stream);
TILE_RT_VULKAN_EXPORT void mgpuStreamWaitEvent(void *stream, void *event);
TILE_RT_VULKAN_EXPORT void *mgpuEventCreate(void);
TILE_RT_VULKAN_EXPORT void mgpuEventDestroy(void *event);
TILE_RT_VULKAN_EXPORT void mgpuEventSynchronize(void *event);
TILE_RT_VULKAN_EXPORT void mgpuEventRecord(void *event, void *stream);

/* Called by host code compiled for vulkan just before a launch, for an
 * index value the kernel cannot take (its 32-bit index): launch operand
 * `argument` is `value` (`dimension` -1), or dimension `dimension` of that
 * buffer is `value`, or the buffer has more than `value` - 1 elements
 * (`dimension` -2). The launch that follows on the same thread then
 * reports it, naming the kernel, and exits with status 1. */
TILE_RT_VULKAN_EXPORT void
tileRtVulkanIndexOutOfRange(int32_t argument, int32_t dimension, int64_t value);

/* Called by host code compiled for vulkan just before the launch of a
 * kernel compiled for subgroups of `size` invocations (tile_vulkan.subgroup):
 * the launch that follows on the same thread asks the device for that size,
 * or, when the device cannot run it, reports so and exits with status 1. */
TILE_RT_VULKAN_EXPORT void tileRtVulkanSubgroupSize(int32_t size);

/* Called by host code compiled for vulkan just before the launch of a
 * kernel that shuffles values within groups of up to `lanes` invocations
 * (gpu.shuffle widths): the launch that follows on the same thread runs it
 * in subgroups of at least that many, asking the device for such a size
 * where it can choose, or, when it cannot, reports so and exits with
 * status 1. */
TILE_RT_VULKAN_EXPORT void tileRtVulkanMinSubgroupSize(int32_t lanes);

/* True when a Vulkan 1.1 compute device is usable; otherwise false with
 * the reason in `why` (truncated to `size`). Creates no device and never
 * exits. */
TILE_RT_VULKAN_EXPORT bool tileRtVulkanAvailable(char *why, size_t size);

#ifdef __cplusplus
}
#endif

#endif
