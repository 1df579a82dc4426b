/* The SIMT lowering of tile ops inside one kernel: the kernel's threads,
 * its fragments as per-thread register arrays, and the loop nests every
 * tile op lowering is built from. */
#ifndef TILE_GPU_SIMT_H
#define TILE_GPU_SIMT_H

#include "gpu/fail.h"
#include "gpu/layout.h"
#include "ir/builder_gpu.h"
#include "ir/ir.h"

/* A fragment and the per-thread array holding this thread's elements:
 * shape (ceil(M/tr), ceil(N/tc)) for grid, ceil(M/tr) for rows,
 * ceil(N/tc) for cols, rank 0 for scalar. */
typedef struct {
  MlirValue tile;
  MlirValue regs;
  TileGpuLayout layout;
} TileGpuFragment;

/* The state of lowering one kernel; it lives in the pass run (MLIR lowers
 * several functions at once), never in a static. */
typedef struct {
  MlirOperation kernel; /* the kernel scf.forall */
  MlirOperation anchor; /* kernel-entry allocations go right after it */
  MlirLocation loc;
  int64_t threads, tr, tc;
  /* The kernel's subgroup size (tile.subgroup_size): thread ids then
   * number the threads subgroup by subgroup, and reductions shuffle
   * within subgroups. 0: not stated, no shuffles. */
  int64_t subgroup;
  MlirValue tid, ty, tx;        /* at kernel entry */
  MlirValue cThreads, cTr, cTc; /* index constants */
  TileGpuFragment *frags;       /* room for every fragment allocation */
  unsigned numFrags;
  unsigned errors;
} TileGpuKernel;

/* Builds at the kernel's entry, for one allocation at a time. */
TileBuilder tileGpuEntry(TileGpuKernel *k);
/* The fragment record of `tile`, or NULL when it is not a fragment. */
const TileGpuFragment *tileGpuFragmentOf(const TileGpuKernel *k,
                                         MlirValue tile);
/* A shared buffer private to one lowering (allocated at kernel entry). */
MlirValue tileGpuScratch(TileGpuKernel *k, intptr_t rank, const int64_t *shape,
                         MlirType element);
/* A local array of `n` elements private to each thread (allocated at kernel
 * entry). */
MlirValue tileGpuPrivateArray(TileGpuKernel *k, int64_t n, MlirType element);

/*===--- loop nests -------------------------------------------------------===*/

/* A loop nest under construction: `in` builds in its innermost body. */
typedef struct {
  TileBuilder in;
  MlirOperation outer; /* outermost op of the nest; null when none */
  int rank;
  MlirValue idx[TILE_MAX_RANK];
} TileGpuNest;

/* Every element of an index space, on every thread. */
TileGpuNest tileGpuForAll(TileBuilder *b, int rank, const MlirValue *extents);
/* Every element once, strided over the block's threads. */
TileGpuNest tileGpuForCooperative(TileGpuKernel *k, TileBuilder *b, int rank,
                                  const MlirValue *extents);
/* The elements of a `layout`-distributed index space that this thread
 * holds (idx are the element's indices, not its slot). */
TileGpuNest tileGpuForOwned(TileGpuKernel *k, TileBuilder *b,
                            TileGpuLayout layout, int rank,
                            const MlirValue *extents);
/* Guards `b` so that only one replica of a replicated layout runs what is
 * built next (writes to block-visible memory); returns `b` unchanged for
 * grid. */
TileBuilder tileGpuOneReplica(TileGpuKernel *k, TileBuilder *b,
                              TileGpuLayout layout);
/* Whether this thread holds the first replica of a replicated layout (an
 * i1 built at `b`); null for grid, which is not replicated. */
MlirValue tileGpuIsFirstReplica(TileGpuKernel *k, TileBuilder *b,
                                TileGpuLayout layout);

/* Static extents of a static shape as index constants. */
void tileGpuStaticExtents(TileBuilder *b, MlirType shaped, MlirValue *out);
/* Extents of a memref, with memref.dim for dynamic dimensions. */
void tileGpuExtents(TileBuilder *b, MlirValue memref, MlirValue *out);

