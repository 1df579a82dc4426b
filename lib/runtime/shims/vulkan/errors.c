/* Error reporting of libtile_rt_vulkan: one line on stderr, then exit 1,
 * or a refusal its caller catches. */
#include "../common/fatal.h"
#include "shim.h"

#include <stdarg.h>

_Noreturn void tileRtVulkanFatal(const char *format, ...) {
  va_list args;
  va_start(args, format);
  tileRtFatalV("tile_rt_vulkan: error: ", NULL, format, args);
}

_Noreturn void tileRtVulkanRefuse(const char *format, ...) {
  va_list args;
  va_start(args, format);
  tileRtRefuseV("tile_rt_vulkan", format, args);
}

const char *tileRtVulkanResultName(VkResult result) {
  switch (result) {
#define NAME(r)                                                                \
  case r:                                                                      \
    return #r;
    NAME(VK_SUCCESS)
    NAME(VK_NOT_READY)
    NAME(VK_TIMEOUT)
    NAME(VK_INCOMPLETE)
    NAME(VK_ERROR_OUT_OF_HOST_MEMORY)
    NAME(VK_ERROR_OUT_OF_DEVICE_MEMORY)
    NAME(VK_ERROR_INITIALIZATION_FAILED)
    NAME(VK_ERROR_DEVICE_LOST)
    NAME(VK_ERROR_MEMORY_MAP_FAILED)
    NAME(VK_ERROR_LAYER_NOT_PRESENT)
    NAME(VK_ERROR_EXTENSION_NOT_PRESENT)
    NAME(VK_ERROR_FEATURE_NOT_PRESENT)
    NAME(VK_ERROR_INCOMPATIBLE_DRIVER)
    NAME(VK_ERROR_TOO_MANY_OBJECTS)
    NAME(VK_ERROR_FORMAT_NOT_SUPPORTED)
    NAME(VK_ERROR_FRAGMENTED_POOL)
    NAME(VK_ERROR_UNKNOWN)
    NAME(VK_ERROR_OUT_OF_POOL_MEMORY)
    NAME(VK_ERROR_INVALID_EXTERNAL_HANDLE)
    NAME(VK_ERROR_INVALID_SHADER_NV)
#undef NAME
  default:
    return "an unknown VkResult";
  }
}

void tileRtVulkanCheck(VkResult result, const char *call) {
  if (result != VK_SUCCESS)
    tileRtVulkanFatal("%s failed: %s", call, tileRtVulkanResultName(result));
}
