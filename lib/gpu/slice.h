/* Values of a loop body recomputed for another iteration (software
 * pipelining: the copies of iteration k + d issued in iteration k or before
 * the loop). The ops a value depends on in the body are cloned with the
 * induction variable replaced. */
#ifndef TILE_GPU_SLICE_H
#define TILE_GPU_SLICE_H

#include "ir/builder.h"

#include <stdbool.h>

enum { TileSliceMax = 64 };

typedef struct {
  MlirBlock body;
  MlirValue iv, newIv;
  MlirValue from[TileSliceMax], to[TileSliceMax];
  unsigned n;
} TileSliceMap;

/* A map that recomputes values of `loop`'s body (an scf.for) for the
 * iteration whose induction variable is `newIv`. */
TileSliceMap tileSliceMapFor(MlirOperation loop, MlirValue newIv);

/* Whether every value `values` depend on in `loop`'s body can be recomputed
 * for another iteration: results of region-free ops without memory effects
 * (arith, index, affine.apply/min/max, memref.dim), at most TileSliceMax of
 * them. A value that depends on a load (an offset read from memory) cannot:
 * the loop may write what it reads. */
bool tileSliceRemappable(MlirOperation loop, const MlirValue *values,
                         unsigned n);

/* `v` at the map's iteration, its slice cloned at the builder. Only for
 * values tileSliceRemappable accepts. */
MlirValue tileSliceRemap(TileBuilder *b, TileSliceMap *m, MlirValue v);

#endif
