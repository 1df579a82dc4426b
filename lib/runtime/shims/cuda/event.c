/* Events: the points one stream waits for on another. */
#include "shim.h"

struct CUevent_st *mgpuEventCreate(void) {
  TileCudaDriver *driver = tileCudaEnter();
  CUevent event = NULL;
  /* Events only order work here; timing them would cost for nothing. */
  tileCudaCheck(driver->eventCreate(&event, CU_EVENT_DISABLE_TIMING),
                "cuEventCreate");
  return event;
}

void mgpuEventDestroy(struct CUevent_st *event) {
  TileCudaDriver *driver = tileCudaEnterToRelease();
  if (driver)
    tileCudaReleased(driver->eventDestroy(event), "cuEventDestroy");
}

void mgpuEventSynchronize(struct CUevent_st *event) {
  TileCudaDriver *driver = tileCudaEnter();
  tileCudaCheck(driver->eventSynchronize(event), "cuEventSynchronize");
}

void mgpuEventRecord(struct CUevent_st *event, struct CUstream_st *stream) {
  TileCudaDriver *driver = tileCudaEnter();
  tileCudaCheck(driver->eventRecord(event, stream), "cuEventRecord");
}
