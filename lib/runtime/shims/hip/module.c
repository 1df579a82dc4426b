/* Device code: HSACO code objects and the kernels in them.

   A HIP module is loaded onto the device current at the time, but
   generated code loads its module once, from a global constructor, and
   looks its kernels up in it on every launch, on whatever device is
   current then (the program may have switched devices since). So the
   handle generated code holds is the runtime's own: a copy of the code
   object and the module loaded from it onto each device that has launched
   from it, the first at load time (where a bad code object is reported),
   the others on first use. */
#include "shim.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  TileRtHeld held; /* in runtime->modules */
  unsigned char *image;
  size_t size;
  pthread_mutex_t lock; /* held while a device's module is loaded */
  _Atomic(hipModule_t) loaded[TILE_RT_HIP_MAX_DEVICES];
} Module;

/* Generated code holds the runtime's handle as an opaque pointer. */
static struct ihipModule_t *toHandle(Module *module) {
  return (struct ihipModule_t *)(void *)module;
}

static Module *fromHandle(struct ihipModule_t *handle) {
  return (Module *)(void *)handle;
}

/* An HSACO code object is an ELF file: text (PTX, assembly) handed over by
   mistake is refused with a line saying so. */
static bool looksLikeElf(const void *data, size_t size) {
  return size >= 4 && memcmp(data, "\177ELF", 4) == 0;
}

/* The module loaded onto `device` (tileRtHipCurrentDevice's), loading it
   on first use. */
static hipModule_t moduleOn(TileRtHipRuntime *runtime, Module *module,
                            int device) {
  hipModule_t loaded =
      atomic_load_explicit(&module->loaded[device], memory_order_acquire);
  if (loaded)
    return loaded;
  pthread_mutex_lock(&module->lock);
  loaded = atomic_load_explicit(&module->loaded[device], memory_order_relaxed);
  if (!loaded) {
    tileRtHipCheckf(runtime->moduleLoadData(&loaded, module->image),
                    "hipModuleLoadData (%zu-byte code object, device %d)",
                    module->size, device);
    atomic_store_explicit(&module->loaded[device], loaded,
                          memory_order_release);
  }
  pthread_mutex_unlock(&module->lock);
  return loaded;
}

struct ihipModule_t *mgpuModuleLoad(void *data, size_t size) {
  TileRtHipRuntime *runtime = tileRtHipEnter();
  if (!data || size == 0)
    tileRtHipFatal("mgpuModuleLoad: the device binary is empty");
  if (!looksLikeElf(data, size))
    tileRtHipFatal(
        "mgpuModuleLoad: the %zu-byte device binary is not an AMDGPU "
        "code object (HSACO, an ELF file)",
        size);
  Module *module = calloc(1, sizeof(*module));
  unsigned char *copy = malloc(size);
  if (!module || !copy)
    tileRtHipFatal("out of host memory for a %zu-byte code object", size);
  memcpy(copy, data, size);
  module->image = copy;
  module->size = size;
  pthread_mutex_init(&module->lock, NULL);
  tileRtHoldLocked(&runtime->modulesLock, &runtime->modules, &module->held);
  moduleOn(runtime, module, tileRtHipCurrentDevice(runtime));
  return toHandle(module);
}

/* Generated code unloads from a global destructor, possibly after the host
   program tore the runtime down: then there is nothing to do. */
void mgpuModuleUnload(struct ihipModule_t *handle) {
  TileRtHipRuntime *runtime = tileRtHipEnterToRelease();
  Module *module = fromHandle(handle);
  if (!runtime || !module)
    return;
  for (int device = 0; device < TILE_RT_HIP_MAX_DEVICES; ++device) {
    hipModule_t loaded = atomic_load(&module->loaded[device]);
    if (loaded &&
        !tileRtHipReleased(runtime->moduleUnload(loaded), "hipModuleUnload"))
      return;
  }
  tileRtReleaseLocked(&runtime->modulesLock, &runtime->modules, &module->held);
  pthread_mutex_destroy(&module->lock);
  free(module->image);
  free(module);
}

struct ihipModuleSymbol_t *mgpuModuleGetFunction(struct ihipModule_t *handle,
                                                 const char *name) {
  TileRtHipRuntime *runtime = tileRtHipEnter();
  if (!handle)
    tileRtHipFatal("mgpuModuleGetFunction: the module handle is null");
  if (!name)
    tileRtHipFatal("mgpuModuleGetFunction: the kernel name is missing");
  hipModule_t module =
      moduleOn(runtime, fromHandle(handle), tileRtHipCurrentDevice(runtime));
  hipFunction_t function = NULL;
  tileRtHipCheckf(runtime->moduleGetFunction(&function, module, name),
                  "hipModuleGetFunction for kernel '%s'", name);
  return function;
}
