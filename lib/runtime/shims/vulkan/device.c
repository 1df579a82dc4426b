/* The one Vulkan device of the process: instance, device choice (a
 * discrete GPU, else an integrated one, ..., else a CPU implementation such
 * as lavapipe; TILE_VULKAN_DEVICE=<index or name part> overrides), the
 * optional shader features it has, a compute queue and a command pool. */
#include "../common/fatal.h"
#include "shim.h"

#include "support/alloc.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static TileRtVulkanDevice theDevice;
static pthread_once_t once = PTHREAD_ONCE_INIT;

/* What a candidate device offers, before a logical device exists. */
typedef struct {
  VkPhysicalDevice physical;
  VkPhysicalDeviceProperties properties;
  uint32_t apiVersion; /* min(instance, device) */
  uint32_t queueFamily;
  bool hasFloat16Int8Ext, has8BitStorageExt, hasFloatControlsExt;
  TileRtVulkanFeatures features;
  TileRtVulkanSubgroups subgroups;
} Candidate;

static VkInstance createInstance(TileRtVulkanApi *api, uint32_t *version,
                                 char *why, size_t size) {
  uint32_t loaderVersion = VK_API_VERSION_1_0;
  api->vkEnumerateInstanceVersion(&loaderVersion);
  if (loaderVersion < VK_API_VERSION_1_1) {
    snprintf(why, size,
             "the Vulkan loader supports Vulkan 1.0 only; 1.1 is "
             "needed");
    return VK_NULL_HANDLE;
  }
  *version =
      loaderVersion < VK_API_VERSION_1_3 ? loaderVersion : VK_API_VERSION_1_3;
  VkApplicationInfo app = {.sType = VK_STRUCTURE_TYPE_APPLICATION_INFO,
                           .pApplicationName = "tile-mlir",
                           .pEngineName = "tile_rt_vulkan",
                           .apiVersion = *version};
  VkInstanceCreateInfo info = {.sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO,
                               .pApplicationInfo = &app};
  VkInstance instance = VK_NULL_HANDLE;
  VkResult result = api->vkCreateInstance(&info, NULL, &instance);
  if (result != VK_SUCCESS) {
    snprintf(why, size,
             "vkCreateInstance failed: %s (no Vulkan driver is installed? "
             "e.g. mesa-vulkan-drivers)",
             tileRtVulkanResultName(result));
    return VK_NULL_HANDLE;
  }
  return instance;
}

static bool hasExtension(const TileRtVulkanApi *api, VkPhysicalDevice physical,
                         const char *name) {
  uint32_t n = 0;
  api->vkEnumerateDeviceExtensionProperties(physical, NULL, &n, NULL);
  VkExtensionProperties *list = tileCallocArray(n, sizeof(*list));
  api->vkEnumerateDeviceExtensionProperties(physical, NULL, &n, list);
  bool found = false;
  for (uint32_t i = 0; i < n && !found; ++i)
    found = strcmp(list[i].extensionName, name) == 0;
  free(list);
  return found;
}

/* Asks for VK_KHR_cooperative_matrix's feature where the device has the
 * extension (cooperative_matrix.c). */
static void
describeCooperativeMatrix(const TileRtVulkanApi *api, VkPhysicalDevice physical,
                          VkPhysicalDeviceCooperativeMatrixFeaturesKHR *f,
                          void **tail) {
  if (hasExtension(api, physical, VK_KHR_COOPERATIVE_MATRIX_EXTENSION_NAME))
    tileRtVulkanChainCooperativeMatrix(f, false, tail);
}

/* Asks for VK_EXT_shader_atomic_float's features where the device has the
 * extension. */
static void
describeFloatAtomics(const TileRtVulkanApi *api, VkPhysicalDevice physical,
                     VkPhysicalDeviceShaderAtomicFloatFeaturesEXT *f,
                     void ***tail) {
  if (!hasExtension(api, physical, VK_EXT_SHADER_ATOMIC_FLOAT_EXTENSION_NAME))
    return;
  *f = (VkPhysicalDeviceShaderAtomicFloatFeaturesEXT){
      .sType =
          VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_ATOMIC_FLOAT_FEATURES_EXT};
  **tail = f;
  *tail = &f->pNext;
}

