/* --dump-pass-pipeline: the pipeline laid out as mlir-opt prints it. */
#ifndef TILE_OPT_PIPELINE_DUMP_H
#define TILE_OPT_PIPELINE_DUMP_H

#include "mlir-c/Pass.h"

#include <stdio.h>

/* Writes "Pass Manager with N passes:" and the pipeline, one pass per line
 * and nested pipelines indented, to `out`. */
void tileDumpPassPipeline(MlirOpPassManager pm, FILE *out);

/* Lays out a textual pipeline ("a(b,c{x=1})") one pass per line, nested
 * pipelines indented by two blanks; pass options stay on their pass's line. */
void tilePrintPipelinePretty(const char *text, FILE *out);

#endif
