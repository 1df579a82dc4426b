/* --run-reproducer: the `mlir_reproducer` entry of the input's external
 * resources, as MLIR's crash reproducers write it:
 *
 *   {-# external_resources: { mlir_reproducer: {
 *         pipeline: "builtin.module(...)", disable_threading: true,
 *         verify_each: true } } #-}
 *
 * MLIR 22's C API has no hook for a resource the parser meets (the parser
 * skips an entry nobody claims), so the entry is read from the source text,
 * once MLIR has parsed the chunk that holds it. */
#ifndef TILE_OPT_REPRODUCER_H
#define TILE_OPT_REPRODUCER_H

#include "mlir-c/IR.h"

#include <stdbool.h>

typedef struct {
  char *pipeline;       /* NULL: the entry gives none */
  int disableThreading; /* -1: not given, else 0 or 1 */
  int verifyEach;       /* -1: not given, else 0 or 1 */
} Reproducer;

/* Reads the entry of `text` (a chunk of the file `fileName`, its lines and
 * columns those of the file) into `r`, which stays empty without one.
 * Returns false after reporting, at its place, a key or value that is not
 * one MLIR takes there. */
bool readReproducer(MlirContext ctx, const char *fileName, MlirStringRef text,
                    Reproducer *r);
void freeReproducer(Reproducer *r);

#endif
