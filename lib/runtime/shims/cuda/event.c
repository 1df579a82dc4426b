/* Events: the points one stream waits for on another. */
#include "shim.h"

struct CUevent_st *mgpuEventCreate(void) {
  TileRtCudaDriver *driver = tileRtCudaEnter();
  CUevent event = NULL;
  /* Events only order work here; timing them would cost for nothing. */
  tileRtCudaCheck(driver->eventCreate(&event, CU_EVENT_DISABLE_TIMING),
                  "cuEventCreate");
  return event;
}

void mgpuEventDestroy(struct CUevent_st *event) {
  TileRtCudaDriver *driver = tileRtCudaEnterToRelease();
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
