/* Tensor-core (mma.sync) lowering of tile kernels for sm_80 and later: the
 * plan for one kernel and the pieces that emit it. */
#ifndef TILE_CUDA_MMA_H
#define TILE_CUDA_MMA_H

#include "ir/builder.h"

#include <stdbool.h>
#include <stdint.h>

enum { TileMmaMaxGemms = 8, TileMmaMaxLoopOps = 64 };

/* One kernel whose gemms run on tensor cores. Every gemm of the kernel
 * accumulates into the same fragment with the same A and B buffers. */
typedef struct {
  MlirOperation kernel; /* the scf.forall kernel loop */
  MlirOperation gemms[TileMmaMaxGemms];
  unsigned numGemms;
  MlirValue a, b, acc;        /* A and B shared tiles, the accumulator */
  MlirOperation loop;         /* the scf.for around the gemm (K loop) */
  MlirOperation copyA, copyB; /* the copies that fill A and B in it */
  int64_t stages;             /* tile.num_stages of the loop (>= 1) */
  int64_t bm, bn, bk;         /* C is bm x bn, A is bm x bk */
  bool transposeB;            /* B is stored bn x bk */
  MlirType elem;              /* f16 or bf16 */
  int64_t threads;
  int64_t warpsM, warpsN; /* warp grid over C */
  int64_t warpM, warpN;   /* C tile of one warp */
  int64_t mmaM, mmaN;     /* 16x8 mma tiles per warp along M, N */
  int64_t local;          /* accumulator elements per thread */
  int64_t pad;            /* extra elements per shared row */
} TileMmaPlan;

/* Fills the gemm part of `plan` (buffers, K loop and its copies, tile
 * sizes, stages, threads; no warp grid) for a kernel loop with one f16/bf16
 * gemm into an f32 fragment whose A and B are filled by one global-window
 * copy each in the gemm's loop; false (no diagnostic) otherwise. */
bool tileMmaPlanGemm(MlirOperation kernel, TileMmaPlan *plan);

/* Fills `plan` for a kernel loop, or returns false (with no diagnostic) when
 * the kernel does not have the shape the tensor-core path handles; such
 * kernels are lowered by the SIMT path instead. */
bool tileMmaPlanKernel(MlirOperation kernel, TileMmaPlan *plan);

/* Whether every use of the accumulator is one the tensor-core path can
 * rewrite: fills, the gemm, copies out of it, and thread-parallel loops over
 * exactly its elements that access it at their induction variables. */
bool tileMmaAccumulatorUsesSupported(const TileMmaPlan *plan);

/* Thread-level indices shared by the emitters, created once at the start of
 * the kernel body. */
typedef struct {
  MlirValue tid, lane, warpM, warpN; /* warpM/N: the warp's place in the grid */
  MlirValue group, quad;             /* lane / 4 and lane % 4 */
} TileMmaThread;

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

/* Rewrites the uses of the fragment accumulator (fill, copies out of it,
 * thread-parallel loops over it) to work on this thread's array `acc`.
 * Returns false after a diagnostic if a use cannot be rewritten. */
bool tileMmaRewriteAccumulatorUses(const TileMmaPlan *plan,
                                   const TileMmaThread *t, MlirValue acc);

/* Rewrites the K loop: copies into A and B become copies into the padded
 * stage buffers (cp.async, multi-buffered to plan->stages, when the global
 * rows are 16-byte aligned at run time; plain bounded copies otherwise) and
 * the gemm becomes tensor-core code. */
bool tileMmaRewriteLoop(const TileMmaPlan *plan, const TileMmaThread *t,
                        MlirValue acc);

/* Values of a loop body recomputed for the iteration whose induction
 * variable is `newIv`: the ops of `body` a value depends on are cloned at
 * the builder, with `iv` replaced. */
enum { TileSliceMax = 64 };
typedef struct {
  MlirBlock body;
  MlirValue iv, newIv;
  MlirValue from[TileSliceMax], to[TileSliceMax];
  unsigned n;
} TileSliceMap;

MlirValue tileSliceRemap(TileBuilder *b, TileSliceMap *m, MlirValue v);

#endif
