/* Matrix-unit lowering of tile kernels shared by the GPU backends (CUDA
 * tensor cores, AMDGPU matrix cores): the plan of a kernel whose gemm runs
 * on them, and the rewrite of its fragment accumulator into per-thread
 * registers in the instruction's layout. */
#ifndef TILE_GPU_MATRIX_H
#define TILE_GPU_MATRIX_H

#include "ir/builder.h"

#include <stdbool.h>
#include <stdint.h>

enum { TileMmaMaxGemms = 8, TileMmaMaxLoopOps = 64 };

typedef struct TileMmaPlan TileMmaPlan;
typedef struct TileMmaThread TileMmaThread;

/* The C element (row, col) that accumulator element `i` of this thread
 * holds (i a value in [0, plan->local)). */
typedef void (*TileMmaPositionFn)(TileBuilder *b, const TileMmaPlan *plan,
                                  const TileMmaThread *t, MlirValue i,
                                  MlirValue *row, MlirValue *col);

/* One kernel whose gemms run on matrix units. Every gemm of the kernel
 * accumulates into the same fragment with the same A and B buffers. The
 * warp fields count warps of 32 threads on CUDA and waves (64 or 32) on
 * AMDGPU. */
struct TileMmaPlan {
  MlirOperation kernel; /* the scf.forall kernel loop */
  MlirOperation gemms[TileMmaMaxGemms];
  unsigned numGemms;
  MlirValue a, b, acc;        /* A and B shared tiles, the accumulator */
  MlirOperation loop;         /* the scf.for around the gemm (K loop) */
  MlirOperation copyA, copyB; /* the copies that fill A and B in it */
  int64_t stages;             /* tile.num_stages of the loop (>= 1); 1 when
                                 the copies' offsets cannot be recomputed
                                 for a later iteration (gpu/slice.h) */
  const char *unpipelined;    /* why stages was set to 1, or NULL */
  int64_t bm, bn, bk;         /* C is bm x bn, A is bm x bk */
  bool transposeB;            /* B is stored bn x bk */
  MlirType elem;              /* f16, bf16 (or i8, on rocm) */
  MlirType accElem;           /* f32 for f16/bf16, i32 for i8 */
  int64_t threads;
  int64_t warpsM, warpsN; /* warp grid over C */
  int64_t warpM, warpN;   /* C tile of one warp */
  int64_t mmaM, mmaN;     /* instruction tiles per warp along M, N */
  int64_t local;          /* accumulator elements per thread */
  int64_t pad;            /* extra elements per shared row */
  /* The accumulator layout of the backend's instruction; the rewrite of
   * the accumulator's uses needs it. */
  TileMmaPositionFn position;
};

/* Fills the gemm part of `plan` (buffers, K loop and its copies, tile
 * sizes, stages, threads; no warp grid) for a kernel loop with one f16/bf16
 * gemm into an f32 fragment (or i8 into i32: a backend without integer
 * matrix instructions checks accElem) whose A and B are filled by one
 * global-window copy each in the gemm's loop; false (no diagnostic)
 * otherwise. */
bool tileMmaPlanGemm(MlirOperation kernel, TileMmaPlan *plan);

/* The window offsets of copyA and copyB at the K loop's iteration `iv`,
 * recomputed at the builder (gpu/slice.h); for plans with stages >= 2. */
void tileMmaOffsetsAt(TileBuilder *b, const TileMmaPlan *plan, MlirValue iv,
                      MlirValue offA[2], MlirValue offB[2]);

/* Whether every use of the accumulator is one the matrix-unit paths can
 * rewrite: fills, the gemm, copies out of it, and thread-parallel loops over
 * exactly its elements that access it at their induction variables. */
bool tileMmaAccumulatorUsesSupported(const TileMmaPlan *plan);

/* Thread-level indices shared by the emitters, created once at the start of
 * the kernel body. */
struct TileMmaThread {
  MlirValue tid, lane, warpM, warpN; /* warpM/N: the warp's place in the grid */
  MlirValue group, quad;             /* mma.sync: lane / 4 and lane % 4 */
};

/* A thread's accumulator registers: memref<elements x elem>, allocated at
 * `b`; loops that unroll index it with constants only. */
MlirValue tileMmaAllocAccumulator(TileBuilder *b, int64_t elements,
                                  MlirType elem);

/* Rewrites the uses of the fragment accumulator (fill, copies out of it,
 * thread-parallel loops over it) to work on this thread's array `acc`.
 * Returns false after a diagnostic if a use cannot be rewritten. The plan's
 * `position` gives the layout. */
bool tileMmaRewriteAccumulatorUses(const TileMmaPlan *plan,
                                   const TileMmaThread *t, MlirValue acc);

#endif
