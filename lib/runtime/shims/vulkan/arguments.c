/* Index arguments that do not fit vulkan kernels' 32-bit index: the host
 * code compiled for vulkan reports such a value just before the launch it
 * belongs to (lib/vulkan/index_arguments.c), and the launch then refuses
 * to run, naming the kernel, instead of running on truncated sizes. */
#include "shim.h"
#include "tile_rt_vulkan.h"

typedef struct {
  bool pending;
  int32_t argument, dimension;
  int64_t value;
} OutOfRange;

/* Set and taken on the thread that runs the host code of one launch. */
static _Thread_local OutOfRange outOfRange;

TILE_RT_VULKAN_EXPORT void tileRtVulkanIndexOutOfRange(int32_t argument,
                                                       int32_t dimension,
                                                       int64_t value) {
  if (!outOfRange.pending)
    outOfRange = (OutOfRange){true, argument, dimension, value};
}

void tileRtVulkanCheckIndexArguments(const TileRtVulkanFunction *f) {
  OutOfRange o = outOfRange;
  outOfRange.pending = false;
  if (!o.pending)
    return;
  const char *limit = "vulkan kernels index with 32 bits, so sizes and "
                      "indices must lie below 2^31";
  if (o.dimension == -1)
    tileRtVulkanRefuse("kernel '%s': its index argument %d is %lld; %s",
                       f->name, o.argument, (long long)o.value, limit);
  if (o.dimension == -2)
    tileRtVulkanRefuse("kernel '%s': its buffer argument %d has more than %lld "
                       "elements; %s",
                       f->name, o.argument, (long long)o.value - 1, limit);
  if (o.dimension == -3 || o.dimension == -4)
    tileRtVulkanRefuse("kernel '%s': %s of its buffer argument %d is %lld; "
                       "vulkan kernels take strided buffers of strides and "
                       "offsets of 0 or more",
                       f->name, o.dimension == -3 ? "a stride" : "the offset",
                       o.argument, (long long)o.value);
  if (o.dimension == -5)
    tileRtVulkanRefuse("kernel '%s': its buffer argument %d spans more than "
                       "%lld elements from its base; %s",
                       f->name, o.argument, (long long)o.value - 1, limit);
  tileRtVulkanRefuse(
      "kernel '%s': dimension %d of its buffer argument %d is %lld; %s",
      f->name, o.dimension, o.argument, (long long)o.value, limit);
}
