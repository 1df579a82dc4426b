/* Streams: the queues generated code orders copies and launches on. */
#include "../common/fatal.h"
#include "shim.h"

/* The caller's stream for this thread (tileRtHipSetStream). */
static _Thread_local struct {
  bool set;
  hipStream_t stream;
} callerStream;

void tileRtHipSetStream(struct ihipStream_t *stream) {
  callerStream.set = true;
  callerStream.stream = stream;
}

void tileRtHipClearStream(void) { callerStream.set = false; }

/* What a refusal frees of the call it ends. */
static void releaseStream(void *stream) { mgpuStreamDestroy(stream); }

struct ihipStream_t *mgpuStreamCreate(void) {
  TileRtHipRuntime *runtime = tileRtHipEnter();
  if (callerStream.set)
    return callerStream.stream;
  hipStream_t stream = NULL;
  /* Non-blocking: generated code orders work with events, never through
     the null stream. */
  tileRtHipCheck(runtime->streamCreateWithFlags(&stream, hipStreamNonBlocking),
                 "hipStreamCreateWithFlags");
  tileRtRecordForRefusal(stream, releaseStream);
  return stream;
}

void mgpuStreamDestroy(struct ihipStream_t *stream) {
  TileRtHipRuntime *runtime = tileRtHipEnterToRelease();
  if (!runtime || !stream ||
      (callerStream.set && stream == callerStream.stream))
    return;
  tileRtForgetForRefusal(stream);
  tileRtHipReleased(runtime->streamDestroy(stream), "hipStreamDestroy");
}

/* Errors of earlier asynchronous work (a faulting kernel) surface here. */
void mgpuStreamSynchronize(struct ihipStream_t *stream) {
  TileRtHipRuntime *runtime = tileRtHipEnter();
  tileRtHipCheck(runtime->streamSynchronize(stream), "hipStreamSynchronize");
}

void mgpuStreamWaitEvent(struct ihipStream_t *stream,
                         struct ihipEvent_t *event) {
  TileRtHipRuntime *runtime = tileRtHipEnter();
  tileRtHipCheck(runtime->streamWaitEvent(stream, event, 0),
                 "hipStreamWaitEvent");
}
