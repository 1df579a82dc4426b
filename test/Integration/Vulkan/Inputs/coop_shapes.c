/* Drives the check of a module's cooperative-matrix types against the
 * shapes a device offers (lib/runtime/shims/vulkan/spirv_matrices.c) with
 * shape lists written here, as vkGetPhysicalDeviceCooperativeMatrix-
 * PropertiesKHR would give them: no device here has cooperative matrices.
 *   coop_shapes SPIRV */
#include "cooperative_matrix.h"

#include <stdio.h>
#include <stdlib.h>

enum {
  F16 = VK_COMPONENT_TYPE_FLOAT16_KHR,
  F32 = VK_COMPONENT_TYPE_FLOAT32_KHR
};

static VkCooperativeMatrixPropertiesKHR
shape(uint32_t m, uint32_t n, uint32_t k, int c, int result, VkScopeKHR scope) {
  return (VkCooperativeMatrixPropertiesKHR){
      .sType = VK_STRUCTURE_TYPE_COOPERATIVE_MATRIX_PROPERTIES_KHR,
      .MSize = m,
      .NSize = n,
      .KSize = k,
      .AType = F16,
      .BType = F16,
      .CType = (VkComponentTypeKHR)c,
      .ResultType = (VkComponentTypeKHR)result,
      .scope = scope};
}

static void check(const char *device, const uint32_t *words, size_t n,
                  const VkCooperativeMatrixPropertiesKHR *offered,
                  uint32_t count) {
  char missing[128];
  if (tileRtVulkanMatricesOffered(words, n, offered, count, missing,
                                  sizeof(missing)))
    printf("%s: every matrix offered\n", device);
  else
    printf("%s: missing %s\n", device, missing);
}

int main(int argc, char **argv) {
  if (argc != 2)
    return 2;
  FILE *f = fopen(argv[1], "rb");
  if (!f)
    return 2;
  static uint32_t words[1 << 20];
  size_t n = fread(words, 4, sizeof(words) / 4, f);
  fclose(f);
  printf("uses cooperative matrices: %s\n",
         tileRtVulkanUsesCooperativeMatrices(words, n) ? "yes" : "no");
  VkCooperativeMatrixPropertiesKHR both[] = {
      shape(16, 8, 16, F16, F16, VK_SCOPE_SUBGROUP_KHR),
      shape(16, 16, 16, F32, F32, VK_SCOPE_SUBGROUP_KHR),
      shape(16, 8, 16, F32, F32, VK_SCOPE_SUBGROUP_KHR)};
  check("16x16x16 and 16x8x16", words, n, both, 3);
  VkCooperativeMatrixPropertiesKHR narrow =
      shape(16, 8, 16, F32, F32, VK_SCOPE_SUBGROUP_KHR);
  check("16x8x16 only", words, n, &narrow, 1);
  VkCooperativeMatrixPropertiesKHR shortK =
      shape(16, 16, 8, F32, F32, VK_SCOPE_SUBGROUP_KHR);
  check("16x16x8 only", words, n, &shortK, 1);
  VkCooperativeMatrixPropertiesKHR half =
      shape(16, 16, 16, F16, F16, VK_SCOPE_SUBGROUP_KHR);
  check("f16 accumulators only", words, n, &half, 1);
  VkCooperativeMatrixPropertiesKHR workgroup =
      shape(16, 16, 16, F32, F32, VK_SCOPE_WORKGROUP_KHR);
  check("workgroup scope only", words, n, &workgroup, 1);
  check("no shapes", words, n, NULL, 0);
  return 0;
}
