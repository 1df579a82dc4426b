/* VK_KHR_cooperative_matrix as libtile_rt_vulkan uses it: the API's types
 * (Debian 12's Vulkan headers, 1.3.239, predate the extension), the shapes
 * a device offers, and the cooperative-matrix types a SPIR-V module uses. */
#ifndef TILE_RUNTIME_VULKAN_COOPERATIVE_MATRIX_H
#define TILE_RUNTIME_VULKAN_COOPERATIVE_MATRIX_H

#define VK_NO_PROTOTYPES
#include <vulkan/vulkan_core.h>

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifndef VK_KHR_cooperative_matrix
/* The extension's definitions, as the Vulkan registry gives them. */
#define VK_KHR_cooperative_matrix 1
#define VK_KHR_COOPERATIVE_MATRIX_EXTENSION_NAME "VK_KHR_cooperative_matrix"
#define VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_COOPERATIVE_MATRIX_FEATURES_KHR      \
  ((VkStructureType)1000506000)
#define VK_STRUCTURE_TYPE_COOPERATIVE_MATRIX_PROPERTIES_KHR                    \
  ((VkStructureType)1000506001)

typedef enum VkComponentTypeKHR {
  VK_COMPONENT_TYPE_FLOAT16_KHR = 0,
  VK_COMPONENT_TYPE_FLOAT32_KHR = 1,
  VK_COMPONENT_TYPE_FLOAT64_KHR = 2,
  VK_COMPONENT_TYPE_SINT8_KHR = 3,
  VK_COMPONENT_TYPE_SINT16_KHR = 4,
  VK_COMPONENT_TYPE_SINT32_KHR = 5,
  VK_COMPONENT_TYPE_SINT64_KHR = 6,
  VK_COMPONENT_TYPE_UINT8_KHR = 7,
  VK_COMPONENT_TYPE_UINT16_KHR = 8,
  VK_COMPONENT_TYPE_UINT32_KHR = 9,
  VK_COMPONENT_TYPE_UINT64_KHR = 10,
  VK_COMPONENT_TYPE_MAX_ENUM_KHR = 0x7FFFFFFF
} VkComponentTypeKHR;

typedef enum VkScopeKHR {
  VK_SCOPE_DEVICE_KHR = 1,
  VK_SCOPE_WORKGROUP_KHR = 2,
  VK_SCOPE_SUBGROUP_KHR = 3,
  VK_SCOPE_QUEUE_FAMILY_KHR = 5,
  VK_SCOPE_MAX_ENUM_KHR = 0x7FFFFFFF
} VkScopeKHR;

typedef struct VkCooperativeMatrixPropertiesKHR {
  VkStructureType sType;
  void *pNext;
  uint32_t MSize;
  uint32_t NSize;
  uint32_t KSize;
  VkComponentTypeKHR AType;
  VkComponentTypeKHR BType;
  VkComponentTypeKHR CType;
  VkComponentTypeKHR ResultType;
  VkBool32 saturatingAccumulation;
  VkScopeKHR scope;
} VkCooperativeMatrixPropertiesKHR;

typedef struct VkPhysicalDeviceCooperativeMatrixFeaturesKHR {
  VkStructureType sType;
  void *pNext;
  VkBool32 cooperativeMatrix;
  VkBool32 cooperativeMatrixRobustBufferAccess;
} VkPhysicalDeviceCooperativeMatrixFeaturesKHR;

typedef VkResult(
    VKAPI_PTR *PFN_vkGetPhysicalDeviceCooperativeMatrixPropertiesKHR)(
    VkPhysicalDevice, uint32_t *, VkCooperativeMatrixPropertiesKHR *);
#endif

/* The SPIR-V capability CooperativeMatrixKHR. */
enum { TileRtVulkanCapabilityCooperativeMatrix = 6022 };

/* The cooperative-matrix shapes a device offers
 * (vkGetPhysicalDeviceCooperativeMatrixPropertiesKHR; beyond the first
 * TileRtVulkanMaxMatrixShapes, shapes are not read), and the largest
 * subgroup it runs. */
enum { TileRtVulkanMaxMatrixShapes = 128 };
typedef struct {
  VkCooperativeMatrixPropertiesKHR shapes[TileRtVulkanMaxMatrixShapes];
  uint32_t count;
  uint32_t maxSubgroupSize;
} TileRtVulkanMatrices;

/* Whether the SPIR-V module declares the CooperativeMatrixKHR capability. */
bool tileRtVulkanUsesCooperativeMatrices(const uint32_t *words,
                                         size_t numWords);

/* Looks for an OpTypeCooperativeMatrixKHR of the module that none of the
 * `count` offered shapes has (as its A, B or accumulator, with its
 * component type and scope). Returns false when there is one, after
 * describing it in `missing` (e.g. "16x16 f16 A matrix (subgroup scope)");
 * true when every matrix type is offered. */
bool tileRtVulkanMatricesOffered(
    const uint32_t *words, size_t numWords,
    const VkCooperativeMatrixPropertiesKHR *offered, uint32_t count,
    char *missing, size_t size);

/* Describes an offered shape, e.g. "16x16x16 f16 x f16 + f32 -> f32". */
void tileRtVulkanDescribeShape(const VkCooperativeMatrixPropertiesKHR *shape,
                               char *text, size_t size);

#endif