/* Queries the optional features (chaining only structures the device
 * knows) and a compute queue family. */
static bool describe(const TileRtVulkanApi *api, VkPhysicalDevice physical,
                     uint32_t instanceVersion, Candidate *c) {
  memset(c, 0, sizeof(*c));
  c->physical = physical;
  api->vkGetPhysicalDeviceProperties(physical, &c->properties);
  c->apiVersion = c->properties.apiVersion < instanceVersion
                      ? c->properties.apiVersion
                      : instanceVersion;
  if (c->apiVersion < VK_API_VERSION_1_1)
    return false;
  uint32_t n = 0;
  api->vkGetPhysicalDeviceQueueFamilyProperties(physical, &n, NULL);
  VkQueueFamilyProperties *families = tileCallocArray(n, sizeof(*families));
  api->vkGetPhysicalDeviceQueueFamilyProperties(physical, &n, families);
  bool found = false;
  for (uint32_t i = 0; i < n && !found; ++i)
    if (families[i].queueFlags & VK_QUEUE_COMPUTE_BIT) {
      c->queueFamily = i;
      found = true;
    }
  free(families);
  if (!found)
    return false;
  bool core12 = c->apiVersion >= VK_API_VERSION_1_2;
  c->hasFloat16Int8Ext =
      !core12 && hasExtension(api, physical, "VK_KHR_shader_float16_int8");
  c->has8BitStorageExt =
      !core12 && hasExtension(api, physical, "VK_KHR_8bit_storage");
  VkPhysicalDevice16BitStorageFeatures storage16 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_16BIT_STORAGE_FEATURES};
  VkPhysicalDeviceShaderFloat16Int8Features f16 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_FLOAT16_INT8_FEATURES};
  VkPhysicalDevice8BitStorageFeatures storage8 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_8BIT_STORAGE_FEATURES};
  VkPhysicalDeviceFeatures2 features = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2,
      .pNext = &storage16};
  void **tail = &storage16.pNext;
  if (core12 || c->hasFloat16Int8Ext) {
    *tail = &f16;
    tail = &f16.pNext;
  }
  if (core12 || c->has8BitStorageExt) {
    *tail = &storage8;
    tail = &storage8.pNext;
  }
  VkPhysicalDeviceShaderAtomicFloatFeaturesEXT floatAtomics = {0};
  describeFloatAtomics(api, physical, &floatAtomics, &tail);
  VkPhysicalDeviceCooperativeMatrixFeaturesKHR matrices = {0};
  describeCooperativeMatrix(api, physical, &matrices, tail);
  api->vkGetPhysicalDeviceFeatures2(physical, &features);
  c->features.bufferFloat32AtomicAdd =
      floatAtomics.shaderBufferFloat32AtomicAdd;
  c->features.sharedFloat32AtomicAdd =
      floatAtomics.shaderSharedFloat32AtomicAdd;
  c->features.float16 = f16.shaderFloat16;
  c->features.int8 = f16.shaderInt8;
  c->features.storage16 = storage16.storageBuffer16BitAccess;
  c->features.storage8 = storage8.storageBuffer8BitAccess;
  c->features.int16 = features.features.shaderInt16;
  c->features.int64 = features.features.shaderInt64;
  c->features.float64 = features.features.shaderFloat64;
  tileRtVulkanDescribeSubgroups(
      api, physical, c->apiVersion,
      c->apiVersion < VK_API_VERSION_1_3 &&
          hasExtension(api, physical, "VK_EXT_subgroup_size_control"),
      &c->subgroups);
  c->features.cooperativeMatrix = matrices.cooperativeMatrix;
  /* Float controls (core in 1.2): what the device keeps of IEEE's NaN,
   * infinities and signed zeros when a kernel asks. */
  c->hasFloatControlsExt =
      !core12 && hasExtension(api, physical, "VK_KHR_shader_float_controls");
  if (core12 || c->hasFloatControlsExt) {
    VkPhysicalDeviceFloatControlsProperties controls = {
        .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FLOAT_CONTROLS_PROPERTIES};
    VkPhysicalDeviceProperties2 properties = {
        .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2,
        .pNext = &controls};
    api->vkGetPhysicalDeviceProperties2(physical, &properties);
    c->features.preserve16 = controls.shaderSignedZeroInfNanPreserveFloat16;
    c->features.preserve32 = controls.shaderSignedZeroInfNanPreserveFloat32;
    c->features.preserve64 = controls.shaderSignedZeroInfNanPreserveFloat64;
  }
  return true;
}

