/* The Vulkan loader, opened with dlopen: no link-time Vulkan dependency. */
#include "shim.h"

#include <dlfcn.h>
#include <stdio.h>

bool tileRtVulkanApiLoad(TileRtVulkanApi *api, char *why, size_t size) {
  api->library = dlopen("libvulkan.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!api->library) {
    snprintf(why, size,
             "the Vulkan loader (libvulkan.so.1) cannot be loaded: %s "
             "(install libvulkan1 and a driver, e.g. mesa-vulkan-drivers)",
             dlerror());
    return false;
  }
  /* POSIX allows converting a dlsym result to a function pointer. */
  *(void **)&api->vkGetInstanceProcAddr =
      dlsym(api->library, "vkGetInstanceProcAddr");
  if (!api->vkGetInstanceProcAddr) {
    snprintf(why, size, "libvulkan.so.1 has no vkGetInstanceProcAddr");
    dlclose(api->library);
    api->library = NULL;
    return false;
  }
#define LOAD(name)                                                             \
  api->name = (PFN_##name)api->vkGetInstanceProcAddr(NULL, #name);
  TILE_RT_VULKAN_GLOBAL_FUNCTIONS(LOAD)
#undef LOAD
  if (!api->vkCreateInstance || !api->vkEnumerateInstanceVersion) {
    snprintf(why, size,
             "the Vulkan loader supports Vulkan 1.0 only; 1.1 is needed");
    dlclose(api->library);
    api->library = NULL;
    return false;
  }
  return true;
}

bool tileRtVulkanApiLoadInstance(TileRtVulkanApi *api, VkInstance instance,
                                 char *why, size_t size) {
#define LOAD(name)                                                             \
  api->name = (PFN_##name)api->vkGetInstanceProcAddr(instance, #name);         \
  if (!api->name) {                                                            \
    snprintf(why, size, "the Vulkan loader has no %s", #name);                 \
    return false;                                                              \
  }
  TILE_RT_VULKAN_INSTANCE_FUNCTIONS(LOAD)
#undef LOAD
  return true;
}

bool tileRtVulkanApiLoadDevice(TileRtVulkanApi *api, VkDevice device, char *why,
                               size_t size) {
#define LOAD(name)                                                             \
  api->name = (PFN_##name)api->vkGetDeviceProcAddr(device, #name);             \
  if (!api->name) {                                                            \
    snprintf(why, size, "the Vulkan device has no %s", #name);                 \
    return false;                                                              \
  }
  TILE_RT_VULKAN_DEVICE_FUNCTIONS(LOAD)
#undef LOAD
  return true;
}
