/* What libtile_rt_cuda.so exports: the mgpu* ABI, tileRtCudaAvailable,
   tileRtCudaSetStream, tileRtCudaClearStream and tileRtCatchRefusals
   (common/refusals.h). */
#ifndef TILE_RUNTIME_CUDA_TILE_RT_CUDA_H
#define TILE_RUNTIME_CUDA_TILE_RT_CUDA_H

#include "../common/refusals.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define TILE_RT_CUDA_EXPORT __attribute__((visibility("default")))

/* Handles are the CUDA driver's own (the struct tags of cuda.h); generated
   code sees them as !llvm.ptr. */
struct CUmod_st;
struct CUfunc_st;
struct CUstream_st;
struct CUevent_st;
struct CUtensorMap_st;

/* A ranked memref descriptor as MLIR lays it out: sizes[rank] then
   strides[rank] follow the offset. */
typedef struct {
  char *allocated;
  char *aligned;
  int64_t offset;
  int64_t sizesAndStrides[];
} TileRtCudaMemRef;

/* Whether the driver loads, initialises and shows a device. When it does not,
   writes the reason (NUL-terminated, truncated to size) to why. Never exits. */
TILE_RT_CUDA_EXPORT bool tileRtCudaAvailable(char *why, size_t size);

/* Makes code compiled by tile-mlir run its work, on the calling thread, on
   `stream` (of the current context; NULL is the legacy default stream)
   instead of streams of its own: mgpuStreamCreate returns it and
   mgpuStreamDestroy leaves it alone, so that kernels are ordered with the
   caller's other work on that stream (a framework's current stream).
   While that stream is captured into a CUDA graph, the calls are recorded
   into the graph (mgpuStreamSynchronize then does not wait).
   tileRtCudaClearStream goes back to the runtime's own streams. */
TILE_RT_CUDA_EXPORT void tileRtCudaSetStream(struct CUstream_st *stream);
TILE_RT_CUDA_EXPORT void tileRtCudaClearStream(void);

/* Modules and kernels. */
TILE_RT_CUDA_EXPORT struct CUmod_st *mgpuModuleLoad(void *data, size_t size);
TILE_RT_CUDA_EXPORT struct CUmod_st *mgpuModuleLoadJIT(void *ptx, int optLevel);
TILE_RT_CUDA_EXPORT void mgpuModuleUnload(struct CUmod_st *module);
TILE_RT_CUDA_EXPORT struct CUfunc_st *
mgpuModuleGetFunction(struct CUmod_st *module, const char *name);
TILE_RT_CUDA_EXPORT void
mgpuLaunchKernel(struct CUfunc_st *function, intptr_t gridX, intptr_t gridY,
                 intptr_t gridZ, intptr_t blockX, intptr_t blockY,
                 intptr_t blockZ, int32_t sharedBytes,
                 struct CUstream_st *stream, void **params, void **extra,
                 size_t paramsCount);
TILE_RT_CUDA_EXPORT void mgpuLaunchClusterKernel(
    struct CUfunc_st *function, intptr_t clusterX, intptr_t clusterY,
    intptr_t clusterZ, intptr_t gridX, intptr_t gridY, intptr_t gridZ,
    intptr_t blockX, intptr_t blockY, intptr_t blockZ, int32_t sharedBytes,
    struct CUstream_st *stream, void **params, void **extra);

/* Streams and events. */
TILE_RT_CUDA_EXPORT struct CUstream_st *mgpuStreamCreate(void);
TILE_RT_CUDA_EXPORT void mgpuStreamDestroy(struct CUstream_st *stream);
TILE_RT_CUDA_EXPORT void mgpuStreamSynchronize(struct CUstream_st *stream);
TILE_RT_CUDA_EXPORT void mgpuStreamWaitEvent(struct CUstream_st *stream,
                                             struct CUevent_st *event);
TILE_RT_CUDA_EXPORT struct CUevent_st *mgpuEventCreate(void);
TILE_RT_CUDA_EXPORT void mgpuEventDestroy(struct CUevent_st *event);
TILE_RT_CUDA_EXPORT void mgpuEventSynchronize(struct CUevent_st *event);
TILE_RT_CUDA_EXPORT void mgpuEventRecord(struct CUevent_st *event,
                                         struct CUstream_st *stream);

/* Device memory. The caller passes isHostShared as an i8 and the memset16
   value as an i16; only their low bits are read, whatever the caller left in
   the rest of the register. */
TILE_RT_CUDA_EXPORT void *mgpuMemAlloc(uint64_t sizeBytes,
                                       struct CUstream_st *stream,
                                       uint32_t isHostShared);
TILE_RT_CUDA_EXPORT void mgpuMemFree(void *ptr, struct CUstream_st *stream);
TILE_RT_CUDA_EXPORT void mgpuMemcpy(void *dst, void *src, size_t sizeBytes,
                                    struct CUstream_st *stream);
TILE_RT_CUDA_EXPORT void mgpuMemset32(void *dst, uint32_t value, size_t count,
                                      struct CUstream_st *stream);
TILE_RT_CUDA_EXPORT void mgpuMemset16(void *dst, uint32_t value, size_t count,
                                      struct CUstream_st *stream);

/* Host memory the device may read and write at the same address. */
TILE_RT_CUDA_EXPORT void mgpuMemHostRegister(void *ptr, uint64_t sizeBytes);
TILE_RT_CUDA_EXPORT void mgpuMemHostUnregister(void *ptr);
TILE_RT_CUDA_EXPORT void mgpuMemHostRegisterMemRef(int64_t rank,
                                                   TileRtCudaMemRef *memref,
                                                   int64_t elementSizeBytes);
TILE_RT_CUDA_EXPORT void mgpuMemHostUnregisterMemRef(int64_t rank,
                                                     TileRtCudaMemRef *memref,
                                                     int64_t elementSizeBytes);

/* Makes the primary context of device `device` current on the calling
   thread for the calls that follow on it. */
TILE_RT_CUDA_EXPORT void mgpuSetDefaultDevice(int32_t device);

/* TMA descriptors (sm_90). The enum arguments are cuda.h's
   CUtensorMapDataType, CUtensorMapInterleave, CUtensorMapSwizzle,
   CUtensorMapL2promotion and CUtensorMapFloatOOBfill values. */
TILE_RT_CUDA_EXPORT void
mgpuTensorMapEncodeTiled(struct CUtensorMap_st *tensorMap, int dataType,
                         uint32_t rank, void *globalAddress,
                         const uint64_t *globalDim,
                         const uint64_t *globalStrides, const uint32_t *boxDim,
                         const uint32_t *elementStrides, int interleave,
                         int swizzle, int l2Promotion, int oobFill);
/* Returns device memory holding the descriptor of the memref's tile box. */
TILE_RT_CUDA_EXPORT void *
mgpuTensorMapEncodeTiledMemref(int64_t rank, TileRtCudaMemRef *memref,
                               int64_t dataType, int64_t interleave,
                               int64_t swizzle, int64_t l2Promotion,
                               int64_t oobFill, int64_t *boxDims);

#endif
