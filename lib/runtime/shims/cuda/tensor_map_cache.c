/* TMA descriptors in device memory, one copy per distinct descriptor. */
#include "shim.h"

#include <stdlib.h>
#include <string.h>

/* Kernels read a descriptor by its device address. Generated code encodes
   the descriptors of its buffers on every call; allocating and uploading a
   copy each time cost a cuMemAlloc per call (never freed: the ABI has no
   call for it) and a synchronous upload. An encoded descriptor depends only
   on what was encoded (address, sizes, strides, box, type, modes), so equal
   bytes in the same context share one device copy. */
static uint64_t hashOf(const CUtensorMap *map) {
  uint64_t h = 1469598103934665603ull; /* FNV-1a over the 16 words */
  for (int i = 0; i < 16; ++i)
    h = (h ^ map->opaque[i]) * 1099511628211ull;
  return h;
}

static TileRtCudaTensorMapEntry *find(TileRtCudaTensorMapCache *cache,
                                      CUcontext context, uint64_t hash,
                                      const CUtensorMap *map) {
  for (unsigned i = 0; i < cache->count; ++i) {
    TileRtCudaTensorMapEntry *e = &cache->entries[i];
    if (e->device && e->hash == hash && e->context == context &&
        !memcmp(&e->map, map, sizeof(*map)))
      return e;
  }
  return NULL;
}

/* The copies this thread was handed and has not launched a kernel with
   yet: no thread may free them before (a kernel launched earlier is
   waited for instead). Generated code encodes a kernel's descriptors just
   before its launch; a thread that encodes more than this many pins the
   first ones only. */
enum { PinsPerThread = 16 };
static _Thread_local TileRtCudaTensorMapEntry *pinned[PinsPerThread];
static _Thread_local unsigned numPinned;

static void pin(TileRtCudaTensorMapEntry *e) {
  if (numPinned == PinsPerThread)
    return;
  ++e->pins;
  pinned[numPinned++] = e;
}

void tileRtCudaTensorMapsLaunched(TileRtCudaDriver *driver, CUstream stream) {
  if (!numPinned)
    return;
  bool captured = stream && tileRtCudaCapturing(driver, stream);
  TileRtCudaTensorMapCache *cache = &driver->tensorMaps;
  pthread_mutex_lock(&cache->lock);
  for (unsigned i = 0; i < numPinned; ++i) {
    --pinned[i]->pins;
    pinned[i]->captured |= captured;
  }
  numPinned = 0;
  pthread_cond_broadcast(&cache->unpinned);
  pthread_mutex_unlock(&cache->lock);
}

static int byLastUse(const void *a, const void *b) {
  uint64_t x = (*(TileRtCudaTensorMapEntry *const *)a)->lastUse;
  uint64_t y = (*(TileRtCudaTensorMapEntry *const *)b)->lastUse;
  return x < y ? -1 : x > y;
}

/* Frees the older half of the copies no thread has pinned and no captured
   graph launches with, a context synchronisation per context they belong
   to (a kernel launched earlier may still read them), so that a program
   that keeps making new descriptors waits for the device once per half a
   cache, not per call. Waits while every copy is pinned. Called with the
   lock held. */
