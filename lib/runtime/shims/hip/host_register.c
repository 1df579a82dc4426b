/* Host memory kernels use in place: registering buffers and memrefs. */
#include "shim.h"

/* Portable: usable from every device; mapped: kernels may dereference it.
   Kernels use the host address itself, which holds on ROCm, where
   registered memory is reachable at the CPU's address
   (hipDeviceAttributeCanUseHostPointerForRegisteredMem). */
#define TILE_RT_HIP_HOST_REGISTER_FLAGS                                        \
  (hipHostRegisterPortable | hipHostRegisterMapped)

void mgpuMemHostRegister(void *ptr, uint64_t sizeBytes) {
  TileRtHipRuntime *runtime = tileRtHipEnter();
  if (!ptr || sizeBytes == 0)
    return;
  tileRtHipCheckf(runtime->hostRegister(ptr, (size_t)sizeBytes,
                                        TILE_RT_HIP_HOST_REGISTER_FLAGS),
                  "hipHostRegister(%p, %llu bytes)", ptr,
                  (unsigned long long)sizeBytes);
}

void mgpuMemHostUnregister(void *ptr) {
  TileRtHipRuntime *runtime = tileRtHipEnterToRelease();
  if (runtime && ptr)
    tileRtHipReleased(runtime->hostUnregister(ptr), "hipHostUnregister");
}

/* Any layout works, dense or not: the whole span is registered. */
void mgpuMemHostRegisterMemRef(int64_t rank, TileRtHipMemRef *memref,
                               int64_t elementSizeBytes) {
  tileRtHipEnter();
  TileRtSpan span = tileRtHipMemRefSpan("mgpuMemHostRegisterMemRef", rank,
                                        memref, elementSizeBytes);
  mgpuMemHostRegister(span.start, span.bytes);
}

void mgpuMemHostUnregisterMemRef(int64_t rank, TileRtHipMemRef *memref,
                                 int64_t elementSizeBytes) {
  if (!tileRtHipEnterToRelease())
    return;
  TileRtSpan span = tileRtHipMemRefSpan("mgpuMemHostUnregisterMemRef", rank,
                                        memref, elementSizeBytes);
  mgpuMemHostUnregister(span.start);
}
