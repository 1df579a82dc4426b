/* Host memory kernels use in place: registering buffers and memrefs. */
#include "memref.h"
#include "shim.h"

/* Portable: usable from every context; device-mapped: kernels may
   dereference the host address (unified addressing makes it the same). */
#define TILE_RT_CUDA_HOST_REGISTER_FLAGS                                       \
  (CU_MEMHOSTREGISTER_PORTABLE | CU_MEMHOSTREGISTER_DEVICEMAP)

void mgpuMemHostRegister(void *ptr, uint64_t sizeBytes) {
  TileRtCudaDriver *driver = tileRtCudaEnter();
  if (!ptr || sizeBytes == 0)
    return;
  tileRtCudaCheckf(driver->memHostRegister(ptr, (size_t)sizeBytes,
                                           TILE_RT_CUDA_HOST_REGISTER_FLAGS),
                   "cuMemHostRegister(%p, %llu bytes)", ptr,
                   (unsigned long long)sizeBytes);
}

void mgpuMemHostUnregister(void *ptr) {
  TileRtCudaDriver *driver = tileRtCudaEnterToRelease();
  if (driver && ptr)
    tileRtCudaReleased(driver->memHostUnregister(ptr), "cuMemHostUnregister");
}

/* Any layout works, dense or not: the whole span is registered. */
void mgpuMemHostRegisterMemRef(int64_t rank, TileRtCudaMemRef *memref,
                               int64_t elementSizeBytes) {
  tileRtCudaEnter();
  TileRtSpan span = tileRtCudaMemRefSpan("mgpuMemHostRegisterMemRef", rank,
                                         memref, elementSizeBytes);
  mgpuMemHostRegister(span.start, span.bytes);
}

void mgpuMemHostUnregisterMemRef(int64_t rank, TileRtCudaMemRef *memref,
                                 int64_t elementSizeBytes) {
  if (!tileRtCudaEnterToRelease())
    return;
  TileRtSpan span = tileRtCudaMemRefSpan("mgpuMemHostUnregisterMemRef", rank,
                                         memref, elementSizeBytes);
  mgpuMemHostUnregister(span.start);
}
