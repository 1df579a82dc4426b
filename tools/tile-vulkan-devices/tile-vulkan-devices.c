/* tile-vulkan-devices: counts the Vulkan devices this machine has, for
 * libtile's vulkan backend (lib/vulkan/target.c), which runs it as a
 * separate program: a driver that crashes, hangs or keeps memory must not
 * take the compiler with it, and loading a driver in a child of a
 * multi-threaded process without exec is unsafe (another thread may hold
 * the allocator's or the dynamic loader's lock at the fork).
 *
 * Prints one line, "<status> <devices> <gpus>": status 0 when the loader
 * listed devices, 1 when the loader (libvulkan.so.1) is not installed, 2
 * when it found none. `gpus` counts the devices that are not CPU devices
 * (lavapipe is one). Needs no Vulkan headers: the few types it uses are
 * declared here. */
#include <dlfcn.h>
#include <stdio.h>
#include <unistd.h>

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
typedef int (*EnumerateDevices)(VkInstance, unsigned *, VkPhysicalDevice *);
typedef void (*GetProperties)(VkPhysicalDevice, VkPhysicalDeviceProperties *);

enum { InstanceCreateInfoType = 1, DeviceTypeCpu = 4 };

/* Leaves with _exit: the driver's own teardown (lavapipe keeps memory, a
 * broken driver may hang in it) is of no interest once the line is out. */
static void answer(int status, unsigned devices, unsigned gpus) {
  printf("%d %u %u\n", status, devices, gpus);
  fflush(stdout);
  _exit(0);
}

int main(void) {
  void *lib = dlopen("libvulkan.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!lib)
    answer(1, 0, 0);
  CreateInstance create = (CreateInstance)dlsym(lib, "vkCreateInstance");
  EnumerateDevices enumerate =
      (EnumerateDevices)dlsym(lib, "vkEnumeratePhysicalDevices");
  GetProperties properties =
      (GetProperties)dlsym(lib, "vkGetPhysicalDeviceProperties");
  VkInstance instance = NULL;
  VkInstanceCreateInfo info = {InstanceCreateInfoType, 0, 0, 0, 0, 0, 0, 0};
  if (!create || !enumerate || !properties ||
      create(&info, NULL, &instance) != 0)
    answer(2, 0, 0);
  VkPhysicalDevice list[16];
  unsigned n = 16, gpus = 0;
  if (enumerate(instance, &n, list) < 0)
    answer(2, 0, 0);
  for (unsigned i = 0; i < n; ++i) {
    VkPhysicalDeviceProperties p;
    properties(list[i], &p);
    gpus += p.deviceType != DeviceTypeCpu;
  }
  answer(n ? 0 : 2, n, gpus);
}
