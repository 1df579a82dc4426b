/* Host memory kernels use in place: registering buffers and memrefs. */
#include "shim.h"

/* Portable: usable from every device; mapped: kernels may dereference it.
   Kernels use the host address itself, which holds on ROCm, where
   registered memory is reachable at the CPU's address
   (hipDeviceAttributeCanUseHostPointerForRegisteredMem). */
#define TILE_HIP_HOST_REGISTER_FLAGS                                           \
  (hipHostRegisterPortable | hipHostRegisterMapped)

void mgpuMemHostRegister(void *ptr, uint64_t sizeBytes) {
  TileHipRuntime *runtime = tileHipEnter();
  if (!ptr || sizeBytes == 0)
    return;
  tileHipCheckf(runtime->hostRegister(ptr, (size_t)sizeBytes,
                                      TILE_HIP_HOST_REGISTER_FLAGS),
                "hipHostRegister(%p, %llu bytes)", ptr,
                (unsigned long long)sizeBytes);
}

void mgpuMemHostUnregister(void *ptr) {
  TileHipRuntime *runtime = tileHipEnterToRelease();
  if (runtime && ptr)
    tileHipReleased(runtime->hostUnregister(ptr), "hipHostUnregister");
}

/* Any layout works, dense or not: the whole span is registered. */
void mgpuMemHostRegisterMemRef(int64_t rank, TileRtHipMemRef *memref,
                               int64_t elementSizeBytes) {
  tileHipEnter();
  TileRtSpan span = tileHipMemRefSpan("mgpuMemHostRegisterMemRef", rank, memref,
                                      elementSizeBytes);
  mgpuMemHostRegister(span.start, span.bytes);
}

void mgpuMemHostUnregisterMemRef(int64_t rank, TileRtHipMemRef *memref,
                                 int64_t elementSizeBytes) {
  if (!tileHipEnterToRelease())
    return;
  TileRtSpan span = tileHipMemRefSpan("mgpuMemHostUnregisterMemRef", rank,
                                      memref, elementSizeBytes);
  mgpuMemHostUnregister(span.start);
}
