/* Matrix-core (MFMA/WMMA) lowering of tile kernels for AMDGPU: the plan for
 * one kernel and the pieces that emit it. The gemm recognition and the
 * rewrite of the accumulator's uses are shared with the CUDA tensor-core
 * path (gpu/matrix.h); the instruction, wave grid and register
 * layout are AMD's. */
#ifndef TILE_ROCM_MATRIX_H
#define TILE_ROCM_MATRIX_H

#include "gpu/matrix.h"
#include "rocm/matrix_layout.h"
#include "support/strbuf.h"

/* Instruction tiles per wave along M and along N, at most. */
enum { TileRocmMaxTiles = 16 };

/* `base` first: the accumulator rewrite gets &plan->base and the layout
 * callback casts it back. In `base`, warpsM/N is the wave grid, warpM/N
 * a wave's C tile, mmaM/N its instruction tiles along M and N. */
typedef struct {
  TileMmaPlan base;
  const TileRocmMatrixInstr *instr;
  bool bKMajor;     /* B's shared tile holds B^T (n x k), whatever B's layout */
  int64_t ldsBytes; /* the chip's LDS per workgroup */
} TileRocmMatrixPlan;

/* Extra elements per row of the padded, K-major shared tiles: rows of
 * bk + 4 f16 (bk = 32: 72 bytes, 18 banks of 4 bytes apart) put the 16
 * rows one 8-byte MFMA operand read touches on distinct bank pairs. */
enum { TileRocmLdsPad = 4 };

/* Fills `plan` for a kernel loop on `chip`, or returns false (with no
 * diagnostic) when the kernel, its types or the chip do not fit a matrix
 * instruction; such kernels are lowered by the SIMT path instead. A
 * non-null `shape` (m, n, k) allows only that instruction shape; a non-null
 * `why` gets the reasons of a false. */
bool tileRocmMatrixPlanKernel(MlirOperation kernel, const char *chip,
                              const int64_t *shape, TileRocmMatrixPlan *plan,
                              TileStrBuf *why);

/* Thread id, lane and the wave's place in the wave grid. */
TileMmaThread tileRocmMatrixThread(TileBuilder *b,
                                   const TileRocmMatrixPlan *plan);

/* The C element (row, col) that accumulator element `i` of this thread
 * holds; a TileMmaPlan.position callback. */
void tileRocmMatrixElementPosition(TileBuilder *b, const TileMmaPlan *plan,
                                   const TileMmaThread *t, MlirValue i,
                                   MlirValue *row, MlirValue *col);

/* Replaces the gemm with C += A * B on matrix instructions that read A and
 * B from their shared tiles and the accumulator from `acc`
 * (memref<local x f32>). */
void tileRocmMatrixEmitGemm(TileBuilder *b, const TileRocmMatrixPlan *plan,
                            const TileMmaThread *t, MlirValue acc);

/* Whether `copy` (a global window into a whole shared tile) splits evenly
 * over the kernel's threads, as tileRocmMatrixEmitCopy needs. */
bool tileRocmMatrixCopyFits(const TileMmaPlan *plan, MlirOperation copy);

/* Replaces `copy` with unrolled per-thread element copies into `dst` that
 * select the pad value outside the source instead of branching; element
 * (r, c) of the copy's tile goes to dst[c][r] when `transpose`. */
void tileRocmMatrixEmitCopy(const TileMmaPlan *plan, const TileMmaThread *t,
                            MlirOperation copy, MlirValue dst, bool transpose);

/* Marks `op` (an op with regions) as one unit for tile-gpu-barriers: its
 * threads touch different elements, so barriers go around it, not between
 * its accesses. */
void tileRocmMarkDistributed(MlirOperation op);

/* Register staging for a pipelined K loop: a copy's elements pass through
 * this thread's registers (`regs`, memref<n x elem>, n =
 * tileRocmMatrixCopyElements) between the global read and the LDS write. */
int64_t tileRocmMatrixCopyElements(const TileMmaPlan *plan, MlirOperation copy);

/* Reads this thread's elements of `copy`'s window at offsets `off` into
 * `regs` (the pad value outside the source), as tileRocmMatrixEmitCopy
 * would read them; `copy` is left in place. */
void tileRocmMatrixLoadRegs(TileBuilder *b, const TileMmaPlan *plan,
                            const TileMmaThread *t, MlirOperation copy,
                            const MlirValue off[2], MlirValue regs);

/* Writes `regs` into `dst` where tileRocmMatrixEmitCopy would write them
 * (transposed when asked), with no branch. */
void tileRocmMatrixStoreRegs(TileBuilder *b, const TileMmaPlan *plan,
                             const TileMmaThread *t, MlirOperation copy,
                             MlirValue regs, MlirValue dst, bool transpose);

#endif
