/* What the TMA + wgmma paths share: checks of the kernel, TMA descriptors
 * and the alignment test on the host, views of dynamic shared memory. */
#ifndef TILE_CUDA_TMA_H
#define TILE_CUDA_TMA_H

#include "cuda/mma.h"

/* Whether the TMA + wgmma path (tile-cuda-wgmma) takes `kernel` on `chip`;
 * the reason in `why` when not. */
bool tileCudaWgmmaFits(MlirOperation kernel, const char *chip, TileStrBuf *why);

/* Whether the warp-specialised path (tile-cuda-wgmma-ws) takes `kernel` on
 * `chip` with `producer` and `consumer` registers per thread in the two
 * roles (0, 0: the path's own budgets); the reason in `why` when not. */
bool tileCudaWgmmaWsFits(MlirOperation kernel, const char *chip,
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

/* True at run time when every one of the 2-d global memrefs has rows of a
 * multiple of 16 bytes and a 16-byte aligned base: what TMA needs. */
MlirValue tileTmaRowsAligned(TileBuilder *b, const MlirValue *globals,
                             int count);

/* A view of `dynamic` (i8 dynamic shared memory) at byte `offset`, of
 * type memref<rows x cols x elem, workgroup>. */
MlirValue tileTmaView(TileBuilder *b, MlirValue dynamic, MlirValue offset,
                      int64_t rows, int64_t cols, const char *elem);

/* "f16" or "bf16". */
const char *tileTmaElementName(MlirType elem);

#endif
