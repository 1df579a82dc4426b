/* The cpu GEMM: packed operand panels and the register-blocked micro-kernel
 * that multiplies them. */
#ifndef TILE_CPU_GEMM_H
#define TILE_CPU_GEMM_H

#include "cpu/lowering.h"

typedef enum { TileGemmA, TileGemmB } TileGemmRole;

/* An operand of C += op(A) * op(B) stored as panels: for A, panel p holds
 * rows p*R .. p*R+R-1 of op(A); for B, columns p*R .. of op(B). A panel is
 * [k][r] (memref<P x K x R x E>), or [r][k] (memref<P x R x K x E>) when
 * `kInner`; E is the element type of C, so the micro-kernel converts
 * nothing. B panels are always [k][r]: a step of K loads whole vectors of
 * C's row. A panels follow how the A tile is stored, so that packing A is a
 * copy of contiguous runs either way. Lanes past the end of the tile (in
 * the last panel) hold zeros. */
typedef struct {
  MlirValue buffer;
  TileGemmRole role;
  bool direct;       /* no panels: `buffer` is the operand's tile as stored
                        (tile_cpu.packing), of element type E */
  bool transposed;   /* op(X) is X transposed */
  bool kInner;       /* panels are [r][k] */
  int64_t length;    /* M for A, N for B */
  int64_t depth;     /* K */
  int64_t panel;     /* R */
  int64_t numPanels; /* P = ceil(length / R) */
  MlirType elem;     /* E */
} TilePacked;

/* Whether the tile buffer of `p` is stored [l][k] (A, or B transposed),
 * where l runs over M for A and over N for B, rather than [k][l]. */
bool tilePackedIsLMajor(const TilePacked *p);

/* Where a packing copy reads from: a window of `source` (offsets of the
 * copy, or none for a whole tile) holding the tile X (shape s0 x s1, the
 * storage of the operand), reading `pad` outside the buffer. */
typedef struct {
  MlirValue source;
  TileWindow window;
  bool windowed;
  MlirValue pad;    /* in the source element type */
  MlirType through; /* the element type of X: values are rounded to it */
  int64_t shape[2];
  int64_t prefetch; /* rows of a window read ahead (0: none) */
} TilePackSource;

/* Rows of a window that packing prefetches ahead unless tile_cpu.prefetch
 * says otherwise. */
enum { TileCpuPrefetchRows = 8 };

/* Emits the copy of the tile X into the panels of `p`: an unchecked path
 * when the window lies in its buffer, element checks otherwise. Returns
 * whether it prefetches rows of the window. */
bool tileCpuEmitPack(TileBuilder *b, const TilePacked *p,
                     const TilePackSource *source, int64_t lanes);

/* What the micro-kernel accumulates in for a C of element type `c`: C's
 * type, except that 16-bit floats accumulate in f32. */
MlirType tileCpuGemmAccumulatorType(MlirType c);

/* The micro-kernel's register block. */
typedef struct {
  int64_t rows;    /* MR: rows of C per block (A panel width) */
  int64_t vectors; /* NV: vectors of C per row (B panel width / lanes) */
  int64_t lanes;   /* elements of C per vector */
  int64_t unroll;  /* K steps per loop iteration */
} TileMicroKernel;

/* Emits C (M x N, row-major) = (clear ? 0 : C) + A * B over the panels. */
void tileCpuEmitGemm(TileBuilder *b, const TileMicroKernel *mk,
                     const TilePacked *a, const TilePacked *bp, MlirValue c,
                     bool clear);

#endif
