/* TMA descriptors in device memory, one copy per distinct descriptor. */
#include "shim.h"

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
    if (e->hash == hash && e->context == context &&
        !memcmp(&e->map, map, sizeof(*map)))
      return e;
  }
  return NULL;
}

/* Frees the least recently used entry's copy for reuse. A kernel launched
   earlier may still read it: its context is synchronised first. (A copy
   handed out 255 distinct descriptors ago and not launched yet is the one
   case this cannot see.) */
static TileRtCudaTensorMapEntry *evict(TileRtCudaDriver *driver,
                                       TileRtCudaTensorMapCache *cache,
                                       CUcontext current) {
  TileRtCudaTensorMapEntry *oldest = &cache->entries[0];
  for (unsigned i = 1; i < cache->count; ++i)
    if (cache->entries[i].lastUse < oldest->lastUse)
      oldest = &cache->entries[i];
  if (oldest->context != current)
    tileRtCudaCheck(driver->ctxSetCurrent(oldest->context), "cuCtxSetCurrent");
  tileRtCudaCheck(driver->ctxSynchronize(),
                  "cuCtxSynchronize (TMA descriptor)");
  tileRtCudaCheck(driver->memFree(oldest->device),
                  "cuMemFree (TMA descriptor)");
  if (oldest->context != current)
    tileRtCudaCheck(driver->ctxSetCurrent(current), "cuCtxSetCurrent");
  return oldest;
}

/* The upload completes before the descriptor is handed out: kernels may run
   on a caller's non-blocking stream, which a plain cuMemcpyHtoD does not
   order. */
static CUdeviceptr upload(TileRtCudaDriver *driver, const CUtensorMap *map) {
  CUdeviceptr copy = 0;
  tileRtCudaCheck(driver->memAlloc(&copy, sizeof(*map)),
                  "cuMemAlloc (TMA descriptor)");
  struct CUstream_st *stream = mgpuStreamCreate();
  tileRtCudaCheck(
      driver->memcpyAsync(copy, tileRtCudaDevicePtr(map), sizeof(*map), stream),
      "cuMemcpyAsync (TMA descriptor)");
  tileRtCudaCheck(driver->streamSynchronize(stream),
                  "cuStreamSynchronize (TMA descriptor)");
  mgpuStreamDestroy(stream);
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
    e = cache->count < TILE_RT_CUDA_TENSOR_MAP_CACHE
            ? &cache->entries[cache->count++]
            : evict(driver, cache, context);
    e->context = context;
    e->hash = hash;
    e->map = *map;
    e->device = upload(driver, map);
  }
  e->lastUse = ++cache->clock;
  CUdeviceptr device = e->device;
  pthread_mutex_unlock(&cache->lock);
  return (void *)(uintptr_t)device;
}
