/* Matrix-core (MFMA/WMMA) lowering of tile kernels for AMDGPU: the plan for
 * one kernel and the pieces that emit it. The gemm recognition and the
 * rewrite of the accumulator's uses are shared with the CUDA tensor-core
 * path (passes/gpu_matrix.h); the instruction, wave grid and register
 * layout are AMD's. */
#ifndef TILE_ROCM_MATRIX_H
#define TILE_ROCM_MATRIX_H

#include "passes/gpu_matrix.h"
#include "rocm/matrix_layout.h"

/* Instruction tiles per wave along M and along N, at most. */
enum { TileRocmMaxTiles = 16 };

/* `base` first: the accumulator rewrite gets &plan->base and the layout
 * callback casts it back. In `base`, warpsM/N is the wave grid, warpM/N
 * a wave's C tile, mmaM/N its instruction tiles along M and N. */
typedef struct {
  TileMmaPlan base;
  const TileRocmMatrixInstr *instr;
} TileRocmMatrixPlan;

/* Fills `plan` for a kernel loop on `chip`, or returns false (with no
 * diagnostic) when the kernel, its types or the chip do not fit a matrix
 * instruction; such kernels are lowered by the SIMT path instead. */
bool tileRocmMatrixPlanKernel(MlirOperation kernel, const char *chip,
                              TileRocmMatrixPlan *plan);

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

/* Replaces `copy` with unrolled per-thread element copies that select the
 * pad value outside the source instead of branching. */
void tileRocmMatrixEmitCopy(const TileMmaPlan *plan, const TileMmaThread *t,
                            MlirOperation copy);

#endif