static int preference(VkPhysicalDeviceType type) {
  switch (type) {
  case VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU:
    return 0;
  case VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU:
    return 1;
  case VK_PHYSICAL_DEVICE_TYPE_VIRTUAL_GPU:
    return 2;
  case VK_PHYSICAL_DEVICE_TYPE_CPU:
    return 3;
  default:
    return 4;
  }
}

/* Whether device `index` named `name` is the one TILE_VULKAN_DEVICE asks
 * for (any, when it is unset). */
static bool requested(uint32_t index, const char *name) {
  const char *want = getenv("TILE_VULKAN_DEVICE");
  if (!want || !*want)
    return true;
  char *end;
  unsigned long n = strtoul(want, &end, 10);
  if (!*end)
    return n == index;
  return strstr(name, want) != NULL;
}

static bool choose(const TileRtVulkanApi *api, VkInstance instance,
                   uint32_t instanceVersion, Candidate *best, char *why,
                   size_t size) {
  VkPhysicalDevice list[32];
  uint32_t n = 32;
  VkResult result = api->vkEnumeratePhysicalDevices(instance, &n, list);
  if (result != VK_SUCCESS && result != VK_INCOMPLETE) {
    snprintf(why, size, "vkEnumeratePhysicalDevices failed: %s",
             tileRtVulkanResultName(result));
    return false;
  }
  bool found = false;
  for (uint32_t i = 0; i < n; ++i) {
    Candidate c;
    if (!describe(api, list[i], instanceVersion, &c) ||
        !requested(i, c.properties.deviceName))
      continue;
    if (!found || preference(c.properties.deviceType) <
                      preference(best->properties.deviceType)) {
      *best = c;
      found = true;
    }
  }
  if (!found)
    snprintf(why, size,
             n == 0 ? "no Vulkan device is present (install a driver, e.g. "
                      "mesa-vulkan-drivers for the lavapipe CPU device)"
             : getenv("TILE_VULKAN_DEVICE")
                 ? "no Vulkan 1.1 compute device matches TILE_VULKAN_DEVICE"
                 : "no Vulkan device supports Vulkan 1.1 compute");
  return found;
}

/* The process's one instance, created on first use and kept for the life
 * of the process: destroying it makes the loader unload the driver, and
 * memory the driver keeps in its own globals then looks leaked to leak
 * checkers. */
static struct {
  TileRtVulkanApi api;
  VkInstance instance;
  uint32_t version;
  bool ok;
  char why[512];
} shared;
static pthread_once_t sharedOnce = PTHREAD_ONCE_INIT;

static void createShared(void) {
  shared.ok = tileRtVulkanApiLoad(&shared.api, shared.why, sizeof(shared.why));
  if (shared.ok)
    shared.instance = createInstance(&shared.api, &shared.version, shared.why,
                                     sizeof(shared.why));
  shared.ok = shared.ok && shared.instance != VK_NULL_HANDLE &&
              tileRtVulkanApiLoadInstance(&shared.api, shared.instance,
                                          shared.why, sizeof(shared.why));
}

static bool sharedInstance(char *why, size_t size) {
  pthread_once(&sharedOnce, createShared);
  if (!shared.ok)
    snprintf(why, size, "%s", shared.why);
  return shared.ok;
}

