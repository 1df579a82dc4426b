/* What the TMA + wgmma paths share: checks of the kernel, TMA descriptors
 * and the alignment test on the host, views of dynamic shared memory. */
#ifndef TILE_CUDA_TMA_H
#define TILE_CUDA_TMA_H

#include "cuda/mma.h"

/* What the TMA paths need to know of the target: the chip, and the PTX ISA
 * version (x 10) of its features. */
typedef struct {
  const char *chip;
  int ptx;
} TileTmaTarget;

/* The target of a pass with options "chip" and "features". */
TileTmaTarget tileTmaTargetOf(const char *chip, const char *features);

/* Whether `target` is sm_90a with PTX ISA 8.3 or later: what both TMA +
 * wgmma paths need (`what` names the instructions they use on sm_90a); the
 * reason in `why` when not. */
bool tileTmaTargetFits(const TileTmaTarget *target, const char *what,
                       TileStrBuf *why);

/* Whether the TMA + wgmma path (tile-cuda-wgmma) takes `kernel` on
 * `target`; the reason in `why` when not. */
bool tileCudaWgmmaFits(MlirOperation kernel, const TileTmaTarget *target,
                       TileStrBuf *why);

/* Whether the warp-specialised path (tile-cuda-wgmma-ws) takes `kernel` on
 * `target` with `producer` and `consumer` registers per thread in the two
 * roles (0, 0: the path's own budgets); the reason in `why` when not. */
bool tileCudaWgmmaWsFits(MlirOperation kernel, const TileTmaTarget *target,
                         int64_t producer, int64_t consumer, TileStrBuf *why);

/* Whether `plan`'s kernel meets what both TMA + wgmma paths ask of its K
 * loop and shared memory: two stages or more, the accumulator zero-filled
 * (a constant 0.0) just before the loop, and no shared tile but A and B
 * (the path lays out all of dynamic shared memory); the reason in `why`
 * when not. */
bool tileTmaPipelineFits(const TileMmaPlan *plan, TileStrBuf *why);

/* `nvgpu.tma.create.descriptor` of the 2-d global memref `global` with a
 * rows x cols box, of descriptor type `type` (text). */
MlirValue tileTmaDescriptor(TileBuilder *b, MlirValue global, int64_t rows,
                            int64_t cols, const char *type);

/* The calling thread's fence before its first TMA with descriptor `desc`:
 * the host wrote the descriptor into global memory, and TMA reads it
 * through the tensormap proxy (fence.proxy.tensormap::generic.acquire). */
void tileTmaFenceDescriptor(TileBuilder *b, MlirValue desc);

/* Fences descriptor `desc` (tileTmaFenceDescriptor) and prefetches it into
 * the TMA unit's cache, ahead of the thread's first use. */
void tileTmaFenceAndPrefetchDescriptor(TileBuilder *b, MlirValue desc);

/* Makes this thread's earlier shared-memory writes (generic proxy), the
 * mbarrier initialisations among them, visible to the TMA engine and the
 * mbarrier transaction counts (async proxy). */
void tileTmaFenceToAsyncProxy(TileBuilder *b);

/* True at run time when TMA can describe every one of the 2-d global
 * memrefs: contiguous rows whose stride is a multiple of 16 bytes, a first
 * element on a 16-byte boundary (the memref's offset counted), and no empty
 * dimension. Kernels take their fallback otherwise. */
MlirValue tileTmaRowsAligned(TileBuilder *b, const MlirValue *globals,
                             int count);

/* A view of `dynamic` (i8 dynamic shared memory) at byte `offset`, of
 * type memref<rows x cols x elem, workgroup>. */
MlirValue tileTmaView(TileBuilder *b, MlirValue dynamic, MlirValue offset,
                      int64_t rows, int64_t cols, const char *elem);

/* "f16" or "bf16". */
const char *tileTmaElementName(MlirType elem);

#endif
