/* Device and managed memory: allocation, copies and fills on a stream. */
#include "../common/fatal.h"
#include "shim.h"

#include <inttypes.h>

_Static_assert(SIZE_MAX >= UINT64_MAX, "byte counts are 64-bit in the ABI");

/* What a refusal frees of the call it ends. */
static void releaseMemory(void *ptr) { mgpuMemFree(ptr, NULL); }

void *mgpuMemAlloc(uint64_t sizeBytes, struct ihipStream_t *stream,
                   uint32_t isHostShared) {
  TileRtHipRuntime *runtime = tileRtHipEnter();
  (void)stream; /* allocation is synchronous; the stream only orders uses */
  void *ptr = NULL;
  if (sizeBytes == 0)
    return NULL;
  /* Only the low byte of the caller's i8 is defined. */
  if (isHostShared & 0xffu)
    tileRtHipCheckAllocation(
        runtime->memAllocManaged(&ptr, (size_t)sizeBytes, hipMemAttachGlobal),
        "hipMallocManaged(%" PRIu64 " bytes)", sizeBytes);
  else
    tileRtHipCheckAllocation(runtime->memAlloc(&ptr, (size_t)sizeBytes),
                             "hipMalloc(%" PRIu64 " bytes)", sizeBytes);
  tileRtRecordForRefusal(ptr, releaseMemory);
  return ptr;
}

/* hipFree waits for the device work that may still use the memory. */
void mgpuMemFree(void *ptr, struct ihipStream_t *stream) {
  TileRtHipRuntime *runtime = tileRtHipEnterToRelease();
  (void)stream;
  tileRtForgetForRefusal(ptr);
  if (runtime && ptr)
    tileRtHipReleased(runtime->memFree(ptr), "hipFree");
}

/* Either side may be device, managed, registered or plain host memory:
   hipMemcpyDefault lets the runtime tell them apart by address. */
void mgpuMemcpy(void *dst, void *src, size_t sizeBytes,
                struct ihipStream_t *stream) {
  TileRtHipRuntime *runtime = tileRtHipEnter();
  if (sizeBytes == 0)
    return;
  tileRtHipCheckf(
      runtime->memcpyAsync(dst, src, sizeBytes, hipMemcpyDefault, stream),
      "hipMemcpyAsync(%zu bytes)", sizeBytes);
}

void mgpuMemset32(void *dst, uint32_t value, size_t count,
                  struct ihipStream_t *stream) {
  TileRtHipRuntime *runtime = tileRtHipEnter();
  if (count == 0)
    return;
  tileRtHipCheckf(runtime->memsetD32Async(dst, (int)value, count, stream),
                  "hipMemsetD32Async(%zu words)", count);
}

void mgpuMemset16(void *dst, uint32_t value, size_t count,
                  struct ihipStream_t *stream) {
  TileRtHipRuntime *runtime = tileRtHipEnter();
  if (count == 0)
    return;
  /* Only the low half of the caller's i16 is defined. */
  tileRtHipCheckf(runtime->memsetD16Async(
                      dst, (unsigned short)(value & 0xffffu), count, stream),
                  "hipMemsetD16Async(%zu half-words)", count);
}
