/* The SIMT layout model: how fragments are spread over a block's threads and
 * how thread-parallel loops are distributed. tile-gpu-layout decides it and
 * records it as attributes; tile-gpu-lower reads them.
 *
 * A kernel of T threads gets one thread grid (tr, tc), tr * tc = T; thread t
 * is (ty, tx) = (t / tc, t % tc). Distribution is cyclic, so ownership
 * depends on an element's indices only, never on the fragment's shape:
 *
 *   grid    rank 2  (i, j) held by thread (i % tr, j % tc), slot (i/tr, j/tc)
 *   rows    rank 1  i held by every thread with ty == i % tr, slot i / tr
 *   cols    rank 1  j held by every thread with tx == j % tc, slot j / tc
 *   scalar  rank 0  held by every thread
 *
 * rows and cols vectors are replicated over the other grid dimension: they
 * are what a row (column) reduction of a grid fragment produces, and every
 * thread of a grid row finds the row's value in its own registers. */
#ifndef TILE_GPU_LAYOUT_H
#define TILE_GPU_LAYOUT_H

#include "ir/ir.h"
#include "mlir-c/IR.h"

#include <stdbool.h>
#include <stdint.h>

/* ceil(a / b) for positive b. */
static inline int64_t tileCeilDiv(int64_t a, int64_t b) {
  return (a + b - 1) / b;
}

/* On the kernel scf.forall: array<i64: tr, tc>. */
#define TILE_GPU_GRID_ATTR "simt.grid"
/* On a fragment tile.alloc: "grid", "rows", "cols" or "scalar". */
#define TILE_GPU_LAYOUT_ATTR "simt.layout"
/* On a thread-parallel loop: "grid", "rows", "cols", "threads" or
 * "replicated". */
#define TILE_GPU_DISTRIBUTE_ATTR "simt.distribute"
/* On the outermost loop of a lowered, thread-distributed loop nest: the
 * threads touch different elements in it (or replicas write equal values),
 * so barriers go around it, never inside. */
#define TILE_GPU_DISTRIBUTED_ATTR "simt.distributed"
/* On a loop whose body places every barrier its shared accesses need (a
 * software-pipelined K loop): tile-gpu-barriers orders it against what comes
 * before and after it as one unit and adds nothing inside. */
#define TILE_GPU_SYNCHRONISED_ATTR "simt.synchronised"

typedef enum {
  TileGpuGrid,
  TileGpuRows,
  TileGpuCols,
  TileGpuScalar,
  /* Loops only: iterations strided over all threads, no fragment access. */
  TileGpuThreads,
  /* Loops only: every iteration on every thread; a loop that writes a
   * thread's own buffer, so that every copy gets every value. */
  TileGpuReplicated,
  TileGpuNone
} TileGpuLayout;

const char *tileGpuLayoutName(TileGpuLayout layout);
TileGpuLayout tileGpuLayoutFromAttr(MlirAttribute attr);

/* Whether `op` is a thread-parallel loop: an scf.forall that is not a
 * kernel, or an scf.parallel. */
bool tileGpuIsParallelLoop(MlirOperation op);
/* The number of induction variables of a thread-parallel loop. */
unsigned tileGpuLoopRank(MlirOperation loop);
/* Whether dimension `d` of a thread-parallel loop starts at 0 with step 1. */
bool tileGpuLoopIsDense(MlirOperation loop, unsigned d);
/* The body block of a thread-parallel loop. */
MlirBlock tileGpuLoopBody(MlirOperation loop);

/* The layout recorded on the tile.alloc defining `fragment`. */
TileGpuLayout tileGpuFragmentLayout(MlirValue fragment);
/* The grid recorded on a kernel; false when there is none. */
bool tileGpuKernelGrid(MlirOperation kernel, int64_t *tr, int64_t *tc);

/* Turns each fragment of rank 3 or more in `kernel` into a shared tile:
 * the layouts distribute ranks 0 to 2; then, when the kernel has fragments
 * of rank 1 or 2, those no layout can hold (tileGpuFragmentsToShare), the
 * kernel verified first unless `verified`. Reports (and leaves) one used by
 * anything but tile ops and memref.load/store; returns the number of
 * errors. tile-gpu-shared-fragments runs it before the matrix-unit paths
 * plan a kernel's shared memory; tile-gpu-layout runs it too, on the kernel
 * it has verified. */
unsigned tileGpuKeepFragmentsInShared(MlirOperation kernel, bool verified);

/* Whether `use` is one a shared tile takes as it takes a fragment: by a tile
 * op, or as the buffer of a memref.load or store. */
bool tileGpuSharedTakesUse(MlirOpOperand use);

/* Appends to `allocs` the tile.allocs of the fragments of rank 1 and 2 of
 * `kernel` (a verified one) that no layout can hold: accessed at indices
 * their loops do not distribute, outside thread-parallel loops, asked to be
 * laid out by rows and by columns, in loops that other accesses distribute
 * another way or that do not start at 0 with step 1. Only fragments that a
 * shared tile can stand for are listed (used by tile ops and element loads
 * and stores, and not as a gemm accumulator); the others are left for
 * tile-gpu-layout to report. */
void tileGpuFragmentsToShare(MlirOperation kernel, TileOpList *allocs);

/* The kernel attribute stating its subgroup size, set by a backend that
 * guarantees it at run time (tile-vulkan-subgroup): the grid keeps a row's
 * threads in one subgroup where it can, and the lowering numbers threads
 * and shuffles by it. Also left on the lane id op for the host side of the
 * launch. */
#define TILE_GPU_SUBGROUP_ATTR "tile.subgroup_size"

#endif
