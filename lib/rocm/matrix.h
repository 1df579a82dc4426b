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
  bool swizzleA;    /* A's shared tile has XOR-swizzled rows (direct loads) */
  bool swizzleB;    /* so has B's (n x k) */
  int64_t ldsBytes; /* the chip's LDS per workgroup */
} TileRocmMatrixPlan;

/* Extra elements per row of the padded, K-major shared tiles: rows of
 * bk + 4 f16 (bk = 32: 72 bytes, 18 banks of 4 bytes apart) put the 16
 * rows one 8-byte MFMA operand read touches on distinct bank pairs. */
enum { TileRocmLdsPad = 4 };

/* The bytes of one A or B element: 1 for i8, 2 for f16 and bf16. */
int64_t tileRocmMatrixElemBytes(MlirType elem);

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

/* Direct-to-LDS loads (amdgpu.gather_to_lds, gfx942/gfx950): each lane
 * moves this many bytes per load. (gfx950 also has 16-byte loads; a lane's
 * 16 bytes would span two swizzle chunks.) */
enum { TileRocmDirectBytes = 4 };

/* The most VGPRs per lane that the operands of one K tile may take when
 * they are all read before the matrix instructions (direct loads). */
enum { TileRocmMaxOperandRegs = 64 };

/* The physical column of logical element (row, col) of a swizzled tile of
 * `cols` elements of `elemBytes` bytes per row (rocm/matrix_layout.h). */
MlirValue tileRocmSwizzledCol(TileBuilder *b, MlirValue row, MlirValue col,
                              int64_t cols, int64_t elemBytes);

/* Whether `copy` can fill its tile by direct-to-LDS loads into swizzled
 * rows: rows contiguous in global memory and a power of two of swizzle
 * chunks long, each operand read inside one chunk, whole loads per thread.
 * The chip's side (tileRocmChip.directToLds) is the caller's. */
bool tileRocmMatrixDirectFits(const TileRocmMatrixPlan *plan,
                              MlirOperation copy);

/* Fills `dst` (the copy's tile shape, swizzled rows) from `copy`'s window
 * at offsets `off`: by direct-to-LDS loads where the window lies inside the
 * source, else element by element with the pad value outside. The loads
 * complete asynchronously: amdgpu.memory_counter_wait load(0) before the
 * barrier that publishes the tile. */
void tileRocmMatrixDirectCopy(TileBuilder *b, const TileRocmMatrixPlan *plan,
                              const TileMmaThread *t, MlirOperation copy,
                              const MlirValue off[2], MlirValue dst);

/* tileRocmMatrixEmitGemm that reads every operand of the K tile first,
 * then calls `between` (NULL: nothing), then runs the matrix instructions:
 * LLVM waits for every pending direct-to-LDS load before an LDS read it
 * cannot tell apart, so loads issued in `between` stay in flight during
 * the instructions. */
void tileRocmMatrixEmitGemmReadFirst(TileBuilder *b,
                                     const TileRocmMatrixPlan *plan,
                                     const TileMmaThread *t, MlirValue acc,
                                     void (*between)(TileBuilder *, void *),
                                     void *userData);

/* The VGPRs per lane that tileRocmMatrixEmitGemmReadFirst holds operands
 * in. */
int64_t tileRocmMatrixOperandRegs(const TileRocmMatrixPlan *plan);

#endif
