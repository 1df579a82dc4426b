/* --dump-pass-pipeline: the pipeline laid out as mlir-opt prints it. */
#ifndef TILE_OPT_PIPELINE_DUMP_H
#define TILE_OPT_PIPELINE_DUMP_H

#include "support/strbuf.h"

#include "mlir-c/Pass.h"

#include <stdio.h>

/* Writes "Pass Manager with N passes:" and the pipeline, one pass per line
 * and nested pipelines indented, to `out`. MLIR prints a tile pass by its
 * argument alone; `tileOptions` holds, in the order the tile passes were
 * added, the options to print after each (tilePrintPassOptions; "" for a
 * pass without options). */
void tileDumpPassPipeline(MlirOpPassManager pm, const TileStrBuf *tileOptions,
                          unsigned numTileOptions, FILE *out);

/* The textual pipeline of `pm` with the tile passes' options added as for
 * tileDumpPassPipeline, into `out`. */
void tilePipelineText(MlirOpPassManager pm, const TileStrBuf *tileOptions,
                      unsigned numTileOptions, TileStrBuf *out);

/* Lays out a textual pipeline ("a(b,c{x=1})") one pass per line, nested
 * pipelines indented by two blanks; pass options stay on their pass's line. */
void tilePrintPipelinePretty(const char *text, FILE *out);

#endif
