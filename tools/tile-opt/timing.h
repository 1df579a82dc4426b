/* --mlir-timing for a chunk that runs a pass pipeline, as mlir-opt reports
 * it: the pass manager's timers with a Parser row before them and an Output
 * row after them, in a tree or a list, as text or JSON. MLIR 22's C API
 * times a pass manager only, and prints its report in the tree display as
 * text when the pass manager is destroyed: that report is kept, read and
 * printed again with the rows tile-opt timed itself. */
#ifndef TILE_OPT_TIMING_H
#define TILE_OPT_TIMING_H

#include "support/clock.h"
#include "support/strbuf.h"

#include "mlir-c/Pass.h"

#include <stdbool.h>
#include <stdio.h>

typedef struct {
  double start;      /* when the chunk's work began (tileMonotonicSeconds) */
  double parser;     /* seconds spent parsing; < 0 when it was not timed */
  double output;     /* seconds spent printing; < 0 when nothing was printed */
  TileStrBuf passes; /* what the pass manager printed when destroyed */
} TileChunkTiming;

#define TILE_CHUNK_TIMING_INIT {0, -1, -1, TILE_STRBUF_INIT}

/* Destroys `pm`, keeping what it prints on stderr meanwhile (the timing
 * report of a pass manager with timing on) in `timing->passes`. */
void tileTimingDestroyPassManager(MlirPassManager pm, TileChunkTiming *timing);

/* Prints the chunk's report to `out` as mlir-opt would, ended now: in the
 * list display when `list`, else the tree one; as JSON when `json`. What
 * the pass manager printed beside its report is passed on unchanged. */
void tileTimingPrint(const TileChunkTiming *timing, bool list, bool json,
                     FILE *out);

void tileChunkTimingFree(TileChunkTiming *timing);

#endif
