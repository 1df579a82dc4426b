/* Device and managed memory: allocation, copies and fills on a stream. */
#include "../common/fatal.h"
#include "shim.h"

#include <inttypes.h>

_Static_assert(SIZE_MAX >= UINT64_MAX, "byte counts are 64-bit in the ABI");

/* What a refusal frees of the call it ends. */
static void releaseMemory(void *ptr) { mgpuMemFree(ptr, NULL); }

void *mgpuMemAlloc(uint64_t sizeBytes, struct CUstream_st *stream,
                   uint32_t isHostShared) {
  TileRtCudaDriver *driver = tileRtCudaEnter();
  (void)stream; /* allocation is synchronous; the stream only orders uses */
  CUdeviceptr ptr = 0;
  if (sizeBytes == 0)
    return NULL;
  /* Only the low byte of the caller's i8 is defined. */
  if (isHostShared & 0xffu)
    tileRtCudaCheckAllocation(
        driver->memAllocManaged(&ptr, (size_t)sizeBytes, CU_MEM_ATTACH_GLOBAL),
        "cuMemAllocManaged(%" PRIu64 " bytes)", sizeBytes);
  else
    tileRtCudaCheckAllocation(driver->memAlloc(&ptr, (size_t)sizeBytes),
                              "cuMemAlloc(%" PRIu64 " bytes)", sizeBytes);
  tileRtRecordForRefusal((void *)(uintptr_t)ptr, releaseMemory);
  return (void *)(uintptr_t)ptr;
}

/* cuMemFree waits for the device work that may still use the memory. */
void mgpuMemFree(void *ptr, struct CUstream_st *stream) {
  TileRtCudaDriver *driver = tileRtCudaEnterToRelease();
  (void)stream;
  tileRtForgetForRefusal(ptr);
  if (driver && ptr)
    tileRtCudaReleased(driver->memFree(tileRtCudaDevicePtr(ptr)), "cuMemFree");
}

/* Either side may be device, managed, registered or plain host memory:
   with unified addressing the driver tells them apart by address. */
void mgpuMemcpy(void *dst, void *src, size_t sizeBytes,
                struct CUstream_st *stream) {
  TileRtCudaDriver *driver = tileRtCudaEnter();
  if (sizeBytes == 0)
    return;
  tileRtCudaCheckf(driver->memcpyAsync(tileRtCudaDevicePtr(dst),
                                       tileRtCudaDevicePtr(src), sizeBytes,
                                       stream),
                   "cuMemcpyAsync(%zu bytes)", sizeBytes);
}

void mgpuMemset32(void *dst, uint32_t value, size_t count,
                  struct CUstream_st *stream) {
  TileRtCudaDriver *driver = tileRtCudaEnter();
  if (count == 0)
    return;
  tileRtCudaCheckf(
      driver->memsetD32Async(tileRtCudaDevicePtr(dst), value, count, stream),
      "cuMemsetD32Async(%zu words)", count);
}

void mgpuMemset16(void *dst, uint32_t value, size_t count,
                  struct CUstream_st *stream) {
  TileRtCudaDriver *driver = tileRtCudaEnter();
  if (count == 0)
    return;
  /* Only the low half of the caller's i16 is defined. */
  tileRtCudaCheckf(driver->memsetD16Async(tileRtCudaDevicePtr(dst),
                                          (unsigned short)(value & 0xffffu),
                                          count, stream),
                   "cuMemsetD16Async(%zu half-words)", count);
}