static void evictOlderHalf(TileRtCudaDriver *driver,
                           TileRtCudaTensorMapCache *cache, CUcontext current) {
  TileRtCudaTensorMapEntry *victims[TILE_RT_CUDA_TENSOR_MAP_CACHE];
  unsigned count;
  for (;;) {
    count = 0;
    bool anyPinned = false;
    for (unsigned i = 0; i < cache->count; ++i) {
      TileRtCudaTensorMapEntry *e = &cache->entries[i];
      anyPinned |= e->pins > 0;
      if (e->device && !e->pins && !e->captured)
        victims[count++] = e;
    }
    if (count)
      break;
    if (!anyPinned)
      tileRtCudaFatal("all %d TMA descriptors the runtime keeps belong to "
                      "launches captured into CUDA graphs, which may run "
                      "again: none can be freed for a new one",
                      TILE_RT_CUDA_TENSOR_MAP_CACHE);
    pthread_cond_wait(&cache->unpinned, &cache->lock);
  }
  qsort(victims, count, sizeof(*victims), byLastUse);
  count = (count + 1) / 2;
  for (unsigned i = 0; i < count; ++i) {
    CUcontext context = victims[i]->context;
    if (!victims[i]->device)
      continue; /* freed with an earlier victim of its context */
    if (context != current)
      tileRtCudaCheck(driver->ctxSetCurrent(context), "cuCtxSetCurrent");
    tileRtCudaCheck(driver->ctxSynchronize(),
                    "cuCtxSynchronize (TMA descriptor)");
    for (unsigned j = i; j < count; ++j)
      if (victims[j]->context == context && victims[j]->device) {
        tileRtCudaCheck(driver->memFree(victims[j]->device),
                        "cuMemFree (TMA descriptor)");
        victims[j]->device = 0;
      }
    if (context != current)
      tileRtCudaCheck(driver->ctxSetCurrent(current), "cuCtxSetCurrent");
  }
}

/* A slot without a copy, evicting when there is none. */
static TileRtCudaTensorMapEntry *freeSlot(TileRtCudaDriver *driver,
                                          TileRtCudaTensorMapCache *cache,
                                          CUcontext current) {
  for (;;) {
    for (unsigned i = 0; i < cache->count; ++i)
      if (!cache->entries[i].device)
        return &cache->entries[i];
    if (cache->count < TILE_RT_CUDA_TENSOR_MAP_CACHE)
      return &cache->entries[cache->count++];
    evictOlderHalf(driver, cache, current);
  }
}

/* The upload completes before the descriptor is handed out: kernels may run
   on a caller's non-blocking stream, which a plain cuMemcpyHtoD does not
   order. It runs on a stream of the runtime's own, never the caller's:
   while the caller's stream is being captured into a CUDA graph, the copy
   must happen now, not when the graph runs; and the allocation is made in
   the relaxed capture mode, which a capture under way needs. */
static CUdeviceptr upload(TileRtCudaDriver *driver, CUcontext context,
                          const CUtensorMap *map) {
  int previous = tileRtCudaRelaxCapture(driver);
  CUdeviceptr copy = 0;
  tileRtCudaCheck(driver->memAlloc(&copy, sizeof(*map)),
                  "cuMemAlloc (TMA descriptor)");
  CUstream stream = tileRtCudaTakeStream(driver, context);
  tileRtCudaCheck(
      driver->memcpyAsync(copy, tileRtCudaDevicePtr(map), sizeof(*map), stream),
      "cuMemcpyAsync (TMA descriptor)");
  tileRtCudaCheck(driver->streamSynchronize(stream),
                  "cuStreamSynchronize (TMA descriptor)");
  tileRtCudaGiveStream(driver, context, stream);
  tileRtCudaRestoreCapture(driver, previous);
  return copy;
}

void *tileRtCudaTensorMapOnDevice(TileRtCudaDriver *driver,
                                  const CUtensorMap *map) {
  CUcontext context = tileRtCudaCurrentContext(driver);
  TileRtCudaTensorMapCache *cache = &driver->tensorMaps;
  uint64_t hash = hashOf(map);
  pthread_mutex_lock(&cache->lock);
  TileRtCudaTensorMapEntry *e = find(cache, context, hash, map);
  if (!e) {
    e = freeSlot(driver, cache, context);
    e->context = context;
    e->hash = hash;
    e->map = *map;
    e->captured = false;
    e->device = upload(driver, context, map);
  }
  e->lastUse = ++cache->clock;
  pin(e);
  CUdeviceptr device = e->device;
  pthread_mutex_unlock(&cache->lock);
  return (void *)(uintptr_t)device;
}