bool tileRtVulkanProbe(char *name, size_t nameSize,
                       TileRtVulkanFeatures *features,
                       TileRtVulkanSubgroups *subgroups, char *why,
                       size_t whySize) {
  Candidate c;
  if (!sharedInstance(why, whySize) ||
      !choose(&shared.api, shared.instance, shared.version, &c, why, whySize))
    return false;
  snprintf(name, nameSize, "%s", c.properties.deviceName);
  *features = c.features;
  *subgroups = c.subgroups;
  return true;
}

/* Enables VK_KHR_cooperative_matrix and its feature where the device has
 * them. */
static void enableCooperativeMatrix(
    const Candidate *c, const char **extensions, uint32_t *numExtensions,
    VkPhysicalDeviceCooperativeMatrixFeaturesKHR *f, void **tail) {
  if (!c->features.cooperativeMatrix)
    return;
  extensions[(*numExtensions)++] = VK_KHR_COOPERATIVE_MATRIX_EXTENSION_NAME;
  tileRtVulkanChainCooperativeMatrix(f, true, tail);
}

/* Creates the logical device with every optional feature it offers. */

static void createDevice(TileRtVulkanDevice *d, const Candidate *c) {
  const char *extensions[6];
  uint32_t numExtensions = 0;
  if (c->hasFloatControlsExt)
    extensions[numExtensions++] = "VK_KHR_shader_float_controls";
  if (c->hasFloat16Int8Ext)
    extensions[numExtensions++] = "VK_KHR_shader_float16_int8";
  if (c->has8BitStorageExt)
    extensions[numExtensions++] = "VK_KHR_8bit_storage";
  if (c->subgroups.sizeControlExt)
    extensions[numExtensions++] = "VK_EXT_subgroup_size_control";
  bool core12 = c->apiVersion >= VK_API_VERSION_1_2;
  VkPhysicalDevice16BitStorageFeatures storage16 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_16BIT_STORAGE_FEATURES,
      .storageBuffer16BitAccess = c->features.storage16};
  VkPhysicalDeviceShaderFloat16Int8Features f16 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_FLOAT16_INT8_FEATURES,
      .shaderFloat16 = c->features.float16,
      .shaderInt8 = c->features.int8};
  VkPhysicalDevice8BitStorageFeatures storage8 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_8BIT_STORAGE_FEATURES,
      .storageBuffer8BitAccess = c->features.storage8};
  VkPhysicalDeviceFeatures2 features = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2,
      .pNext = &storage16};
  features.features.shaderInt16 = c->features.int16;
  features.features.shaderInt64 = c->features.int64;
  features.features.shaderFloat64 = c->features.float64;
  void **tail = &storage16.pNext;
  if (core12 || c->hasFloat16Int8Ext) {
    *tail = &f16;
    tail = &f16.pNext;
  }
  if (core12 || c->has8BitStorageExt) {
    *tail = &storage8;
    tail = &storage8.pNext;
  }
  /* Kernels compiled for a subgroup size ask for it (subgroups.c). */
  VkPhysicalDeviceSubgroupSizeControlFeatures sizeControl = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SUBGROUP_SIZE_CONTROL_FEATURES,
      .subgroupSizeControl = c->subgroups.sizeControl,
      .computeFullSubgroups = c->subgroups.fullSubgroups};
  if (c->subgroups.sizeControl || c->subgroups.fullSubgroups) {
    *tail = &sizeControl;
    tail = &sizeControl.pNext;
  }
  /* Atomic additions of f32 (the compiler's tile-vulkan-float-atomics). */
  VkPhysicalDeviceShaderAtomicFloatFeaturesEXT floatAtomics = {
      .sType =
          VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_ATOMIC_FLOAT_FEATURES_EXT,
      .shaderBufferFloat32AtomicAdd = c->features.bufferFloat32AtomicAdd,
      .shaderSharedFloat32AtomicAdd = c->features.sharedFloat32AtomicAdd};
  if (c->features.bufferFloat32AtomicAdd ||
      c->features.sharedFloat32AtomicAdd) {
    extensions[numExtensions++] = VK_EXT_SHADER_ATOMIC_FLOAT_EXTENSION_NAME;
    *tail = &floatAtomics;
    tail = &floatAtomics.pNext;
  }
  VkPhysicalDeviceCooperativeMatrixFeaturesKHR matrices;
  enableCooperativeMatrix(c, extensions, &numExtensions, &matrices, tail);
  float priority = 1.0f;
  VkDeviceQueueCreateInfo queue = {
      .sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO,
      .queueFamilyIndex = c->queueFamily,
      .queueCount = 1,
      .pQueuePriorities = &priority};
  VkDeviceCreateInfo info = {.sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO,
                             .pNext = &features,
                             .queueCreateInfoCount = 1,
                             .pQueueCreateInfos = &queue,
                             .enabledExtensionCount = numExtensions,
                             .ppEnabledExtensionNames = extensions};
  tileRtVulkanCheck(d->api.vkCreateDevice(c->physical, &info, NULL, &d->device),
                    "vkCreateDevice");
}

