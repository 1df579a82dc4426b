/* What the cpu lowering passes share: the target's vector width, element
 * handling, loop nests, windows of copies, and where block buffers live. */
#ifndef TILE_CPU_LOWERING_H
#define TILE_CPU_LOWERING_H

#include "cpu/chips.h"
#include "ir/builder_vector.h"
#include "ir/ir.h"
#include "passes/pass.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/*===-- Target
 * -------------------------------------------------------------===*/

/* Vector register width in bits of `chip` ("native": this machine, or the
 * chip $TILE_HOST_CPU names) with
 * `features` ("+avx512f,-avx2", may be empty) applied on top. */
int tileCpuVectorBits(const char *chip, const char *features);
int tileCpuVectorRegisters(int vectorBits);

/* The `cpu` and `features` options of passes that vectorise, and the width
 * they select. */
#define TILE_CPU_TARGET_OPTIONS                                                \
  {.name = "cpu",                                                              \
   .kind = TileOptionString,                                                   \
   .defaultValue = "native",                                                   \
   .help = "Target cpu whose vector width is used (native: this machine)",     \
   .check = tileCpuCheckChip},                                                 \
  {                                                                            \
    .name = "features", .kind = TileOptionString, .defaultValue = "",          \
    .help = "Target features on top of the cpu, e.g. +avx512f or -avx512f",    \
    .check = tileCpuCheckFeatures                                              \
  }
int tileCpuOptionsVectorBits(const TileOptionValue *options);

/* The run of a pass that lowers every op named `name` under `root` with
 * `lower`, at the vector width its target options give; signals failure
 * when one of them does not lower. */
void tileCpuLowerEach(MlirOperation root, MlirExternalPass pass,
                      const TileOptionValue *options, const char *name,
                      bool (*lower)(MlirOperation op, int vectorBits));
/* Lanes of a vector register for elements of `type` (at least 1). */
int64_t tileCpuLanes(int vectorBits, MlirType type);

/* Whether `op` (a tile op) has what the cpu lowerings index by: offsets
 * for each dimension of a window, static tiles, agreeing shapes, ranks up
 * to TILE_MAX_RANK. Emits an error at `op` otherwise. */
bool tileCpuCheckOp(MlirOperation op);

/* A builder at the start of the body of the kernel enclosing `op`, or of
 * the function enclosing it outside kernels: where block buffers go. */
TileBuilder tileCpuScopeStart(MlirOperation op);

/*===-- Elements
 * -----------------------------------------------------------===*/

/* Whether the cpu target computes with elements of `type`: f16, bf16, f32,
 * f64 and signless integers of 8 to 64 bits. Emits an error at `op`
 * naming `what` otherwise. */
bool tileCpuCheckElement(MlirOperation op, MlirType type, const char *what);
bool tileCpuIsFloat(MlirType type);
unsigned tileCpuBitWidth(MlirType type);

/* Converts a scalar or vector value to element type `to` (float<->float,
 * int<->int; through f32 between f16 and bf16). */
MlirValue tileCpuConvert(TileBuilder *b, MlirValue v, MlirType to);
/* A scalar constant of element type `type`. */
MlirValue tileCpuConstant(TileBuilder *b, MlirType type, double value);
/* The `pad` of a copy converted to `type`, or zero. */
MlirValue tileCpuPadValue(TileBuilder *b, MlirOperation copy, MlirType type);
/* acc + x * y on float scalars or vectors, fused where the target has FMA
 * (vector.fma is LLVM's fmuladd; scalars are contractible mulf and addf):
 * math.fma would be a call to fmaf per element on chips without FMA. */
MlirValue tileCpuFusedMulAdd(TileBuilder *b, MlirValue x, MlirValue y,
                             MlirValue acc);
/* acc + x * y on scalars or vectors (tileCpuFusedMulAdd for floats). */
MlirValue tileCpuMulAdd(TileBuilder *b, MlirValue x, MlirValue y,
                        MlirValue acc);
MlirValue tileCpuAddValues(TileBuilder *b, MlirValue x, MlirValue y);

/*===-- Loops
 * --------------------------------------------------------------===*/

