/* Loading the HIP runtime once: dlopen, entry points, hipInit. */
#include "shim.h"

#include "support/count.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Tried in order when TILE_HIP_LIBRARY names no file: ROCm 6, ROCm 5, then
   the development link a ROCm install may have without either. */
static const char *const libraryNames[] = {
    "libamdhip64.so.6", "libamdhip64.so.5", "libamdhip64.so"};

/* The only process-wide state of the runtime: written by loadOnce,
   read-only afterwards except for the device limits, under their lock. */
static struct {
  pthread_once_t once;
  TileRtHipRuntime table;
  bool usable;
  char why[768];
} runtimeState = {.once = PTHREAD_ONCE_INIT,
                  .table = {.limitsLock = PTHREAD_MUTEX_INITIALIZER,
                            .modulesLock = PTHREAD_MUTEX_INITIALIZER}};

typedef struct {
  const char *symbol;
  size_t offset;
  bool required;
} EntryPoint;

#define ENTRY(field, symbol, required)                                         \
  {symbol, offsetof(TileRtHipRuntime, field), required}

static const EntryPoint entryPoints[] = {
    ENTRY(init, "hipInit", true),
    ENTRY(getErrorName, "hipGetErrorName", true),
    ENTRY(getErrorString, "hipGetErrorString", true),
    ENTRY(getDeviceCount, "hipGetDeviceCount", true),
    ENTRY(getDevice, "hipGetDevice", true),
    ENTRY(setDevice, "hipSetDevice", true),
    ENTRY(deviceGetAttribute, "hipDeviceGetAttribute", true),
    ENTRY(moduleLoadData, "hipModuleLoadData", true),
    ENTRY(moduleUnload, "hipModuleUnload", true),
    ENTRY(moduleGetFunction, "hipModuleGetFunction", true),
    ENTRY(funcGetAttribute, "hipFuncGetAttribute", true),
    ENTRY(moduleLaunchKernel, "hipModuleLaunchKernel", true),
    ENTRY(streamCreateWithFlags, "hipStreamCreateWithFlags", true),
    ENTRY(streamDestroy, "hipStreamDestroy", true),
    ENTRY(streamSynchronize, "hipStreamSynchronize", true),
    ENTRY(streamWaitEvent, "hipStreamWaitEvent", true),
    ENTRY(eventCreateWithFlags, "hipEventCreateWithFlags", true),
    ENTRY(eventDestroy, "hipEventDestroy", true),
    ENTRY(eventSynchronize, "hipEventSynchronize", true),
    ENTRY(eventRecord, "hipEventRecord", true),
    ENTRY(memAlloc, "hipMalloc", true),
    ENTRY(memAllocManaged, "hipMallocManaged", true),
    ENTRY(memFree, "hipFree", true),
    ENTRY(memcpyAsync, "hipMemcpyAsync", true),
    ENTRY(memsetD32Async, "hipMemsetD32Async", true),
    ENTRY(memsetD16Async, "hipMemsetD16Async", true),
    ENTRY(hostRegister, "hipHostRegister", true),
    ENTRY(hostUnregister, "hipHostUnregister", true),
    ENTRY(kernelNameRef, "hipKernelNameRef", false),
};

__attribute__((format(printf, 1, 2))) static bool failLoad(const char *format,
                                                           ...) {
  va_list args;
  va_start(args, format);
  vsnprintf(runtimeState.why, sizeof(runtimeState.why), format, args);
  va_end(args);
  return false;
}

static bool resolveEntryPoints(void *library) {
  for (size_t i = 0; i < TILE_COUNT(entryPoints); ++i) {
    const EntryPoint *entry = &entryPoints[i];
    void *address = dlsym(library, entry->symbol);
    if (!address && entry->required)
      return failLoad("the HIP runtime (%s) has no entry point %s; it is too "
                      "old or not a HIP runtime",
                      runtimeState.table.libraryName, entry->symbol);
    /* POSIX guarantees that data and function pointers share a
       representation, which is what dlsym relies on. */
    memcpy((char *)&runtimeState.table + entry->offset, &address,
           sizeof(address));
  }
  return true;
}

/* A machine without an AMD GPU gets hipErrorNoDevice, or, from ROCm 5.2's
   hipInit (Debian 12's libamdhip64-5, measured), hipErrorInvalidDevice:
   worth saying in those words. */
static bool initialise(void) {
  TileRtHipRuntime *runtime = &runtimeState.table;
  char description[256];
  const char *call = "hipInit";
  hipError_t result = runtime->init(0);
  if (result == hipSuccess) {
    call = "hipGetDeviceCount";
    result = runtime->getDeviceCount(&runtime->deviceCount);
  }
  if (result != hipSuccess) {
    tileRtHipDescribe(runtime, result, description, sizeof(description));
    if (result == hipErrorNoDevice || result == hipErrorInvalidDevice)
      return failLoad("no AMD GPU: %s says %s", call, description);
    return failLoad("the HIP runtime (%s) cannot be initialised: %s failed: "
                    "%s",
                    runtime->libraryName, call, description);
  }
  if (runtime->deviceCount <= 0)
    return failLoad("no AMD GPU: hipGetDeviceCount says %d devices",
                    runtime->deviceCount);
  return true;
}

/* TILE_HIP_LIBRARY names the one file to load (a stand-in runtime in the
   tests, a runtime outside the loader's path). */
static void *openLibrary(void) {
  const char *chosen = getenv("TILE_HIP_LIBRARY");
  if (chosen && *chosen) {
    runtimeState.table.libraryName = chosen;
    void *library = dlopen(chosen, RTLD_NOW | RTLD_LOCAL);
    if (!library)
      failLoad("the HIP runtime named by TILE_HIP_LIBRARY cannot be loaded: "
               "%s",
               dlerror());
    return library;
  }
  for (size_t i = 0; i < TILE_COUNT(libraryNames); ++i) {
    runtimeState.table.libraryName = libraryNames[i];
    void *library = dlopen(libraryNames[i], RTLD_NOW | RTLD_LOCAL);
    if (library)
      return library;
  }
  failLoad("the HIP runtime (libamdhip64.so) is not installed: %s", dlerror());
  return NULL;
}

static bool load(void) {
  void *library = openLibrary();
  /* The library stays loaded for the life of the process: the runtime's own
     threads and device state outlive any caller. */
  return library && resolveEntryPoints(library) && initialise();
}

static void loadOnce(void) { runtimeState.usable = load(); }

TileRtHipRuntime *tileRtHipRuntimeLoad(const char **why) {
  pthread_once(&runtimeState.once, loadOnce);
  if (runtimeState.usable)
    return &runtimeState.table;
  *why = runtimeState.why;
  return NULL;
}

TileRtHipRuntime *tileRtHipRuntime(void) {
  const char *why = NULL;
  TileRtHipRuntime *runtime = tileRtHipRuntimeLoad(&why);
  if (!runtime)
    tileRtHipFatal("%s", why);
  return runtime;
}
