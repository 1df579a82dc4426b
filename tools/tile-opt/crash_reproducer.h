/* --mlir-pass-pipeline-crash-reproducer=<file>: when the pass pipeline
 * fails or the process crashes while it runs, the file gets the input as it
 * was before the pipeline, with the pipeline and its settings in an
 * `mlir_reproducer` resource, which `tile-opt --run-reproducer` (and
 * mlir-opt's) runs again. */
#ifndef TILE_OPT_CRASH_REPRODUCER_H
#define TILE_OPT_CRASH_REPRODUCER_H

#include "support/strbuf.h"

#include "mlir-c/IR.h"

#include <stdbool.h>

typedef struct {
  const char *path;
  TileStrBuf text; /* the whole file, made before the pipeline runs */
} CrashReproducer;

/* Makes the file's text from `op` (before any pass ran on it) and the
 * textual `pipeline`. */
void crashReproducerPrepare(CrashReproducer *r, const char *path,
                            MlirOperation op, const char *pipeline,
                            bool disableThreading, bool verifyEach);

/* While armed, a crash (SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT) writes
 * the file and says so on stderr before the process dies of the signal.
 * One reproducer is armed at a time. */
void crashReproducerArm(const CrashReproducer *r);
void crashReproducerDisarm(void);

/* After the pipeline failed: writes the file and reports the failure at
 * `op`; false when the file cannot be written (also reported). */
bool crashReproducerWrite(const CrashReproducer *r, MlirOperation op);

void crashReproducerFree(CrashReproducer *r);

#endif