/*===--- element access ---------------------------------------------------===*/

/* The register slot of a row index (i / tr) or a column index (j / tc). */
MlirValue tileGpuLineSlot(const TileGpuKernel *k, TileBuilder *b,
                          MlirValue index, bool row);
/* The register slot of a fragment element (indices -> slot indices). */
int tileGpuSlot(const TileGpuKernel *k, const TileGpuFragment *f,
                TileBuilder *b, const MlirValue *idx, MlirValue *slot);
/* Loads/stores element `idx` of a tile operand of any scope; fragments go
 * through their registers (the caller guarantees this thread holds it). */
MlirValue tileGpuLoad(TileGpuKernel *k, TileBuilder *b, MlirValue tile,
                      const MlirValue *idx);
void tileGpuStore(TileGpuKernel *k, TileBuilder *b, MlirValue value,
                  MlirValue tile, const MlirValue *idx);

/* The indices of tile element `idx` in a window of `buffer` at `offsets`
 * (one per buffer dimension; the tile, of rank `innerRank`, lines up with
 * the trailing dimensions), and whether they are inside `buffer`. */
MlirValue tileGpuWindow(TileBuilder *b, MlirValue buffer,
                        const MlirValue *offsets, int innerRank,
                        const MlirValue *idx, MlirValue *out);

/*===--- subgroups (subgroup.c) -------------------------------------------===*/

/* subgroup_id * size + lane_id: a thread id whose low bits are the lane
 * within a subgroup of `size` invocations. */
MlirValue tileGpuSubgroupThreadId(TileBuilder *b, int64_t size);
/* Marks a gpu.shuffle that runs only where the subgroup holds its whole
 * width (a step of tile-gpu-subgroup-ops' butterfly over a subgroup of any
 * size): vulkan kernels need no subgroups that wide for it. */
#define TILE_GPU_GUARDED_SHUFFLE_ATTR "tile.guarded_shuffle"
/* The value `v` (any int or float type) of the lane whose index is this
 * lane's xor `offset`, within groups of `width` lanes; `guarded` marks the
 * shuffles with TILE_GPU_GUARDED_SHUFFLE_ATTR. */
MlirValue tileGpuShuffleXor(TileBuilder *b, MlirValue v, int64_t offset,
                            int64_t width, bool guarded);
/* gpu.lane_id as an i32. */
MlirValue tileGpuLaneId32(TileBuilder *b);
/* Whether a gpu.subgroup_broadcast reads a given lane (specific_lane), not
 * the first active one. */
bool tileGpuBroadcastsFromLane(MlirOperation broadcast);
/* Moves one i32 from lane to lane. */
typedef MlirValue (*TileGpuWordShuffle)(TileBuilder *b, MlirValue word,
                                        void *userData);
/* Whether tileGpuShuffleWords takes values of `type`: int and float
 * scalars of up to 64 bits. */
bool tileGpuShufflesWords(MlirType type);
/* `v` moved as 32-bit words, each by `shuffle`: 8- and 16-bit values are
 * widened (their shuffles would need a device feature, on vulkan
 * shaderSubgroupExtendedTypes), 64-bit ones split in halves. */
MlirValue tileGpuShuffleWords(TileBuilder *b, MlirValue v,
                              TileGpuWordShuffle shuffle, void *userData);

/*===--- lowerings of tile ops (one file each) ----------------------------===*/

void tileGpuLowerCopy(TileGpuKernel *k, MlirOperation op);
void tileGpuLowerFill(TileGpuKernel *k, MlirOperation op);
void tileGpuLowerGemm(TileGpuKernel *k, MlirOperation op);
void tileGpuLowerReduce(TileGpuKernel *k, MlirOperation op);
void tileGpuLowerAtomicAdd(TileGpuKernel *k, MlirOperation op);
void tileGpuLowerParallel(TileGpuKernel *k, MlirOperation loop);
/* Copies a fragment into a fresh shared buffer so that every thread can
 * read all of it (used where a layout does not give a thread what it
 * needs); ends with a barrier. */
MlirValue tileGpuStageFragment(TileGpuKernel *k, TileBuilder *b,
                               const TileGpuFragment *f);

#endif
