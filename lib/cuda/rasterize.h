/* Block rasterisation of a kernel's 2-d grid (lib/cuda/rasterize.c). */
#ifndef TILE_CUDA_RASTERIZE_H
#define TILE_CUDA_RASTERIZE_H

#include "cuda/mma.h"

/* Whether tile_cuda.rasterize can reorder `kernel`'s blocks (a grid mapped
 * (y, x), from 0 in steps of 1); the reason in `why` when not. */
bool tileCudaRasterFits(MlirOperation kernel, TileStrBuf *why);

/* Remaps the block ids of `kernel` at `b` (the start of its body) so that
 * consecutive blocks, which the launch runs x-fastest, take `groupRows`
 * block rows of one block column after another. Nothing for groupRows 1
 * (the launch's own order) or a grid tileCudaRasterFits refuses. */
void tileCudaRasterise(TileBuilder *b, MlirOperation kernel, int64_t groupRows);

#endif
