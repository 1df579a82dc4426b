/* The resource limits of a GPU target that a kernel must fit, checked by
 * each GPU backend's limits pass with located errors. */
#ifndef TILE_GPU_LIMITS_H
#define TILE_GPU_LIMITS_H

#include "mlir-c/IR.h"

#include <stdint.h>

typedef struct {
  const char *target;     /* named in messages, e.g. "cuda:sm_80" */
  int64_t sharedBytes;    /* shared memory per block */
  int64_t privateBytes;   /* private memory per thread; 0: unchecked */
  int64_t threads;        /* threads per block */
  int64_t grid[3];        /* blocks along x, y, z */
  int64_t gridWorkItemsX; /* blocks x threads along x; 0: unchecked */
} TileGpuLimits;

/* Checks every kernel loop under `root` against `limits`: tile.threads,
 * grid dimensions that are constants, the kernel's shared memory (its
 * tile.dynamic_shared_bytes plus the shared tile.allocs left) and its
 * private memory (the static memref.allocas in it). A shared tile.alloc
 * that alone exceeds the limit is reported at the alloc, everything else
 * at the kernel. Returns the number of errors emitted. */
unsigned tileGpuCheckLimits(MlirOperation root, const TileGpuLimits *limits);

/* Bytes of a statically shaped memref, or -1 when it is not one; at most
 * 2^62 (a larger size counts as that, which exceeds every limit). */
int64_t tileGpuStaticBytes(MlirType type);
/* a + b for byte counts of at most 2^62, at most 2^62. */
int64_t tileGpuAddBytes(int64_t a, int64_t b);

/* The bytes of the statically shaped shared tile.allocs under `kernel`, as
 * tileGpuCheckLimits counts them (at most 2^62). */
int64_t tileGpuSharedTileBytes(MlirOperation kernel);

#endif
