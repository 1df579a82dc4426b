/* Device code: cubin/fatbin images, PTX through the JIT, kernels.

   A CUDA module belongs to the context it was loaded into, but generated
   code loads its module once, from a global constructor, and looks its
   kernels up in it on every launch, in whatever context is current then
   (the program may have switched devices since). So the handle generated
   code holds is the runtime's own: a copy of the image and the module
   loaded from it into each context that has launched from it, the first
   one at load time (where a bad image or PTX is reported), the others on
   first use. */
#include "shim.h"

#include "support/count.h"

#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* PTX JIT errors arrive as a log; beyond this it is truncated. */
#define TILE_RT_CUDA_JIT_LOG_BYTES 8192
/* Contexts one module may be loaded into. */
#define TILE_RT_CUDA_MODULE_CONTEXTS 64

typedef struct {
  TileRtHeld held; /* in driver->modules */
  char *image;
  size_t size;
  int optLevel; /* the PTX JIT's; negative for a binary image */
  /* Entries [0, count) are complete: a lookup reads count (acquire) and
     then the entries without the lock; loads append under it. */
  pthread_mutex_t lock;
  atomic_uint count;
  struct {
    CUcontext context;
    CUmodule module;
  } loaded[TILE_RT_CUDA_MODULE_CONTEXTS];
} Module;

/* Generated code holds the runtime's handle as an opaque pointer. */
static struct CUmod_st *toHandle(Module *module) {
  return (struct CUmod_st *)(void *)module;
}

static Module *fromHandle(struct CUmod_st *handle) {
  return (Module *)(void *)handle;
}

static CUmodule loadBinary(TileRtCudaDriver *driver, const Module *module) {
  CUmodule loaded = NULL;
  tileRtCudaCheckf(driver->moduleLoadData(&loaded, module->image),
                   "cuModuleLoadData (%zu-byte device binary)", module->size);
  return loaded;
}

static CUmodule loadPtx(TileRtCudaDriver *driver, const Module *module) {
  char log[TILE_RT_CUDA_JIT_LOG_BYTES] = "";
  CUjit_option options[] = {CU_JIT_ERROR_LOG_BUFFER,
                            CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES,
                            CU_JIT_OPTIMIZATION_LEVEL};
  /* Integer option values travel in the pointer slots themselves. */
  void *values[] = {log, (void *)(uintptr_t)sizeof(log),
                    (void *)(uintptr_t)module->optLevel};
  CUmodule loaded = NULL;
  CUresult result = driver->moduleLoadDataEx(
      &loaded, module->image, TILE_COUNT(options), options, values);
  if (result != CUDA_SUCCESS) {
    char description[256];
    tileRtCudaDescribe(driver, result, description, sizeof(description));
    tileRtCudaFatalWithLog(log,
                           "cuModuleLoadDataEx (PTX JIT at -O%d) failed: %s",
                           module->optLevel, description);
  }
  return loaded;
}

/* The module loaded into `context`, loading it on first use. */
static CUmodule moduleIn(TileRtCudaDriver *driver, Module *module,
                         CUcontext context) {
  unsigned count = atomic_load_explicit(&module->count, memory_order_acquire);
  for (unsigned i = 0; i < count; ++i)
    if (module->loaded[i].context == context)
      return module->loaded[i].module;
  pthread_mutex_lock(&module->lock);
  count = atomic_load_explicit(&module->count, memory_order_relaxed);
  for (unsigned i = 0; i < count; ++i)
    if (module->loaded[i].context == context) {
      pthread_mutex_unlock(&module->lock);
      return module->loaded[i].module;
    }
  if (count == TILE_RT_CUDA_MODULE_CONTEXTS)
    tileRtCudaFatal("a kernel module is already loaded into %d CUDA contexts, "
                    "the most this runtime keeps",
                    TILE_RT_CUDA_MODULE_CONTEXTS);
  /* A first use inside a stream capture (torch.cuda.graph) loads here. */
  int previous = tileRtCudaRelaxCapture(driver);
  CUmodule loaded = module->optLevel < 0 ? loadBinary(driver, module)
                                         : loadPtx(driver, module);
  tileRtCudaRestoreCapture(driver, previous);
  module->loaded[count].context = context;
  module->loaded[count].module = loaded;
  atomic_store_explicit(&module->count, count + 1, memory_order_release);
  pthread_mutex_unlock(&module->lock);
  return loaded;
}

