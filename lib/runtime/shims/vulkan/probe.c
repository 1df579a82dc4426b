/* tile-rt-vulkan-probe: says which Vulkan device libtile_rt_vulkan would
 * run on and which optional shader features it has (lit reads this to mark
 * tests that need a device, or f16). Exit status 1 when there is none. */
#include "shim.h"

#include <stdio.h>

int main(void) {
  char name[256], why[512];
  TileRtVulkanFeatures f;
  TileRtVulkanSubgroups s;
  if (!tileRtVulkanProbe(name, sizeof(name), &f, &s, why, sizeof(why))) {
    printf("device: none (%s)\n", why);
    return 1;
  }
  printf("device: %s\n", name);
  printf("shaderFloat16: %s\n", f.float16 ? "yes" : "no");
  printf("storageBuffer16BitAccess: %s\n", f.storage16 ? "yes" : "no");
  printf("shaderInt8: %s\n", f.int8 ? "yes" : "no");
  printf("storageBuffer8BitAccess: %s\n", f.storage8 ? "yes" : "no");
  printf("shaderInt16: %s\n", f.int16 ? "yes" : "no");
  printf("shaderInt64: %s\n", f.int64 ? "yes" : "no");
  printf("shaderFloat64: %s\n", f.float64 ? "yes" : "no");
  VkSubgroupFeatureFlags shuffle =
      VK_SUBGROUP_FEATURE_BASIC_BIT | VK_SUBGROUP_FEATURE_SHUFFLE_BIT;
  printf("subgroupShuffle: %s\n", (s.stages & VK_SHADER_STAGE_COMPUTE_BIT) &&
                                          (s.operations & shuffle) == shuffle
                                      ? "yes"
                                      : "no");
  printf("subgroupSize: %u\n", s.size);
  /* The sizes a compute pipeline may ask for (just the one without size
   * control). */
  bool control =
      s.sizeControl && (s.requiredStages & VK_SHADER_STAGE_COMPUTE_BIT);
  printf("subgroupSizes: %u %u\n", control ? s.minSize : s.size,
         control ? s.maxSize : s.size);
  printf("cooperativeMatrix: %s\n", f.cooperativeMatrix ? "yes" : "no");
  printf("shaderBufferFloat32AtomicAdd: %s\n",
         f.bufferFloat32AtomicAdd ? "yes" : "no");
  printf("shaderSharedFloat32AtomicAdd: %s\n",
         f.sharedFloat32AtomicAdd ? "yes" : "no");
  return 0;
}
