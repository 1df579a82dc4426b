/* The table of CUDA driver entry points, resolved once per process. */
#ifndef TILE_RUNTIME_CUDA_DRIVER_H
#define TILE_RUNTIME_CUDA_DRIVER_H

#include "../common/held.h"
#include "cuda_api.h"

#include <pthread.h>
#include <stdbool.h>

/* Devices beyond this ordinal are refused with a clear error. */
#define TILE_RT_CUDA_MAX_DEVICES 64
/* Streams kept for reuse once generated code destroys them (more are
   destroyed for real). */
#define TILE_RT_CUDA_STREAM_POOL 64
/* TMA descriptors kept in device memory, least recently used evicted
   (except those a captured CUDA graph launches with). */
#define TILE_RT_CUDA_TENSOR_MAP_CACHE 256

/* Destroyed streams, kept with the context they belong to. */
typedef struct {
  pthread_mutex_t lock;
  unsigned count;
  struct {
    CUcontext context;
    CUstream stream;
  } free[TILE_RT_CUDA_STREAM_POOL];
} TileRtCudaStreamPool;

/* Encoded TMA descriptors and the device copies kernels read them from. */
typedef struct {
  CUcontext context;
  uint64_t hash, lastUse;
  CUdeviceptr device; /* 0: a free slot */
  unsigned pins;      /* threads handed it and not launched since */
  bool captured;      /* launched with in a stream capture: kept for good */
  CUtensorMap map;
} TileRtCudaTensorMapEntry;

typedef struct {
  pthread_mutex_t lock;
  pthread_cond_t unpinned; /* signalled when threads drop their pins */
  unsigned count;
  uint64_t clock;
  TileRtCudaTensorMapEntry entries[TILE_RT_CUDA_TENSOR_MAP_CACHE];
} TileRtCudaTensorMapCache;

typedef struct {
  CUresult (*init)(unsigned int flags);
  CUresult (*getErrorName)(CUresult error, const char **name);
  CUresult (*getErrorString)(CUresult error, const char **text);
  CUresult (*deviceGetCount)(int *count);
  CUresult (*deviceGet)(CUdevice *device, int ordinal);
  CUresult (*deviceGetAttribute)(int *value, int attribute, CUdevice device);
  CUresult (*primaryCtxRetain)(CUcontext *context, CUdevice device);
  CUresult (*ctxGetCurrent)(CUcontext *context);
  CUresult (*ctxSetCurrent)(CUcontext context);
  CUresult (*ctxGetDevice)(CUdevice *device);
  CUresult (*ctxSynchronize)(void);
  CUresult (*moduleLoadData)(CUmodule *module, const void *image);
  CUresult (*moduleLoadDataEx)(CUmodule *module, const void *image,
                               unsigned int count, CUjit_option *options,
                               void **values);
  CUresult (*moduleUnload)(CUmodule module);
  CUresult (*moduleGetFunction)(CUfunction *function, CUmodule module,
                                const char *name);
  CUresult (*funcSetAttribute)(CUfunction function, int attribute, int value);
  CUresult (*funcGetAttribute)(int *value, int attribute, CUfunction function);
  CUresult (*launchKernel)(CUfunction function, unsigned int gridX,
                           unsigned int gridY, unsigned int gridZ,
                           unsigned int blockX, unsigned int blockY,
                           unsigned int blockZ, unsigned int sharedBytes,
                           CUstream stream, void **params, void **extra);
  CUresult (*streamCreate)(CUstream *stream, unsigned int flags);
  CUresult (*streamDestroy)(CUstream stream);
  CUresult (*streamSynchronize)(CUstream stream);
  CUresult (*streamWaitEvent)(CUstream stream, CUevent event,
                              unsigned int flags);
  CUresult (*eventCreate)(CUevent *event, unsigned int flags);
  CUresult (*eventDestroy)(CUevent event);
  CUresult (*eventSynchronize)(CUevent event);
  CUresult (*eventRecord)(CUevent event, CUstream stream);
  CUresult (*memAlloc)(CUdeviceptr *ptr, size_t bytes);
  CUresult (*memAllocManaged)(CUdeviceptr *ptr, size_t bytes,
                              unsigned int flags);
  CUresult (*memFree)(CUdeviceptr ptr);
  CUresult (*memcpyAsync)(CUdeviceptr dst, CUdeviceptr src, size_t bytes,
                          CUstream stream);
  CUresult (*memcpyHtoD)(CUdeviceptr dst, const void *src, size_t bytes);
  CUresult (*memsetD32Async)(CUdeviceptr dst, unsigned int value, size_t count,
                             CUstream stream);
  CUresult (*memsetD16Async)(CUdeviceptr dst, unsigned short value,
                             size_t count, CUstream stream);
  CUresult (*memHostRegister)(void *ptr, size_t bytes, unsigned int flags);
  CUresult (*memHostUnregister)(void *ptr);
  /* Optional: NULL when the driver is older than the version named. */
  CUresult (*launchKernelEx)(const CUlaunchConfig *config, CUfunction function,
                             void **params, void **extra); /* CUDA 11.8 */
  CUresult (*tensorMapEncodeTiled)(CUtensorMap *map, int dataType,
                                   uint32_t rank, void *address,
                                   const uint64_t *dims,
                                   const uint64_t *strides, const uint32_t *box,
                                   const uint32_t *elementStrides,
                                   int interleave, int swizzle, int l2Promotion,
                                   int oobFill); /* CUDA 12.0 */
  CUresult (*funcGetName)(const char **name, CUfunction function); /* 12.3 */
  CUresult (*streamIsCapturing)(CUstream stream, int *status);     /* 10.1 */
  CUresult (*threadExchangeStreamCaptureMode)(int *mode);          /* 10.1 */

  int deviceCount;
  /* Each device's primary context, retained once on first use (under the
     lock) and kept for the life of the process. */
  pthread_mutex_t primaryContextLock;
  CUcontext primaryContexts[TILE_RT_CUDA_MAX_DEVICES];
  /* Per-call resources kept for the next call, each under its own lock. */
  TileRtCudaStreamPool streams;
  TileRtCudaTensorMapCache tensorMaps;
  /* Held while a kernel's dynamic shared-memory limit is read and raised. */
  pthread_mutex_t sharedLimitLock;
  /* The modules loaded and not unloaded, as a driver holds its own: a
     process that ends on an error before generated code's destructors run
     still holds them. */
  pthread_mutex_t modulesLock;
  TileRtHeld *modules; /* module.c's */
} TileRtCudaDriver;

/* Loads the driver on first call (thread-safe). Returns the table, or NULL
   with the reason why it is unusable. */
TileRtCudaDriver *tileRtCudaDriverLoad(const char **why);

/* The loaded table, or a fatal error saying why there is none. */
TileRtCudaDriver *tileRtCudaDriver(void);

#endif
