/* tileRtVulkanAvailable: whether launches can run here, without exiting. */
#include "shim.h"
#include "tile_rt_vulkan.h"

#include <stdio.h>

TILE_RT_VULKAN_EXPORT bool tileRtVulkanAvailable(char *why, size_t size) {
  char name[256], reason[512];
  TileRtVulkanFeatures features;
  TileRtVulkanSubgroups subgroups;
  if (tileRtVulkanProbe(name, sizeof(name), &features, &subgroups, reason,
                        sizeof(reason)))
    return true;
  if (why && size)
    snprintf(why, size, "%s", reason);
  return false;
}
