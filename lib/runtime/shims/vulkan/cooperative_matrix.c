/* Cooperative matrices (VK_KHR_cooperative_matrix) on the process's device:
 * the feature and extension asked for at device creation where the device
 * has them, the shapes it offers, and the refusals before a kernel that
 * uses them runs: on a device without the feature (the capability check,
 * spirv.c), with a matrix type the device does not offer, or in
 * workgroups that may leave a subgroup partly filled. */
#include "cooperative_matrix.h"
#include "shim.h"

#include <stdio.h>
#include <string.h>

void **tileRtVulkanChainCooperativeMatrix(
    VkPhysicalDeviceCooperativeMatrixFeaturesKHR *features, bool enable,
    void **tail) {
  *features = (VkPhysicalDeviceCooperativeMatrixFeaturesKHR){
      .sType =
          VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_COOPERATIVE_MATRIX_FEATURES_KHR,
      .cooperativeMatrix = enable};
  *tail = features;
  return &features->pNext;
}

/* The largest subgroup the device may run a kernel in: Vulkan 1.3's
 * maxSubgroupSize (SPIR-V 1.6 kernels may get any size up to it), else the
 * one size it has. */
static uint32_t maxSubgroupSize(const TileRtVulkanDevice *d) {
  PFN_vkGetPhysicalDeviceProperties2 properties2 =
      (PFN_vkGetPhysicalDeviceProperties2)d->api.vkGetInstanceProcAddr(
          d->instance, "vkGetPhysicalDeviceProperties2");
  if (!properties2)
    return 0;
  VkPhysicalDeviceSubgroupSizeControlProperties control = {
      .sType =
          VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SUBGROUP_SIZE_CONTROL_PROPERTIES};
  VkPhysicalDeviceSubgroupProperties subgroup = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SUBGROUP_PROPERTIES};
  if (d->apiVersion >= VK_API_VERSION_1_3)
    subgroup.pNext = &control;
  VkPhysicalDeviceProperties2 properties = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2,
      .pNext = &subgroup};
  properties2(d->physical, &properties);
  return control.maxSubgroupSize > subgroup.subgroupSize
             ? control.maxSubgroupSize
             : subgroup.subgroupSize;
}

void tileRtVulkanQueryCooperativeMatrices(TileRtVulkanDevice *d) {
  TileRtVulkanMatrices *m = &d->matrices;
  memset(m, 0, sizeof(*m));
  if (!d->features.cooperativeMatrix)
    return;
  m->maxSubgroupSize = maxSubgroupSize(d);
  PFN_vkGetPhysicalDeviceCooperativeMatrixPropertiesKHR list =
      (PFN_vkGetPhysicalDeviceCooperativeMatrixPropertiesKHR)
          d->api.vkGetInstanceProcAddr(
              d->instance, "vkGetPhysicalDeviceCooperativeMatrixPropertiesKHR");
  if (!list)
    return;
  uint32_t count = TileRtVulkanMaxMatrixShapes;
  for (uint32_t i = 0; i < count; ++i)
    m->shapes[i] = (VkCooperativeMatrixPropertiesKHR){
        .sType = VK_STRUCTURE_TYPE_COOPERATIVE_MATRIX_PROPERTIES_KHR};
  VkResult result = list(d->physical, &count, m->shapes);
  if (result == VK_SUCCESS || result == VK_INCOMPLETE)
    m->count = count;
}

/* "a, b, c" for the first shapes the device offers. */
static void describeOffered(const TileRtVulkanMatrices *m, char *text,
                            size_t size) {
  size_t used = 0;
  text[0] = 0;
  for (uint32_t i = 0; i < m->count && i < 8 && used < size; ++i) {
    char shape[96];
    tileRtVulkanDescribeShape(&m->shapes[i], shape, sizeof(shape));
    used += (size_t)snprintf(text + used, size - used, "%s%s", i ? ", " : "",
                             shape);
  }
  if (m->count > 8 && used < size)
    snprintf(text + used, size - used, ", ...");
  if (m->count == 0)
    snprintf(text, size, "none");
}

void tileRtVulkanCheckCooperativeMatrices(const TileRtVulkanDevice *d,
                                          const uint32_t *words,
                                          size_t numWords) {
  char missing[128], offered[1024];
  if (tileRtVulkanMatricesOffered(words, numWords, d->matrices.shapes,
                                  d->matrices.count, missing, sizeof(missing)))
    return;
  describeOffered(&d->matrices, offered, sizeof(offered));
  tileRtVulkanFatal("the kernel uses a %s, which the Vulkan device '%s' does "
                    "not offer (it offers: %s)",
                    missing, d->properties.deviceName, offered);
}

void tileRtVulkanCheckFullSubgroups(const TileRtVulkanDevice *d,
                                    const TileRtVulkanFunction *f) {
  uint32_t size = d->matrices.maxSubgroupSize;
  if (size == 0 || f->localSize[0] % size == 0)
    return;
  tileRtVulkanFatal("kernel '%s' runs cooperative matrices in workgroups of "
                    "%u x %u x %u threads; on the Vulkan device '%s' that may "
                    "leave a subgroup partly filled (its subgroups have up "
                    "to %u threads; give the kernel a multiple of that)",
                    f->name, f->localSize[0], f->localSize[1], f->localSize[2],
                    d->properties.deviceName, size);
}