/* Keeps a copy of the image (the caller's need not outlive the call) and
   loads it into the current context. */
static struct CUmod_st *load(const void *image, size_t size, int optLevel) {
  TileRtCudaDriver *driver = tileRtCudaDriver();
  CUcontext context = tileRtCudaCurrentContext(driver);
  Module *module = calloc(1, sizeof(*module));
  char *copy = malloc(size);
  if (!module || !copy)
    tileRtCudaFatal("out of host memory for a %zu-byte kernel module", size);
  memcpy(copy, image, size);
  module->image = copy;
  module->size = size;
  module->optLevel = optLevel;
  pthread_mutex_init(&module->lock, NULL);
  tileRtHoldLocked(&driver->modulesLock, &driver->modules, &module->held);
  moduleIn(driver, module, context);
  return toHandle(module);
}

struct CUmod_st *mgpuModuleLoad(void *data, size_t size) {
  tileRtCudaEnter();
  if (!data || size == 0)
    tileRtCudaFatal("mgpuModuleLoad: the device binary is empty");
  return load(data, size, -1);
}

struct CUmod_st *mgpuModuleLoadJIT(void *ptx, int optLevel) {
  tileRtCudaEnter();
  if (!ptx)
    tileRtCudaFatal("mgpuModuleLoadJIT: the PTX text is missing");
  if (optLevel < 0 || optLevel > 4)
    tileRtCudaFatal("mgpuModuleLoadJIT: optimisation level %d is outside the "
                    "0 to 4 the PTX JIT accepts",
                    optLevel);
  return load(ptx, strlen(ptx) + 1, optLevel);
}

/* Generated code unloads from a global destructor, possibly after the host
   program tore the driver down (cuCtxGetCurrent: deinitialised) or reset
   a device, which destroyed the modules of its context (cuModuleUnload
   fails). Either way there is nothing left to release, and the exit status
   stays the program's. cuModuleUnload unloads from the current context, so
   each module is unloaded with its own context current, and the thread's
   context is current again afterwards. */
void mgpuModuleUnload(struct CUmod_st *handle) {
  TileRtCudaDriver *driver = tileRtCudaDriver();
  Module *module = fromHandle(handle);
  CUcontext current = NULL;
  if (!module || driver->ctxGetCurrent(&current) != CUDA_SUCCESS)
    return;
  CUcontext made = current;
  unsigned count = atomic_load(&module->count);
  for (unsigned i = 0; i < count; ++i) {
    CUcontext context = module->loaded[i].context;
    if (context != made && driver->ctxSetCurrent(context) != CUDA_SUCCESS)
      continue;
    made = context;
    (void)driver->moduleUnload(module->loaded[i].module);
  }
  if (made != current)
    (void)driver->ctxSetCurrent(current);
  tileRtReleaseLocked(&driver->modulesLock, &driver->modules, &module->held);
  pthread_mutex_destroy(&module->lock);
  free(module->image);
  free(module);
}

struct CUfunc_st *mgpuModuleGetFunction(struct CUmod_st *handle,
                                        const char *name) {
  TileRtCudaDriver *driver = tileRtCudaDriver();
  CUcontext context = tileRtCudaCurrentContext(driver);
  if (!handle)
    tileRtCudaFatal("mgpuModuleGetFunction: the module handle is null");
  if (!name)
    tileRtCudaFatal("mgpuModuleGetFunction: the kernel name is missing");
  CUmodule module = moduleIn(driver, fromHandle(handle), context);
  CUfunction function = NULL;
  tileRtCudaCheckf(driver->moduleGetFunction(&function, module, name),
                   "cuModuleGetFunction for kernel '%s'", name);
  return function;
}
