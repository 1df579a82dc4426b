/* tile-opt's command line: the flags of mlir-opt it takes, and its own. */
#ifndef TILE_OPT_OPTIONS_H
#define TILE_OPT_OPTIONS_H

#include "common/flags.h"
#include "remarks.h"

#include <stdbool.h>
#include <stdint.h>

/* mlir-opt's default marker between split chunks, in input and output. */
#define TILE_DEFAULT_SPLIT_MARKER "// -----"

/* One pass flag (--name or --name=options), in command-line order. */
typedef struct {
  char *name;
  const char *options; /* "" when none were given */
  bool hasValue;       /* "=" or a value word followed the name */
} PassFlag;

typedef struct {
  const char *input;
  const char *output;
  const char *pipeline;
  PassFlag *passes;
  unsigned numPasses;
  TileFlagValues irdlFiles;
  TileFlagValues passPlugins, dialectPlugins; /* --load-*-plugin */
  /* Input and output. */
  const char *splitInputFile;    /* NULL: no split; "": the default marker */
  const char *outputSplitMarker; /* between the outputs of split chunks */
  const char *verifyDiagnostics; /* NULL, "", "all" or "only-expected" */
  bool verifyEach, verifyRoundtrip, noImplicitModule, allowUnregistered;
  bool disableVerifierOnParsing; /* --mlir-very-unsafe-disable-verifier-... */
  bool verifyEachGiven;          /* --verify-each was on the command line */
  bool emitBytecode;
  bool runReproducer; /* run the pipeline of the input's mlir_reproducer */
  int64_t emitBytecodeVersion; /* -1: the current version */
  /* Printing (mlir-print-*). */
  bool printBefore, printAfter, printAfterChange, printAfterFailure;
  bool printModuleScope, debugInfo, debugInfoPretty, genericForm, localScope;
  bool skipRegions, assumeVerified, nameLocAsPrefix, printOpOnDiagnostic;
  bool printValueUsers, printUniqueSSAIds, printStackTraceOnDiagnostic;
  int64_t hexElementsLarger; /* -1: never */
  bool elideResourceData;    /* from bytecode */
  /* Flags handed to LLVM's option parser as written ("--name=value"):
   * MLIR's action tracing and debug counters read them there. */
  TileFlagValues llvmFlags;
  bool debuggerHook; /* --mlir-enable-debugger-hook */
  /* Diagnostics shown without --verify-diagnostics. */
  const char *diagnosticVerbosity; /* NULL, "errors", "warnings", "remarks" */
  bool disableNotes;
  int64_t elideElementsLarger, elideResourcesLarger; /* -1: never */
  const char *treeDir;
  /* --mlir-pass-pipeline-crash-reproducer, --mlir-generate-reproducer. */
  const char *crashReproducer, *generateReproducer;
  bool localReproducer; /* --mlir-pass-pipeline-local-reproducer */
  /* --mlir-print-ir-before/after=<passes>: comma-separated pass arguments. */
  TileFlagValues printBeforePasses, printAfterPasses;
  /* Optimization remarks (--remark-*, --remarks-*). */
  TileOptRemarkOptions remarks;
  /* Pass manager. */
  bool timing, passStatistics, disableThreading, dumpPassPipeline;
  const char *timingDisplay, *timingFormat, *passStatisticsDisplay;
  /* Compilation for a target. */
  const char *target, *targetHost, *exec, *emit;
  /* Information. */
  bool printPipeline, showDialects, listTargets, listPasses, help, version;
} Options;

/* Parses argv into `o`; returns -1 to go on, else the exit code. */
int parseOptions(int argc, char **argv, Options *o);
void freeOptions(Options *o);
void printUsage(void);
/* The option of tile-opt nearest to `name`, or NULL (flags.h). */
const char *nearestOption(const char *name);
/* Whether a pass flag's name is no pass (tile, upstream or from a plugin
 * loaded so far) but an option of LLVM's parser. */
bool namesLLVMOption(const char *name);

/* Reports "tile-opt: error: ..." and returns 1. */
int fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif
