/* vulkan targets: vulkan[:v1.1|v1.2|v1.3]; loader and device detection. */
#define _GNU_SOURCE /* pipe2 */
#include "vulkan/vulkan.h"

#include "backend/backend.h"

#include <dlfcn.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* The SPIR-V version the pipeline targets (target option "spirv"). SPIR-V
 * 1.3 is what Vulkan 1.1 guarantees and every later Vulkan accepts; its
 * entry point interfaces list only Input/Output variables, which
 * spirv-update-vce's minimal version headers agree with. */
static const struct {
  const char *chip;
  const char *spirv;
} versions[] = {{"v1.1", "v1.3"}, {"v1.2", "v1.3"}, {"v1.3", "v1.3"}};

MlirLogicalResult tileVulkanNormalizeTarget(TileTarget *t,
                                            TileErrorSink errors) {
  if (!t->chip[0])
    strcpy(t->chip, "v1.1");
  const char *spirv = NULL;
  for (size_t i = 0; i < sizeof(versions) / sizeof(versions[0]); ++i)
    if (strcmp(t->chip, versions[i].chip) == 0)
      spirv = versions[i].spirv;
  if (!spirv) {
    tileReport(errors, "unknown vulkan version '%s' (valid: v1.1, v1.2, v1.3)",
               t->chip);
    return mlirLogicalResultFailure();
  }
  for (unsigned i = 0; i < t->numOptions; ++i)
    if (strcmp(t->options[i].key, "spirv") != 0) {
      tileReport(errors,
                 "unknown vulkan target option '%s' (valid: features, opt)",
                 t->options[i].key);
      return mlirLogicalResultFailure();
    }
  if (!tileTargetGetOption(t, "spirv") &&
      t->numOptions < TILE_TARGET_MAX_OPTIONS) {
    TileTargetOption *o = &t->options[t->numOptions++];
    strcpy(o->key, "spirv");
    strcpy(o->value, spirv);
  }
  return mlirLogicalResultSuccess();
}

/* Vulkan handles and entry points, declared here so that building needs no
 * Vulkan headers; the loader is opened at run time. */
typedef void *VkInstance;
typedef void *VkPhysicalDevice;
typedef struct {
  int sType;
  const void *pNext;
  unsigned flags;
  const void *pApplicationInfo;
  unsigned enabledLayerCount;
  const char *const *ppEnabledLayerNames;
  unsigned enabledExtensionCount;
  const char *const *ppEnabledExtensionNames;
} VkInstanceCreateInfo;
typedef struct {
  unsigned apiVersion, driverVersion, vendorID, deviceID;
  int deviceType;
  char deviceName[256];
  unsigned char rest[1024]; /* limits and sparse properties, unread */
} VkPhysicalDeviceProperties;
typedef int (*CreateInstance)(const VkInstanceCreateInfo *, const void *,
                              VkInstance *);
typedef void (*DestroyInstance)(VkInstance, const void *);
typedef int (*EnumerateDevices)(VkInstance, unsigned *, VkPhysicalDevice *);
typedef void (*GetProperties)(VkPhysicalDevice, VkPhysicalDeviceProperties *);

enum { InstanceCreateInfoType = 1, DeviceTypeCpu = 4 };

/* Counts Vulkan devices in this process; `gpus` counts those that are not
 * CPU devices. Returns a reason when there is none. */
static const char *countDevices(unsigned *devices, unsigned *gpus) {
  void *lib = dlopen("libvulkan.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!lib)
    return "the Vulkan loader (libvulkan.so.1) is not installed";
  CreateInstance create = (CreateInstance)dlsym(lib, "vkCreateInstance");
  DestroyInstance destroy = (DestroyInstance)dlsym(lib, "vkDestroyInstance");
  EnumerateDevices enumerate =
      (EnumerateDevices)dlsym(lib, "vkEnumeratePhysicalDevices");
  GetProperties properties =
      (GetProperties)dlsym(lib, "vkGetPhysicalDeviceProperties");
  VkInstance instance = NULL;
  VkInstanceCreateInfo info = {InstanceCreateInfoType, 0, 0, 0, 0, 0, 0, 0};
  if (create && destroy && enumerate && properties &&
      create(&info, NULL, &instance) == 0) {
    VkPhysicalDevice list[16];
    unsigned n = 16;
    if (enumerate(instance, &n, list) >= 0) {
      *devices = n;
      for (unsigned i = 0; i < n; ++i) {
        VkPhysicalDeviceProperties p;
        properties(list[i], &p);
        *gpus += p.deviceType != DeviceTypeCpu;
      }
    }
    destroy(instance, NULL);
  }
  return *devices ? NULL
                  : "the Vulkan loader found no device (install a driver, "
                    "e.g. mesa-vulkan-drivers)";
}

/* Probes in a child process: a driver that crashes, hangs on exit or keeps
 * memory (lavapipe does) must not take the compiler with it. */
static bool probe(unsigned *devices, unsigned *gpus, const char **why) {
  static const char *const reasons[] = {
      NULL, "the Vulkan loader (libvulkan.so.1) is not installed",
      "the Vulkan loader found no device (install a driver, e.g. "
      "mesa-vulkan-drivers)",
      "the Vulkan driver failed while listing devices"};
  *devices = *gpus = 0;
  /* Close-on-exec: a program another thread starts meanwhile must not keep
   * the pipe open. */
  int fds[2];
  if (pipe2(fds, O_CLOEXEC) != 0) {
    *why = reasons[3];
    return false;
  }
  fflush(NULL);
  pid_t pid = fork();
  if (pid == 0) {
    close(fds[0]);
    unsigned counts[3] = {0, 0, 0};
    const char *reason = countDevices(&counts[1], &counts[2]);
    counts[0] = !reason ? 0 : strstr(reason, "not installed") ? 1 : 2;
    ssize_t written = write(fds[1], counts, sizeof(counts));
    _exit(written == (ssize_t)sizeof(counts) ? 0 : 1);
  }
  close(fds[1]);
  unsigned counts[3] = {3, 0, 0};
  ssize_t got = pid > 0 ? read(fds[0], counts, sizeof(counts)) : 0;
  close(fds[0]);
  if (pid > 0)
    waitpid(pid, NULL, 0);
  if (got != (ssize_t)sizeof(counts) || counts[0] > 3)
    counts[0] = 3;
  *devices = counts[1];
  *gpus = counts[2];
  *why = reasons[counts[0]];
  return counts[0] == 0;
}

bool tileVulkanDetectTarget(TileTarget *t) {
  unsigned devices, gpus;
  const char *why;
  /* A CPU implementation (lavapipe) is no reason to prefer Vulkan. */
  if (!probe(&devices, &gpus, &why) || gpus == 0)
    return false;
  strcpy(t->kind, "vulkan");
  return true;
}

bool tileVulkanRuntimeAvailable(const TileTarget *target, TileErrorSink why) {
  (void)target;
  unsigned devices, gpus;
  const char *reason = NULL;
  if (probe(&devices, &gpus, &reason))
    return true;
  tileReport(why, "%s", reason);
  return false;
}
