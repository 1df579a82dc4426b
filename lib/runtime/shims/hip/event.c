/* Events: the points one stream waits for on another. */
#include "shim.h"

struct ihipEvent_t *mgpuEventCreate(void) {
  TileHipRuntime *runtime = tileHipEnter();
  hipEvent_t event = NULL;
  /* Events only order work here; timing them would cost for nothing. */
  tileHipCheck(runtime->eventCreateWithFlags(&event, hipEventDisableTiming),
               "hipEventCreateWithFlags");
  return event;
}

void mgpuEventDestroy(struct ihipEvent_t *event) {
  TileHipRuntime *runtime = tileHipEnterToRelease();
  if (runtime && event)
    tileHipReleased(runtime->eventDestroy(event), "hipEventDestroy");
}

void mgpuEventSynchronize(struct ihipEvent_t *event) {
  TileHipRuntime *runtime = tileHipEnter();
  tileHipCheck(runtime->eventSynchronize(event), "hipEventSynchronize");
}

void mgpuEventRecord(struct ihipEvent_t *event, struct ihipStream_t *stream) {
  TileHipRuntime *runtime = tileHipEnter();
  tileHipCheck(runtime->eventRecord(event, stream), "hipEventRecord");
}
