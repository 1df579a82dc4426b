/* What libtile_rt_hip.so exports: the mgpu* ABI, tileRtHipAvailable,
   tileRtHipSetStream, tileRtHipClearStream and tileRtCatchRefusals
   (common/refusals.h). */
#ifndef TILE_RUNTIME_HIP_TILE_RT_HIP_H
#define TILE_RUNTIME_HIP_TILE_RT_HIP_H

#include "../common/memref_span.h"
#include "../common/refusals.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define TILE_RT_HIP_EXPORT __attribute__((visibility("default")))

/* Handles are the HIP runtime's own (the struct tags of hip_runtime_api.h);
   generated code sees them as !llvm.ptr. */
struct ihipModule_t;
struct ihipModuleSymbol_t;
struct ihipStream_t;
struct ihipEvent_t;

typedef TileRtMemRefDescriptor TileRtHipMemRef;

/* Whether the HIP runtime loads, initialises and shows an AMD GPU. When it
   does not, writes the reason (NUL-terminated, truncated to size) to why.
   Never exits. */
TILE_RT_HIP_EXPORT bool tileRtHipAvailable(char *why, size_t size);

/* Makes code compiled by tile-mlir run its work, on the calling thread, on
   `stream` (NULL is the null stream) instead of streams of its own:
   mgpuStreamCreate returns it and mgpuStreamDestroy leaves it alone.
   tileRtHipClearStream goes back to the runtime's own streams. */
TILE_RT_HIP_EXPORT void tileRtHipSetStream(struct ihipStream_t *stream);
TILE_RT_HIP_EXPORT void tileRtHipClearStream(void);

/* Modules (HSACO code objects) and kernels. */
TILE_RT_HIP_EXPORT struct ihipModule_t *mgpuModuleLoad(void *data, size_t size);
TILE_RT_HIP_EXPORT void mgpuModuleUnload(struct ihipModule_t *module);
TILE_RT_HIP_EXPORT struct ihipModuleSymbol_t *
mgpuModuleGetFunction(struct ihipModule_t *module, const char *name);
TILE_RT_HIP_EXPORT void
mgpuLaunchKernel(struct ihipModuleSymbol_t *function, intptr_t gridX,
                 intptr_t gridY, intptr_t gridZ, intptr_t blockX,
                 intptr_t blockY, intptr_t blockZ, int32_t sharedBytes,
                 struct ihipStream_t *stream, void **params, void **extra,
                 size_t paramsCount);

/* Streams and events. */
TILE_RT_HIP_EXPORT struct ihipStream_t *mgpuStreamCreate(void);
TILE_RT_HIP_EXPORT void mgpuStreamDestroy(struct ihipStream_t *stream);
TILE_RT_HIP_EXPORT void mgpuStreamSynchronize(struct ihipStream_t *stream);
TILE_RT_HIP_EXPORT void mgpuStreamWaitEvent(struct ihipStream_t *stream,
                                            struct ihipEvent_t *event);
TILE_RT_HIP_EXPORT struct ihipEvent_t *mgpuEventCreate(void);
TILE_RT_HIP_EXPORT void mgpuEventDestroy(struct ihipEvent_t *event);
TILE_RT_HIP_EXPORT void mgpuEventSynchronize(struct ihipEvent_t *event);
TILE_RT_HIP_EXPORT void mgpuEventRecord(struct ihipEvent_t *event,
                                        struct ihipStream_t *stream);

/* Device memory. The caller passes isHostShared as an i8 and the memset16
   value as an i16; only their low bits are read. */
TILE_RT_HIP_EXPORT void *mgpuMemAlloc(uint64_t sizeBytes,
                                      struct ihipStream_t *stream,
                                      uint32_t isHostShared);
TILE_RT_HIP_EXPORT void mgpuMemFree(void *ptr, struct ihipStream_t *stream);
TILE_RT_HIP_EXPORT void mgpuMemcpy(void *dst, void *src, size_t sizeBytes,
                                   struct ihipStream_t *stream);
TILE_RT_HIP_EXPORT void mgpuMemset32(void *dst, uint32_t value, size_t count,
                                     struct ihipStream_t *stream);
TILE_RT_HIP_EXPORT void mgpuMemset16(void *dst, uint32_t value, size_t count,
                                     struct ihipStream_t *stream);

/* Host memory the device may read and write. */
TILE_RT_HIP_EXPORT void mgpuMemHostRegister(void *ptr, uint64_t sizeBytes);
TILE_RT_HIP_EXPORT void mgpuMemHostUnregister(void *ptr);
TILE_RT_HIP_EXPORT void mgpuMemHostRegisterMemRef(int64_t rank,
                                                  TileRtHipMemRef *memref,
                                                  int64_t elementSizeBytes);
TILE_RT_HIP_EXPORT void mgpuMemHostUnregisterMemRef(int64_t rank,
                                                    TileRtHipMemRef *memref,
                                                    int64_t elementSizeBytes);

/* Makes device `device` current on the calling thread. */
TILE_RT_HIP_EXPORT void mgpuSetDefaultDevice(int32_t device);

#endif