/* Lavapipe runs kernels with more shared memory than it states (32 KiB);
 * a device may not, so beyond the stated size is an error unless
 * TILE_VULKAN_SHARED_LIMIT says how much this device runs. */
static uint64_t sharedLimit(const VkPhysicalDeviceProperties *properties) {
  const char *text = getenv("TILE_VULKAN_SHARED_LIMIT");
  if (!text || !*text)
    return properties->limits.maxComputeSharedMemorySize;
  char *end;
  errno = 0;
  unsigned long long limit = strtoull(text, &end, 10);
  if (*end || errno || text[0] == '-')
    tileRtVulkanFatal("TILE_VULKAN_SHARED_LIMIT='%s' is not a number of bytes",
                      text);
  return limit;
}

static void initialise(void) {
  TileRtVulkanDevice *d = &theDevice;
  char why[512];
  if (!sharedInstance(why, sizeof(why)))
    tileRtVulkanFatal("%s", why);
  d->api = shared.api;
  d->instance = shared.instance;
  Candidate c;
  if (!choose(&d->api, d->instance, shared.version, &c, why, sizeof(why)))
    tileRtVulkanFatal("%s", why);
  d->physical = c.physical;
  d->properties = c.properties;
  d->features = c.features;
  d->subgroups = c.subgroups;
  d->apiVersion = c.apiVersion;
  d->queueFamily = c.queueFamily;
  d->sharedLimit = sharedLimit(&d->properties);
  d->api.vkGetPhysicalDeviceMemoryProperties(d->physical, &d->memory);
  createDevice(d, &c);
  if (!tileRtVulkanApiLoadDevice(&d->api, d->device, why, sizeof(why)))
    tileRtVulkanFatal("%s", why);
  tileRtVulkanQueryCooperativeMatrices(d);
  d->api.vkGetDeviceQueue(d->device, d->queueFamily, 0, &d->queue);
  VkCommandPoolCreateInfo pool = {
      .sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO,
      .flags = VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT,
      .queueFamilyIndex = d->queueFamily};
  tileRtVulkanCheck(
      d->api.vkCreateCommandPool(d->device, &pool, NULL, &d->commandPool),
      "vkCreateCommandPool");
  pthread_mutex_init(&d->lock, NULL);
  if (getenv("TILE_VULKAN_VERBOSE"))
    fprintf(stderr, "tile_rt_vulkan: running on '%s'\n",
            d->properties.deviceName);
}

TileRtVulkanDevice *tileRtVulkanDevice(void) {
  pthread_once(&once, initialise);
  return &theDevice;
}

/* Releases the device when the library goes away (at exit or dlclose),
 * unless a failure is ending the process mid-way. The instance stays (see
 * `shared`). */
__attribute__((destructor)) static void release(void) {
  TileRtVulkanDevice *d = &theDevice;
  if (tileRtFailing())
    return;
  tileRtVulkanReleaseModules(d->device == VK_NULL_HANDLE ? NULL : d);
  if (d->device == VK_NULL_HANDLE)
    return;
  d->api.vkDestroyCommandPool(d->device, d->commandPool, NULL);
  d->api.vkDestroyDevice(d->device, NULL);
  d->device = VK_NULL_HANDLE;
}
