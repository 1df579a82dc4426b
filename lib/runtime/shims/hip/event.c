/* Events: the points one stream waits for on another. */
#include "../common/fatal.h"
#include "shim.h"

/* What a refusal frees of the call it ends. */
static void releaseEvent(void *event) { mgpuEventDestroy(event); }

struct ihipEvent_t *mgpuEventCreate(void) {
  TileRtHipRuntime *runtime = tileRtHipEnter();
  hipEvent_t event = NULL;
  /* Events only order work here; timing them would cost for nothing. */
  tileRtHipCheck(runtime->eventCreateWithFlags(&event, hipEventDisableTiming),
                 "hipEventCreateWithFlags");
  tileRtRecordForRefusal(event, releaseEvent);
  return event;
}

void mgpuEventDestroy(struct ihipEvent_t *event) {
  TileRtHipRuntime *runtime = tileRtHipEnterToRelease();
  tileRtForgetForRefusal(event);
  if (runtime && event)
    tileRtHipReleased(runtime->eventDestroy(event), "hipEventDestroy");
}

void mgpuEventSynchronize(struct ihipEvent_t *event) {
  TileRtHipRuntime *runtime = tileRtHipEnter();
  tileRtHipCheck(runtime->eventSynchronize(event), "hipEventSynchronize");
}

void mgpuEventRecord(struct ihipEvent_t *event, struct ihipStream_t *stream) {
  TileRtHipRuntime *runtime = tileRtHipEnter();
  tileRtHipCheck(runtime->eventRecord(event, stream), "hipEventRecord");
}
