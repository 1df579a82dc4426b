/* Tensor-core (mma.sync) lowering of tile kernels for sm_80 and later: the
 * plan for one kernel and the pieces that emit it. */
#ifndef TILE_CUDA_MMA_H
#define TILE_CUDA_MMA_H

#include "gpu/matrix.h"
#include "gpu/slice.h"
#include "support/strbuf.h"

#include <stdbool.h>
#include <stdint.h>

/* Appends the reason `fmt` to `why` (after "; " when it holds one
 * already; nothing when `why` is NULL); returns false. */
bool tileCudaRefuse(TileStrBuf *why, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* The most m16n8 tiles a warp holds along M or along N. */
enum { TileCudaMaxMmaTiles = 16 };

/* Why a kernel is no gemm kernel the tensor-core paths take. */
#define TileCudaNotOneGemm                                                     \
  "it is not one gemm the tensor-core paths take (one tile.gemm, f16/bf16 A "  \
  "and B in shared tiles, an f32 fragment accumulator, tile shapes that make " \
  "a gemm, no transpose_a or clear_accum, in an scf.for of 1 to 16 stages "    \
  "that fills A and B by one global-window copy each)"

/* tileMmaPlanGemm for the CUDA tensor-core paths, whose copies into A and B
 * (cp.async, TMA, their bounded fallbacks) fill zeros outside the global
 * matrix: a copy with another `pad` is refused (the reason in `why`). */
bool tileCudaPlanGemm(MlirOperation kernel, TileMmaPlan *plan, TileStrBuf *why);

/* Fills `plan` for a kernel loop, or returns false (no diagnostic; the
 * reason in `why` when it is not NULL) when the kernel does not have the
 * shape the mma.sync path handles; such kernels are lowered by the SIMT
 * path instead. */
bool tileMmaPlanKernel(MlirOperation kernel, TileMmaPlan *plan,
                       TileStrBuf *why);

/* Whether the mma.sync path (tile-cuda-mma) takes `kernel` on `chip`; the
 * reason in `why` when not. */
bool tileCudaMmaFits(MlirOperation kernel, const char *chip, TileStrBuf *why);

TileMmaThread tileMmaThreadIndices(TileBuilder *b, const TileMmaPlan *plan);

/* The C element (row, col) that accumulator element `i` of this thread
 * holds (i a value in [0, plan->local)). */
void tileMmaElementPosition(TileBuilder *b, const TileMmaPlan *plan,
                            const TileMmaThread *t, MlirValue i, MlirValue *row,
                            MlirValue *col);

/* Emits C += A[stage] * B[stage] with ldmatrix + mma.sync on the padded
 * stage buffers `aStages`/`bStages` (stage x rows x cols), reading and
 * writing the accumulator array `acc` (memref<local x f32>). */
void tileMmaEmitGemm(TileBuilder *b, const TileMmaPlan *plan,
                     const TileMmaThread *t, MlirValue aStages,
                     MlirValue bStages, MlirValue stage, MlirValue acc);

/* Rewrites the K loop: copies into A and B become copies into the padded
 * stage buffers (cp.async, multi-buffered to plan->stages, when the global
 * rows are 16-byte aligned at run time; plain bounded copies otherwise) and
 * the gemm becomes tensor-core code. */
bool tileMmaRewriteLoop(const TileMmaPlan *plan, const TileMmaThread *t,
                        MlirValue acc);

#endif
