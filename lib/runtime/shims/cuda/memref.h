/* The bytes a strided memref descriptor spans in memory. */
#ifndef TILE_RUNTIME_CUDA_MEMREF_H
#define TILE_RUNTIME_CUDA_MEMREF_H

#include "../common/memref_span.h"
#include "tile_rt_cuda.h"

#include <stddef.h>
#include <stdint.h>

static inline const int64_t *tileRtCudaMemRefSizes(const TileRtCudaMemRef *m) {
  return m->sizesAndStrides;
}

static inline const int64_t *tileRtCudaMemRefStrides(const TileRtCudaMemRef *m,
                                                     int64_t rank) {
  return m->sizesAndStrides + rank;
}

/* Exits with a message naming `entry` on a malformed descriptor. */
TileRtSpan tileRtCudaMemRefSpan(const char *entry, int64_t rank,
                                const TileRtCudaMemRef *memref,
                                int64_t elementSizeBytes);

#endif
