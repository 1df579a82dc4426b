/* Streams: the queues generated code orders copies and launches on. */
#include "shim.h"

struct CUstream_st *mgpuStreamCreate(void) {
  TileCudaDriver *driver = tileCudaEnter();
  CUstream stream = NULL;
  /* Non-blocking: generated code orders work with events, never through
     the legacy default stream. */
  tileCudaCheck(driver->streamCreate(&stream, CU_STREAM_NON_BLOCKING),
                "cuStreamCreate");
  return stream;
}

void mgpuStreamDestroy(struct CUstream_st *stream) {
  TileCudaDriver *driver = tileCudaEnter();
  tileCudaCheck(driver->streamDestroy(stream), "cuStreamDestroy");
}

/* Errors of earlier asynchronous work (a faulting kernel) surface here. */
void mgpuStreamSynchronize(struct CUstream_st *stream) {
  TileCudaDriver *driver = tileCudaEnter();
  tileCudaCheck(driver->streamSynchronize(stream), "cuStreamSynchronize");
}

void mgpuStreamWaitEvent(struct CUstream_st *stream, struct CUevent_st *event) {
  TileCudaDriver *driver = tileCudaEnter();
  tileCudaCheck(driver->streamWaitEvent(stream, event, 0), "cuStreamWaitEvent");
}