/* Nested scf.for loops 0..extents[i] step 1; returns a builder inside the
 * innermost loop and sets `ivs`. With n == 0, returns *b. */
TileBuilder tileCpuLoopNest(TileBuilder *b, intptr_t n, const int64_t *extents,
                            MlirValue *ivs);

/* Calls `body` for consecutive chunks of [0, extent): chunks of `lanes`
 * elements in an scf.for, then one shorter tail chunk. `at` is the first
 * element of the chunk. */
typedef void (*TileChunkFn)(TileBuilder *b, MlirValue at, int64_t width,
                            void *userData);
void tileCpuForEachChunk(TileBuilder *b, int64_t extent, int64_t lanes,
                         TileChunkFn body, void *userData);

/* A vector mask of `lanes` lanes with the lanes whose index `at + lane` is
 * in [0, limit) on (`at` is signed: a window may start before its buffer),
 * all of them off unless `rowValid` (may be null: on). */
MlirValue tileCpuLaneMask(TileBuilder *b, int64_t lanes, MlirValue at,
                          MlirValue limit, MlirValue rowValid);
/* The mask of the lanes below `limit` for an `at` known not to be negative
 * (a loop over a buffer from 0). */
MlirValue tileCpuTailMask(TileBuilder *b, int64_t lanes, MlirValue at,
                          MlirValue limit);
/* tileCpuLaneMask of a valid row. */
MlirValue tileCpuBoundsMask(TileBuilder *b, int64_t lanes, MlirValue at,
                            MlirValue limit);

/* Transposes the n x n block held by `rows` (n vectors of n lanes, n a
 * power of two up to 64) in place with n log2(n) vector shuffles; returns
 * false for other n. */
bool tileCpuTranspose(TileBuilder *b, int64_t n, MlirValue *rows);

/*===-- Windows
 * ------------------------------------------------------------===*/

/* The window of a buffer that a copy or atomic add indexes with offsets:
 * the tile's dimensions line up with its trailing dimensions, and leading
 * dimensions have extent 1. */
typedef struct {
  MlirValue buffer;
  intptr_t rank, lead;
  MlirValue offsets[TILE_MAX_RANK];
  MlirValue sizes[TILE_MAX_RANK]; /* constants where static */
} TileWindow;

/* Builds the window over `buffer` with `numOffsets` offsets starting at
 * operand `firstOffset` of `op` (none: all zero) for a tile of `tileDims`
 * dimensions. */
TileWindow tileCpuWindow(TileBuilder *b, MlirOperation op, MlirValue buffer,
                         intptr_t firstOffset, intptr_t numOffsets,
                         intptr_t tileDims);
/* Whether the window of a tile of `shape` lies in the buffer: an i1. */
MlirValue tileCpuWindowInBounds(TileBuilder *b, const TileWindow *w,
                                const int64_t *shape);
/* The buffer indices of tile element `tileIndices` (the last one may be the
 * start of a chunk). */
void tileCpuWindowIndices(TileBuilder *b, const TileWindow *w,
                          const MlirValue *tileIndices, MlirValue *out);
/* Whether the window row of `outer` (tile indices but the last) exists:
 * every leading and outer index is inside the buffer. */
MlirValue tileCpuWindowRowValid(TileBuilder *b, const TileWindow *w,
                                const MlirValue *outer, intptr_t numOuter);

/* Whether the innermost dimension of memref type `t` has unit stride. */
bool tileCpuUnitInnerStride(MlirType t);

/* A run of elements along the last dimension of `memref` from `indices`,
 * read as a vector of `vectorType` or written from `value`: vector loads
 * and stores where the memref's rows are contiguous; elsewhere transfers,
 * which the vector lowering turns into an access per element. With a
 * `mask` (may be null), lanes off it read `pad` (a scalar of the memref's
 * element type; null: zero) and are not written. */
MlirValue tileCpuLoadRun(TileBuilder *b, MlirType vectorType, MlirValue memref,
                         intptr_t rank, const MlirValue *indices,
                         MlirValue mask, MlirValue pad);
void tileCpuStoreRun(TileBuilder *b, MlirValue value, MlirValue memref,
                     intptr_t rank, const MlirValue *indices, MlirValue mask);

#endif
