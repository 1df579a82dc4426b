/* Streams: the queues generated code orders copies and launches on. */
#include "../common/fatal.h"
#include "shim.h"

/* Generated code creates, synchronises and destroys a stream around every
   launch, and creating one costs more than a small kernel: a destroyed
   stream goes back to a pool, keyed by the current context, and the next
   mgpuStreamCreate in that context takes it. Work still queued on it
   completes in order, as after cuStreamDestroy; only later work queued on
   it waits behind that, which generated code (synchronising before it
   destroys) never has. */
static CUstream takeFromPool(TileRtCudaStreamPool *pool, CUcontext context) {
  CUstream stream = NULL;
  pthread_mutex_lock(&pool->lock);
  for (unsigned i = pool->count; i > 0 && !stream; --i)
    if (pool->free[i - 1].context == context) {
      stream = pool->free[i - 1].stream;
      pool->free[i - 1] = pool->free[--pool->count];
    }
  pthread_mutex_unlock(&pool->lock);
  return stream;
}

static bool giveToPool(TileRtCudaStreamPool *pool, CUcontext context,
                       CUstream stream) {
  pthread_mutex_lock(&pool->lock);
  bool kept = pool->count < TILE_RT_CUDA_STREAM_POOL;
  if (kept) {
    pool->free[pool->count].context = context;
    pool->free[pool->count++].stream = stream;
  }
  pthread_mutex_unlock(&pool->lock);
  return kept;
}

/* The caller's stream for this thread (tileRtCudaSetStream). */
static _Thread_local struct {
  bool set;
  CUstream stream;
} callerStream;

void tileRtCudaSetStream(struct CUstream_st *stream) {
  callerStream.set = true;
  callerStream.stream = stream;
}

void tileRtCudaClearStream(void) { callerStream.set = false; }

CUstream tileRtCudaTakeStream(TileRtCudaDriver *driver, CUcontext context) {
  CUstream stream = takeFromPool(&driver->streams, context);
  if (stream)
    return stream;
  /* Blocking: work on the legacy default stream is ordered before the
     kernels, as a C caller expects after a cuMemcpyHtoD (from pageable
     memory it returns before its DMA is done) or a cuMemset. */
  tileRtCudaCheck(driver->streamCreate(&stream, CU_STREAM_DEFAULT),
                  "cuStreamCreate");
  return stream;
}

void tileRtCudaGiveStream(TileRtCudaDriver *driver, CUcontext context,
                          CUstream stream) {
  if (!giveToPool(&driver->streams, context, stream))
    tileRtCudaReleased(driver->streamDestroy(stream), "cuStreamDestroy");
}

/* What a refusal gives back of the call it ends. */
static void releaseStream(void *stream) { mgpuStreamDestroy(stream); }

struct CUstream_st *mgpuStreamCreate(void) {
  TileRtCudaDriver *driver = tileRtCudaDriver();
  CUcontext context = tileRtCudaCurrentContext(driver);
  if (callerStream.set)
    return callerStream.stream;
  CUstream stream = tileRtCudaTakeStream(driver, context);
  tileRtRecordForRefusal(stream, releaseStream);
  return stream;
}

void mgpuStreamDestroy(struct CUstream_st *stream) {
  TileRtCudaDriver *driver = tileRtCudaEnterToRelease();
  if (!driver || !stream || (callerStream.set && stream == callerStream.stream))
    return;
  tileRtForgetForRefusal(stream);
  tileRtCudaGiveStream(driver, tileRtCudaCurrentContext(driver), stream);
}

bool tileRtCudaCapturing(const TileRtCudaDriver *driver, CUstream stream) {
  int status = CU_STREAM_CAPTURE_STATUS_NONE;
  if (!driver->streamIsCapturing)
    return false;
  tileRtCudaCheck(driver->streamIsCapturing(stream, &status),
                  "cuStreamIsCapturing");
  return status == CU_STREAM_CAPTURE_STATUS_ACTIVE;
}

int tileRtCudaRelaxCapture(const TileRtCudaDriver *driver) {
  int mode = CU_STREAM_CAPTURE_MODE_RELAXED;
  if (!driver->threadExchangeStreamCaptureMode ||
      driver->threadExchangeStreamCaptureMode(&mode) != CUDA_SUCCESS)
    return -1;
  return mode;
}

void tileRtCudaRestoreCapture(const TileRtCudaDriver *driver, int previous) {
  if (previous >= 0)
    (void)driver->threadExchangeStreamCaptureMode(&previous);
}

/* Errors of earlier asynchronous work (a faulting kernel) surface here.
   Generated code synchronises after its launches; on the caller's stream
   while it is being captured into a CUDA graph (torch.cuda.graph), the
   launches were recorded, not run, and there is nothing to wait for (the
   driver refuses the call and ends the capture). */
void mgpuStreamSynchronize(struct CUstream_st *stream) {
  TileRtCudaDriver *driver = tileRtCudaEnter();
  if (callerStream.set && stream == callerStream.stream && stream &&
      tileRtCudaCapturing(driver, stream))
    return;
  tileRtCudaCheck(driver->streamSynchronize(stream), "cuStreamSynchronize");
}

void mgpuStreamWaitEvent(struct CUstream_st *stream, struct CUevent_st *event) {
  TileRtCudaDriver *driver = tileRtCudaEnter();
  tileRtCudaCheck(driver->streamWaitEvent(stream, event, 0),
                  "cuStreamWaitEvent");
}
