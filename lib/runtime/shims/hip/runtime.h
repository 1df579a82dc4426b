/* The table of HIP runtime entry points, resolved once per process. */
#ifndef TILE_RUNTIME_HIP_RUNTIME_H
#define TILE_RUNTIME_HIP_RUNTIME_H

#include "../common/held.h"
#include "hip_api.h"

#include <pthread.h>
#include <stdbool.h>

/* Devices beyond this ordinal are refused with a clear error. */
#define TILE_RT_HIP_MAX_DEVICES 64

/* What a launch may use on one device, read once on its first launch. */
typedef struct {
  bool known;
  int grid[3], block[3], threads, sharedBytes;
} TileRtHipLimits;

typedef struct {
  hipError_t (*init)(unsigned int flags);
  const char *(*getErrorName)(hipError_t error);
  const char *(*getErrorString)(hipError_t error);
  hipError_t (*getDeviceCount)(int *count);
  hipError_t (*getDevice)(int *device);
  hipError_t (*setDevice)(int device);
  hipError_t (*deviceGetAttribute)(int *value, int attribute, int device);
  hipError_t (*moduleLoadData)(hipModule_t *module, const void *image);
  hipError_t (*moduleUnload)(hipModule_t module);
  hipError_t (*moduleGetFunction)(hipFunction_t *function, hipModule_t module,
                                  const char *name);
  hipError_t (*funcGetAttribute)(int *value, int attribute,
                                 hipFunction_t function);
  hipError_t (*moduleLaunchKernel)(hipFunction_t function, unsigned int gridX,
                                   unsigned int gridY, unsigned int gridZ,
                                   unsigned int blockX, unsigned int blockY,
                                   unsigned int blockZ,
                                   unsigned int sharedBytes, hipStream_t stream,
                                   void **params, void **extra);
  hipError_t (*streamCreateWithFlags)(hipStream_t *stream, unsigned int flags);
  hipError_t (*streamDestroy)(hipStream_t stream);
  hipError_t (*streamSynchronize)(hipStream_t stream);
  hipError_t (*streamWaitEvent)(hipStream_t stream, hipEvent_t event,
                                unsigned int flags);
  hipError_t (*eventCreateWithFlags)(hipEvent_t *event, unsigned int flags);
  hipError_t (*eventDestroy)(hipEvent_t event);
  hipError_t (*eventSynchronize)(hipEvent_t event);
  hipError_t (*eventRecord)(hipEvent_t event, hipStream_t stream);
  hipError_t (*memAlloc)(void **ptr, size_t bytes);
  hipError_t (*memAllocManaged)(void **ptr, size_t bytes, unsigned int flags);
  hipError_t (*memFree)(void *ptr);
  hipError_t (*memcpyAsync)(void *dst, const void *src, size_t bytes, int kind,
                            hipStream_t stream);
  hipError_t (*memsetD32Async)(void *dst, int value, size_t count,
                               hipStream_t stream);
  hipError_t (*memsetD16Async)(void *dst, unsigned short value, size_t count,
                               hipStream_t stream);
  hipError_t (*hostRegister)(void *ptr, size_t bytes, unsigned int flags);
  hipError_t (*hostUnregister)(void *ptr);
  /* Optional: NULL when the runtime lacks it. */
  const char *(*kernelNameRef)(hipFunction_t function);

  const char *libraryName; /* the file that was loaded */
  int deviceCount;
  pthread_mutex_t limitsLock;
  TileRtHipLimits limits[TILE_RT_HIP_MAX_DEVICES];
  /* The modules loaded and not unloaded, as a runtime holds its own: a
     process that ends on an error before generated code's destructors run
     still holds them. */
  pthread_mutex_t modulesLock;
  TileRtHeld *modules; /* module.c's */
} TileRtHipRuntime;

/* Loads the runtime on first call (thread-safe). Returns the table, or NULL
   with the reason why it is unusable. */
TileRtHipRuntime *tileRtHipRuntimeLoad(const char **why);

/* The loaded table, or a fatal error saying why there is none. */
TileRtHipRuntime *tileRtHipRuntime(void);

#endif
