/* Error reporting of libtile_rt_vulkan: one line on stderr, then exit 1. */
#include "shim.h"

#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static atomic_bool failing;
static atomic_bool exiting;

/* Set once the process is ending, so that a call made from an exit handler
 * does not run exit handlers again. */
static void markExiting(void) { atomic_store(&exiting, true); }

__attribute__((constructor)) static void watchExit(void) {
  atexit(markExiting);
}

bool tileRtVulkanFailing(void) { return atomic_load(&failing); }

_Noreturn void tileRtVulkanFatal(const char *fmt, ...) {
  if (atomic_exchange(&failing, true) || atomic_load(&exiting))
    _exit(1);
  va_list args;
  va_start(args, fmt);
  fputs("tile_rt_vulkan: error: ", stderr);
  vfprintf(stderr, fmt, args);
  fputc('\n', stderr);
  va_end(args);
  fflush(stderr);
  exit(1);
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
