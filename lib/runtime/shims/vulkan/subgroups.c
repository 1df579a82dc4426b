/* Subgroups: what the device offers, and the size a kernel compiled for
 * one (tile_vulkan.subgroup) gets. Such a kernel numbers its threads lane
 * by lane and shuffles within subgroups of that size, so any other size
 * would give wrong results, not an error: the launch is refused instead.
 * A device with subgroup size control is asked for the size (and for full
 * subgroups); one without runs its one size, which must be the kernel's.
 * A kernel that shuffles within groups of W lanes (gpu.shuffle) needs
 * subgroups of at least W: it gets the smallest such size the device can
 * be asked for, else the device's own size if that is wide enough, else
 * the launch is refused. */
#include "shim.h"
#include "tile_rt_vulkan.h"

#include <stdio.h>

void tileRtVulkanDescribeSubgroups(const TileRtVulkanApi *api,
                                   VkPhysicalDevice physical,
                                   uint32_t apiVersion, bool hasSizeControlExt,
                                   TileRtVulkanSubgroups *s) {
  bool core13 = apiVersion >= VK_API_VERSION_1_3;
  bool control = core13 || hasSizeControlExt;
  VkPhysicalDeviceSubgroupSizeControlProperties range = {
      .sType =
          VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SUBGROUP_SIZE_CONTROL_PROPERTIES};
  VkPhysicalDeviceSubgroupProperties basic = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SUBGROUP_PROPERTIES,
      .pNext = control ? &range : NULL};
  VkPhysicalDeviceProperties2 properties = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2, .pNext = &basic};
  api->vkGetPhysicalDeviceProperties2(physical, &properties);
  VkPhysicalDeviceSubgroupSizeControlFeatures features = {
      .sType =
          VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SUBGROUP_SIZE_CONTROL_FEATURES};
  VkPhysicalDeviceFeatures2 all = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2,
      .pNext = &features};
  if (control)
    api->vkGetPhysicalDeviceFeatures2(physical, &all);
  *s = (TileRtVulkanSubgroups){
      .size = basic.subgroupSize,
      .stages = basic.supportedStages,
      .operations = basic.supportedOperations,
      .minSize = basic.subgroupSize,
      .maxSize = basic.subgroupSize,
      .sizeControl = control && features.subgroupSizeControl,
      .fullSubgroups = control && features.computeFullSubgroups,
      .sizeControlExt = !core13 && hasSizeControlExt};
  if (s->sizeControl) {
    s->minSize = range.minSubgroupSize;
    s->maxSize = range.maxSubgroupSize;
    s->requiredStages = range.requiredSubgroupSizeStages;
  }
}

/* Whether a compute pipeline can require subgroups of `size`. */
static bool canRequire(const TileRtVulkanSubgroups *s, uint32_t size) {
  return s->sizeControl && (s->requiredStages & VK_SHADER_STAGE_COMPUTE_BIT) &&
         size >= s->minSize && size <= s->maxSize;
}

/* The size to ask for a kernel that shuffles within `lanes` (0: none). */
static uint32_t atLeast(const TileRtVulkanSubgroups *s, uint32_t lanes) {
  uint32_t size = lanes > s->minSize ? lanes : s->minSize;
  return lanes && canRequire(s, size) ? size : 0;
}

uint32_t tileRtVulkanRequiredSubgroupSize(const TileRtVulkanDevice *d,
                                          const TileRtVulkanFunction *f) {
  if (f->subgroupSize)
    return canRequire(&d->subgroups, f->subgroupSize) ? f->subgroupSize : 0;
  return atLeast(&d->subgroups, f->minSubgroupSize);
}

/* Set and taken on the thread that runs the host code of one launch. */
static _Thread_local uint32_t toldSize, toldLanes;

static uint32_t take(uint32_t *told) {
  uint32_t value = *told;
  *told = 0;
  return value;
}

TILE_RT_VULKAN_EXPORT void tileRtVulkanSubgroupSize(int32_t size) {
  toldSize = size > 0 ? (uint32_t)size : 0;
}

TILE_RT_VULKAN_EXPORT void tileRtVulkanMinSubgroupSize(int32_t lanes) {
  toldLanes = lanes > 0 ? (uint32_t)lanes : 0;
}

uint32_t tileRtVulkanTakeSubgroupSize(void) { return take(&toldSize); }

uint32_t tileRtVulkanTakeMinSubgroupSize(void) { return take(&toldLanes); }

static void checkShuffles(const TileRtVulkanDevice *d,
                          const TileRtVulkanFunction *f, const char *why) {
  const TileRtVulkanSubgroups *s = &d->subgroups;
  VkSubgroupFeatureFlags needed =
      VK_SUBGROUP_FEATURE_BASIC_BIT | VK_SUBGROUP_FEATURE_SHUFFLE_BIT;
  if (!(s->stages & VK_SHADER_STAGE_COMPUTE_BIT) ||
      (s->operations & needed) != needed)
    tileRtVulkanRefuse("kernel '%s' shuffles values within subgroups (%s), but "
                       "the Vulkan device '%s' has no subgroup shuffles in "
                       "compute shaders",
                       f->name, why, d->properties.deviceName);
}

/* The device's subgroup sizes, in words. */
static const char *sizesOf(const TileRtVulkanSubgroups *s, char *buffer,
                           size_t size) {
  if (s->minSize == s->maxSize)
    snprintf(buffer, size, "%u", s->size);
  else
    snprintf(buffer, size, "%u (%u to %u on request)", s->size, s->minSize,
             s->maxSize);
  return buffer;
}

void tileRtVulkanCheckSubgroupSize(const TileRtVulkanDevice *d,
                                   const TileRtVulkanFunction *f,
                                   uint32_t size) {
  if (!size)
    return;
  const TileRtVulkanSubgroups *s = &d->subgroups;
  checkShuffles(d, f, "tile_vulkan.subgroup");
  if (canRequire(s, size) || size == s->size)
    return;
  char sizes[64];
  tileRtVulkanRefuse("kernel '%s' is compiled for subgroups of %u invocations "
                     "(tile_vulkan.subgroup), but the Vulkan device '%s' runs "
                     "subgroups of %s",
                     f->name, size, d->properties.deviceName,
                     sizesOf(s, sizes, sizeof(sizes)));
}

void tileRtVulkanCheckMinSubgroupSize(const TileRtVulkanDevice *d,
                                      const TileRtVulkanFunction *f,
                                      uint32_t lanes) {
  if (!lanes)
    return;
  const TileRtVulkanSubgroups *s = &d->subgroups;
  checkShuffles(d, f, "gpu.shuffle");
  if (atLeast(s, lanes) || s->size >= lanes)
    return;
  char sizes[64];
  tileRtVulkanRefuse("kernel '%s' shuffles values within groups of %u "
                     "invocations (gpu.shuffle width), but the Vulkan device "
                     "'%s' runs subgroups of %s",
                     f->name, lanes, d->properties.deviceName,
                     sizesOf(s, sizes, sizeof(sizes)));
}
