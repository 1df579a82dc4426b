/* Events: the points one stream waits for on another. */
#include "../common/fatal.h"
#include "shim.h"

/* What a refusal frees of the call it ends. */
static void releaseEvent(void *event) { mgpuEventDestroy(event); }

struct CUevent_st *mgpuEventCreate(void) {
  TileRtCudaDriver *driver = tileRtCudaEnter();
  CUevent event = NULL;
  /* Events only order work here; timing them would cost for nothing. */
  tileRtCudaCheck(driver->eventCreate(&event, CU_EVENT_DISABLE_TIMING),
                  "cuEventCreate");
  tileRtRecordForRefusal(event, releaseEvent);
  return event;
}

void mgpuEventDestroy(struct CUevent_st *event) {
  TileRtCudaDriver *driver = tileRtCudaEnterToRelease();
  tileRtForgetForRefusal(event);
  if (driver)
    tileRtCudaReleased(driver->eventDestroy(event), "cuEventDestroy");
}

void mgpuEventSynchronize(struct CUevent_st *event) {
  TileRtCudaDriver *driver = tileRtCudaEnter();
  tileRtCudaCheck(driver->eventSynchronize(event), "cuEventSynchronize");
}

void mgpuEventRecord(struct CUevent_st *event, struct CUstream_st *stream) {
  TileRtCudaDriver *driver = tileRtCudaEnter();
  tileRtCudaCheck(driver->eventRecord(event, stream), "cuEventRecord");
}
