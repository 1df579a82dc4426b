/* Loading libcuda.so.1 once: dlopen, entry points, cuInit. */
#include "shim.h"

#include "support/count.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#define TILE_RT_CUDA_DRIVER_NAME "libcuda.so.1"

/* The only process-wide state of the runtime: written by loadOnce, read-only
   afterwards except for the primary-context slots, the stream pool, the
   TMA descriptor cache and the list of modules, each guarded by its lock. */
static struct {
  pthread_once_t once;
  TileRtCudaDriver table;
  bool usable;
  char why[512];
} driverState = {.once = PTHREAD_ONCE_INIT,
                 .table = {.primaryContextLock = PTHREAD_MUTEX_INITIALIZER,
                           .streams = {.lock = PTHREAD_MUTEX_INITIALIZER},
                           .tensorMaps = {.lock = PTHREAD_MUTEX_INITIALIZER,
                                          .unpinned = PTHREAD_COND_INITIALIZER},
                           .sharedLimitLock = PTHREAD_MUTEX_INITIALIZER,
                           .modulesLock = PTHREAD_MUTEX_INITIALIZER}};

/* Symbols carry the version suffix cuda.h maps each name to (_v2). */
typedef struct {
  const char *symbol;
  size_t offset;
  bool required;
} EntryPoint;

#define ENTRY(field, symbol, required)                                         \
  {symbol, offsetof(TileRtCudaDriver, field), required}

static const EntryPoint entryPoints[] = {
    ENTRY(init, "cuInit", true),
    ENTRY(getErrorName, "cuGetErrorName", true),
    ENTRY(getErrorString, "cuGetErrorString", true),
    ENTRY(deviceGetCount, "cuDeviceGetCount", true),
    ENTRY(deviceGet, "cuDeviceGet", true),
    ENTRY(deviceGetAttribute, "cuDeviceGetAttribute", true),
    ENTRY(primaryCtxRetain, "cuDevicePrimaryCtxRetain", true),
    ENTRY(ctxGetCurrent, "cuCtxGetCurrent", true),
    ENTRY(ctxSetCurrent, "cuCtxSetCurrent", true),
    ENTRY(ctxGetDevice, "cuCtxGetDevice", true),
    ENTRY(ctxSynchronize, "cuCtxSynchronize", true),
    ENTRY(moduleLoadData, "cuModuleLoadData", true),
    ENTRY(moduleLoadDataEx, "cuModuleLoadDataEx", true),
    ENTRY(moduleUnload, "cuModuleUnload", true),
    ENTRY(moduleGetFunction, "cuModuleGetFunction", true),
    ENTRY(funcSetAttribute, "cuFuncSetAttribute", true),
    ENTRY(funcGetAttribute, "cuFuncGetAttribute", true),
    ENTRY(launchKernel, "cuLaunchKernel", true),
    ENTRY(streamCreate, "cuStreamCreate", true),
    ENTRY(streamDestroy, "cuStreamDestroy_v2", true),
    ENTRY(streamSynchronize, "cuStreamSynchronize", true),
    ENTRY(streamWaitEvent, "cuStreamWaitEvent", true),
    ENTRY(eventCreate, "cuEventCreate", true),
    ENTRY(eventDestroy, "cuEventDestroy_v2", true),
    ENTRY(eventSynchronize, "cuEventSynchronize", true),
    ENTRY(eventRecord, "cuEventRecord", true),
    ENTRY(memAlloc, "cuMemAlloc_v2", true),
    ENTRY(memAllocManaged, "cuMemAllocManaged", true),
    ENTRY(memFree, "cuMemFree_v2", true),
    ENTRY(memcpyAsync, "cuMemcpyAsync", true),
    ENTRY(memcpyHtoD, "cuMemcpyHtoD_v2", true),
    ENTRY(memsetD32Async, "cuMemsetD32Async", true),
    ENTRY(memsetD16Async, "cuMemsetD16Async", true),
    ENTRY(memHostRegister, "cuMemHostRegister_v2", true),
    ENTRY(memHostUnregister, "cuMemHostUnregister", true),
    ENTRY(launchKernelEx, "cuLaunchKernelEx", false),
    ENTRY(tensorMapEncodeTiled, "cuTensorMapEncodeTiled", false),
    ENTRY(funcGetName, "cuFuncGetName", false),
    ENTRY(streamIsCapturing, "cuStreamIsCapturing", false),
    ENTRY(threadExchangeStreamCaptureMode, "cuThreadExchangeStreamCaptureMode",
          false),
};

__attribute__((format(printf, 1, 2))) static bool failLoad(const char *format,
                                                           ...) {
  va_list args;
  va_start(args, format);
  vsnprintf(driverState.why, sizeof(driverState.why), format, args);
  va_end(args);
  return false;
}

static bool resolveEntryPoints(void *library) {
  for (size_t i = 0; i < TILE_COUNT(entryPoints); ++i) {
    const EntryPoint *entry = &entryPoints[i];
    void *address = dlsym(library, entry->symbol);
    if (!address && entry->required)
      return failLoad("the CUDA driver (" TILE_RT_CUDA_DRIVER_NAME
                      ") has no entry point %s; it is too old or not a "
                      "CUDA driver",
                      entry->symbol);
    /* POSIX guarantees that data and function pointers share a
       representation, which is what dlsym relies on. */
    memcpy((char *)&driverState.table + entry->offset, &address,
           sizeof(address));
  }
  return true;
}

static bool initialise(void) {
  TileRtCudaDriver *driver = &driverState.table;
  char description[256];
  const char *call = "cuInit";
  CUresult result = driver->init(0);
  if (result == CUDA_SUCCESS) {
    call = "cuDeviceGetCount";
    result = driver->deviceGetCount(&driver->deviceCount);
  }
  if (result != CUDA_SUCCESS) {
    tileRtCudaDescribe(driver, result, description, sizeof(description));
    return failLoad("the CUDA driver cannot be initialised: %s failed: %s",
                    call, description);
  }
  if (driver->deviceCount <= 0)
    return failLoad("the CUDA driver sees no device");
  return true;
}

static bool load(void) {
  void *library = dlopen(TILE_RT_CUDA_DRIVER_NAME, RTLD_NOW | RTLD_LOCAL);
  if (!library)
    return failLoad("the CUDA driver (" TILE_RT_CUDA_DRIVER_NAME
                    ") cannot be loaded: %s",
                    dlerror());
  /* The library stays loaded for the life of the process: the driver's own
     threads and the retained contexts outlive any caller. */
  return resolveEntryPoints(library) && initialise();
}

static void loadOnce(void) { driverState.usable = load(); }

TileRtCudaDriver *tileRtCudaDriverLoad(const char **why) {
  pthread_once(&driverState.once, loadOnce);
  if (driverState.usable)
    return &driverState.table;
  *why = driverState.why;
  return NULL;
}

TileRtCudaDriver *tileRtCudaDriver(void) {
  const char *why = NULL;
  TileRtCudaDriver *driver = tileRtCudaDriverLoad(&why);
  if (!driver)
    tileRtCudaFatal("%s", why);
  return driver;
}
