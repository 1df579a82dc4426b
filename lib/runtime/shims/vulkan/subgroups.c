/* Subgroups: what the device offers, and the size a kernel compiled for
 * one (tile_vulkan.subgroup) gets. Such a kernel numbers its threads lane
 * by lane and shuffles within subgroups of that size, so any other size
 * would give wrong results, not an error: the launch is refused instead.
 * A device with subgroup size control is asked for the size (and for full
 * subgroups); one without runs its one size, which must be the kernel's. */
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

uint32_t tileRtVulkanRequiredSubgroupSize(const TileRtVulkanDevice *d,
                                          const TileRtVulkanFunction *f) {
  return f->subgroupSize && canRequire(&d->subgroups, f->subgroupSize)
             ? f->subgroupSize
             : 0;
}

/* Set and taken on the thread that runs the host code of one launch. */
static _Thread_local uint32_t told;

TILE_RT_VULKAN_EXPORT void tileRtVulkanSubgroupSize(int32_t size) {
  told = size > 0 ? (uint32_t)size : 0;
}

uint32_t tileRtVulkanTakeSubgroupSize(void) {
  uint32_t size = told;
  told = 0;
  return size;
}

void tileRtVulkanCheckSubgroupSize(const TileRtVulkanDevice *d,
                                   const TileRtVulkanFunction *f,
                                   uint32_t size) {
  if (!size)
    return;
  const TileRtVulkanSubgroups *s = &d->subgroups;
  VkSubgroupFeatureFlags needed =
      VK_SUBGROUP_FEATURE_BASIC_BIT | VK_SUBGROUP_FEATURE_SHUFFLE_BIT;
  if (!(s->stages & VK_SHADER_STAGE_COMPUTE_BIT) ||
      (s->operations & needed) != needed)
    tileRtVulkanFatal(
        "kernel '%s' shuffles values within subgroups (tile_vulkan."
        "subgroup), but the Vulkan device '%s' has no subgroup shuffles in "
        "compute shaders",
        f->name, d->properties.deviceName);
  if (canRequire(s, size) || size == s->size)
    return;
  char sizes[64];
  if (s->minSize == s->maxSize)
    snprintf(sizes, sizeof(sizes), "%u", s->size);
  else
    snprintf(sizes, sizeof(sizes), "%u (%u to %u on request)", s->size,
             s->minSize, s->maxSize);
  tileRtVulkanFatal("kernel '%s' is compiled for subgroups of %u invocations "
                    "(tile_vulkan.subgroup), but the Vulkan device '%s' runs "
                    "subgroups of %s",
                    f->name, size, d->properties.deviceName, sizes);
}
