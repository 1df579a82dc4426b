/* What tile-opt needs of MLIR and LLVM that MLIR 22's C API cannot reach:
 * a few setters on the C API's own objects, and LLVM's standard output
 * stream. These are the C++ of tile-opt (capi_gaps.cpp), beside the
 * registration of upstream's test passes (upstream_tests.cpp). */
#ifndef TILE_OPT_CAPI_GAPS_H
#define TILE_OPT_CAPI_GAPS_H

#include "support/strbuf.h"

#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Standard output through llvm::outs(), the stream upstream passes print to
 * (the test-* passes, transform.print): what tile-opt writes and what passes
 * print land in one buffer, in the order they were written, as in mlir-opt.
 *
 * An unbuffered stream whose writes go into llvm::outs(); NULL if it cannot
 * be made. fclose it when done (that does not flush llvm::outs()). */
FILE *tileOptOpenLLVMOuts(void);

/* Writes out what llvm::outs() holds. Returns 0, or the errno of a failed
 * write (the error is then cleared, so that LLVM does not report it again
 * when the program exits). */
int tileOptFlushLLVMOuts(void);

/* --mlir-print-value-users, --mlir-print-unique-ssa-ids and
 * --mlir-print-elementsattrs-with-hex-if-larger (`hexIfLarger` < 0: never),
 * which MlirOpPrintingFlags has no setter for. */
void tileOptPrintingFlagsSetExtras(MlirOpPrintingFlags flags, bool valueUsers,
                                   bool uniqueSSAIds, int64_t hexIfLarger);

/* --elide-resource-data-from-bytecode. */
void tileOptBytecodeWriterConfigElideResourceData(
    MlirBytecodeWriterConfig config);

/* --mlir-print-stacktrace-on-diagnostic. */
void tileOptContextPrintStackTraceOnDiagnostic(MlirContext ctx);

/* MLIR's own crash reproducer on `pm` (--mlir-pass-pipeline-crash-reproducer
 * without tile passes, and --mlir-pass-pipeline-local-reproducer): it
 * recovers from a crash of a pass, reports the pass that failed, and writes
 * the input with the pipeline (`local`: of the failing pass alone) to
 * `path`. A local one cannot be set on a context with threads: false, and
 * nothing is changed. */
bool tileOptPassManagerEnableReproducer(MlirPassManager pm, const char *path,
                                        bool local);

/* MLIR's IR printing around passes (--mlir-print-ir-*): around every pass
 * (`beforeAll`, `afterAll`) or around the passes whose argument is in
 * `before` / `after` (--mlir-print-ir-before/after=<passes>, which
 * mlirPassManagerEnableIRPrinting cannot filter by), to standard error or
 * to a tree of files under `treeDir` (NULL: standard error). `afterChange`
 * and `afterFailure` narrow the printing after a pass as in mlir-opt. */
typedef struct {
  bool beforeAll, afterAll, moduleScope, afterChange, afterFailure;
  const char *const *before;
  unsigned numBefore;
  const char *const *after;
  unsigned numAfter;
  MlirOpPrintingFlags flags;
  const char *treeDir;
} TileOptIRPrinting;
void tileOptPassManagerEnableIRPrinting(MlirPassManager pm,
                                        const TileOptIRPrinting *printing);

/* --mlir-very-unsafe-disable-verifier-on-parsing: parses `source` (text or
 * bytecode) as mlir-opt does, without verifying the result; with
 * `implicitModule`, the top-level ops go into a builtin.module unless the
 * one op is a module. `alignment` is the address alignment bytecode asks
 * for (tileBytecodeAlignment). Errors are diagnostics on `ctx`; null on
 * failure. */
MlirOperation tileOptParseUnverified(MlirContext ctx, MlirStringRef source,
                                     MlirStringRef sourceName,
                                     bool implicitModule, size_t alignment);

/* --load-pass-plugin: loads an MLIR pass plugin (a shared library built
 * against MLIR 22 that exports mlirGetPassPluginInfo), whose passes join
 * MLIR's pass registry. --load-dialect-plugin: loads a dialect plugin
 * (mlirGetDialectPluginInfo), whose dialects every context of the run then
 * knows (tileOptAppendPluginDialects). False, with why appended to `why`,
 * when the plugin does not load. */
bool tileOptLoadPassPlugin(const char *path, TileStrBuf *why);
bool tileOptLoadDialectPlugin(const char *path, TileStrBuf *why);
/* Registers the dialects of the loaded dialect plugins with `ctx`; they
 * load when first used. */
void tileOptAppendPluginDialects(MlirContext ctx);
/* Whether a dialect plugin registered `name` (for --show-dialects). */
void tileOptForEachPluginDialect(void (*visit)(MlirStringRef name,
                                               void *userData),
                                 void *userData);

/* --mlir-timing of each pass manager of a --target compilation, in the
 * list display (else the tree) and as JSON (else text), printed to
 * standard error when `pm` is destroyed; mlirPassManagerEnableTiming
 * takes neither choice. */
void tileOptPassManagerEnableTiming(MlirPassManager pm, bool list, bool json);

/* Whether `name` is a pass or pass pipeline in MLIR's registry (upstream,
 * test or plugin passes). */
bool tileOptIsUpstreamPass(const char *name);
/* Whether `name` is an option in LLVM's option parser (LLVM's own, such as
 * its code generation's, or MLIR's debug options). */
bool tileOptIsLLVMOption(const char *name);
/* Whether that option's value is required, so that LLVM's parser takes
 * the next word as its value when none follows "=" ("--name value"). */
bool tileOptLLVMOptionTakesValue(const char *name);

/* Whether `text` is an integer as LLVM reads one (StringRef::getAsInteger
 * with radix 0: decimal, 0x, 0b, 0o or 0 prefixes, a leading minus). */
bool tileOptIsInteger(const char *text);

/* LLVM's option parser on argv (argv[0] names the program in its
 * messages); false after it reported an error. */
bool tileOptParseLLVMOptions(int argc, const char *const *argv);

/* MLIR's action tracing and debug counters (--log-actions-to,
 * --log-mlir-actions-filter, --profile-actions-to, --mlir-debug-counter,
 * --mlir-print-debug-counter) are options of LLVM's option parser, read by
 * MLIR itself: this puts them in that parser, before it reads them. */
void tileOptRegisterDebugOptions(void);

/* Installs what those options ask for on `ctx`, as mlir-opt does for each
 * chunk, with MLIR's hook for a debugger attached to the process when
 * `debuggerHook` (--mlir-enable-debugger-hook); NULL when nothing is asked
 * for. Errors (a log file that cannot be opened) are diagnostics on `ctx`.
 * Remove it after `ctx` is destroyed. */
void *tileOptInstallDebugHandler(MlirContext ctx, bool debuggerHook);
void tileOptRemoveDebugHandler(void *handler);

#ifdef __cplusplus
}
#endif

#endif
