/* Drives libtile_rt_vulkan.so through dlopen, as a JIT does:
 *   rt_driver LIBRARY SPIRV MODE
 * MODE is available, inplace, zero-grid, huge-grid, missing-kernel,
 * bad-block, odd-params, unload-twice or fail-at-exit; see runtime.test. */
#include "tile_rt_vulkan.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef void *(*Load)(const void *, size_t);
typedef void (*Unload)(void *);
typedef void *(*GetFunction)(void *, const char *);
typedef void (*Launch)(void *, intptr_t, intptr_t, intptr_t, intptr_t, intptr_t,
                       intptr_t, int32_t, void *, void **, void **, size_t);
typedef bool (*Available)(char *, size_t);

static void *symbol(void *lib, const char *name) {
  void *f = dlsym(lib, name);
  if (!f) {
    fprintf(stderr, "rt_driver: no %s\n", name);
    exit(2);
  }
  return f;
}

/* fail-at-exit: a call that fails, made while the process leaves normally.
 * The handler is registered before the library is loaded, so it runs after
 * the library's own exit handler. */
static Load loadAtExit;
static void failAtExit(void) { loadAtExit(NULL, 3); }

static char *readFile(const char *path, size_t *size) {
  FILE *f = fopen(path, "rb");
  if (!f) {
    fprintf(stderr, "rt_driver: cannot read %s\n", path);
    exit(2);
  }
  fseek(f, 0, SEEK_END);
  *size = (size_t)ftell(f);
  fseek(f, 0, SEEK_SET);
  char *data = malloc(*size);
  if (fread(data, 1, *size, f) != *size)
    exit(2);
  fclose(f);
  return data;
}

int main(int argc, char **argv) {
  if (argc != 4)
    return 2;
  if (strcmp(argv[3], "fail-at-exit") == 0)
    atexit(failAtExit);
  void *lib = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
  if (!lib) {
    fprintf(stderr, "rt_driver: %s\n", dlerror());
    return 2;
  }
  const char *mode = argv[3];
  Available available = (Available)symbol(lib, "tileRtVulkanAvailable");
  if (strcmp(mode, "available") == 0) {
    char why[512] = "";
    bool ok = available(why, sizeof(why));
    printf("available: %s%s%s\n", ok ? "yes" : "no (", ok ? "" : why,
           ok ? "" : ")");
    return 0;
  }
  Load load = (Load)symbol(lib, "mgpuModuleLoad");
  if (strcmp(mode, "fail-at-exit") == 0) {
    loadAtExit = load;
    printf("leaving\n");
    return 0;
  }
  Unload unload = (Unload)symbol(lib, "mgpuModuleUnload");
  GetFunction get = (GetFunction)symbol(lib, "mgpuModuleGetFunction");
  Launch launch = (Launch)symbol(lib, "mgpuLaunchKernel");
  size_t size;
  char *spirv = readFile(argv[2], &size);
  void *module = load(spirv, size);
  free(spirv);
  if (strcmp(mode, "unload-twice") == 0) {
    unload(module);
    unload(module);
    printf("unloaded\n");
    return 0;
  }
  void *kernel = get(module, strcmp(mode, "missing-kernel") ? "inplace_kernel"
                                                            : "no_such_kernel");
  float data[64];
  for (int i = 0; i < 64; ++i)
    data[i] = (float)i;
  void *ptr = data;
  int64_t bytes = sizeof(data);
  void *params[] = {&ptr, &bytes, &ptr, &bytes};
  intptr_t grid = !strcmp(mode, "zero-grid")   ? 0
                  : !strcmp(mode, "huge-grid") ? (intptr_t)1 << 31
                                               : 1;
  intptr_t block = strcmp(mode, "bad-block") ? 64 : 32;
  size_t count = strcmp(mode, "odd-params") ? 4 : 3;
  launch(kernel, grid, 1, 1, block, 1, 1, 0, NULL, params, NULL, count);
  printf("data[0] = %g, data[63] = %g\n", data[0], data[63]);
  unload(module);
  dlclose(lib);
  return 0;
}
