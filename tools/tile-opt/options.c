/* tile-opt's command line: the flags of mlir-opt it takes, and its own. */
#include "options.h"

#include "../common/flags.h"
#include "support/alloc.h"
#include "support/count.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define AT(field) offsetof(Options, field)
#define NO_CAPI "MLIR 22's C API cannot express it (see docs/tile-opt.md)"

static const TileFlagSpec flags[] = {
    /* Pipelines. */
    {"pass-pipeline", TileFlagText, AT(pipeline), NULL, "<pipeline>",
     "Textual pipeline, e.g. 'builtin.module(func.func(cse))'"},
    {"p", TileFlagText, AT(pipeline), NULL, "<pipeline>",
     "Alias for --pass-pipeline"},
    {"dump-pass-pipeline", TileFlagBool, AT(dumpPassPipeline), NULL, NULL,
     "Print the pipeline that will run to stderr"},
    {"target", TileFlagText, AT(target), NULL, "<target>",
     "Compile with a backend's pipeline: cpu[:<cpu>], cuda[:sm_XX], "
     "rocm[:gfxNNN], vulkan[:vX.Y], auto"},
    {"target-host", TileFlagText, AT(targetHost), NULL, "<target>",
     "Host target (default: this machine)"},
    {"exec", TileFlagText, AT(exec), NULL, "<name>",
     "Execution backend the code is for (jit, aot)"},
    {"emit", TileFlagText, AT(emit),
     "mlir|llvm|ptx|cubin|isa|hsaco|spirv|spirv-asm|obj|asm", "<part>",
     "What to write for --target"},
    /* Input and output. */
    {"split-input-file", TileFlagOptText, AT(splitInputFile), NULL, "<marker>",
     "Process chunks separated by the marker (default '// -----')"},
    {"output-split-marker", TileFlagText, AT(outputSplitMarker), NULL,
     "<marker>", "Separates the outputs of split chunks (default '// -----')"},
    {"verify-diagnostics", TileFlagOptText, AT(verifyDiagnostics),
     "all|only-expected", "all|only-expected",
     "Check diagnostics against expected-* comments"},
    {"verify-each", TileFlagBool, AT(verifyEach), NULL, NULL,
     "Verify the IR after each pass (default on; with --target, after each "
     "pipeline stage unless given)"},
    {"verify-roundtrip", TileFlagBool, AT(verifyRoundtrip), NULL, NULL,
     "Check that the output survives generic-text and bytecode round trips"},
    {"no-implicit-module", TileFlagBool, AT(noImplicitModule), NULL, NULL,
     "Take the single top-level op as it is, without a builtin.module"},
    {"allow-unregistered-dialect", TileFlagBool, AT(allowUnregistered), NULL,
     NULL, "Accept ops of unknown dialects"},
    {"irdl-file", TileFlagText, 0, NULL, "<file>",
     "Load more IRDL dialects (repeatable)"},
    {"emit-bytecode", TileFlagBool, AT(emitBytecode), NULL, NULL,
     "Write MLIR bytecode instead of text"},
    {"emit-bytecode-version", TileFlagCount, AT(emitBytecodeVersion), NULL,
     "<n>", "Bytecode version to write"},
    /* Printing. */
    {"mlir-print-ir-before-all", TileFlagBool, AT(printBefore), NULL, NULL,
     "Print the IR before every pass"},
    {"mlir-print-ir-after-all", TileFlagBool, AT(printAfter), NULL, NULL,
     "Print the IR after every pass"},
    {"mlir-print-ir-after-change", TileFlagBool, AT(printAfterChange), NULL,
     NULL, "Print the IR after passes that change it"},
    {"mlir-print-ir-after-failure", TileFlagBool, AT(printAfterFailure), NULL,
     NULL, "Print the IR after a pass fails"},
    {"mlir-print-ir-module-scope", TileFlagBool, AT(printModuleScope), NULL,
     NULL, "Print the whole module in IR dumps"},
    {"mlir-print-ir-tree-dir", TileFlagText, AT(treeDir), NULL, "<dir>",
     "Write IR dumps to a tree of files"},
    {"mlir-print-debuginfo", TileFlagBool, AT(debugInfo), NULL, NULL,
     "Print locations"},
    {"mlir-pretty-debuginfo", TileFlagBool, AT(debugInfoPretty), NULL, NULL,
     "Print locations in the pretty form"},
    {"mlir-print-op-generic", TileFlagBool, AT(genericForm), NULL, NULL,
     "Print every op in generic form"},
    {"mlir-print-local-scope", TileFlagBool, AT(localScope), NULL, NULL,
     "Print types and attributes inline, without aliases"},
    {"mlir-print-skip-regions", TileFlagBool, AT(skipRegions), NULL, NULL,
     "Print ops without their regions"},
    {"mlir-print-assume-verified", TileFlagBool, AT(assumeVerified), NULL, NULL,
     "Print without verifying first"},
    {"mlir-use-nameloc-as-prefix", TileFlagBool, AT(nameLocAsPrefix), NULL,
     NULL, "Name SSA values after their name locations"},
    {"mlir-elide-elementsattrs-if-larger", TileFlagCount,
     AT(elideElementsLarger), NULL, "<n>",
     "Elide elements attributes with more than n elements"},
    {"mlir-elide-resource-strings-if-larger", TileFlagCount,
     AT(elideResourcesLarger), NULL, "<n>",
     "Elide resource strings longer than n bytes"},
    {"mlir-print-op-on-diagnostic", TileFlagBool, AT(printOpOnDiagnostic), NULL,
     NULL, "Attach the operation to its diagnostics (default on)"},
    {"mlir-diagnostic-verbosity-level", TileFlagText, AT(diagnosticVerbosity),
     "errors|warnings|remarks", "<level>",
     "Show errors, warnings or remarks (the default: all)"},
    {"mlir-disable-diagnostic-notes", TileFlagBool, AT(disableNotes), NULL,
     NULL, "Drop notes that are emitted on their own"},
    /* Pass manager. */
    {"mlir-timing", TileFlagBool, AT(timing), NULL, NULL,
     "Report the time of every pass"},
    {"mlir-timing-display", TileFlagText, AT(timingDisplay), "list|tree",
     "tree", "How to show timing (only 'tree': the C API has no other)"},
    {"mlir-output-format", TileFlagText, AT(timingFormat), "text|json", "text",
     "Format of the timing report (only 'text': the C API has no other)"},
    {"mlir-pass-statistics", TileFlagBool, AT(passStatistics), NULL, NULL,
     "Report pass statistics"},
    {"mlir-pass-statistics-display", TileFlagText, AT(passStatisticsDisplay),
     "list|pipeline", "list|pipeline", "How to show pass statistics"},
    {"mlir-disable-threading", TileFlagBool, AT(disableThreading), NULL, NULL,
     "Run passes on one thread"},
    /* Information. */
    {"print-pipeline", TileFlagBool, AT(printPipeline), NULL, NULL,
     "Print the resolved pipeline of --target"},
    {"show-dialects", TileFlagBool, AT(showDialects), NULL, NULL,
     "List the dialects this tool knows"},
    {"list-targets", TileFlagBool, AT(listTargets), NULL, NULL,
     "List backends, target kinds, chips and execution backends"},
    {"list-passes", TileFlagBool, AT(listPasses), NULL, NULL,
     "List the tile passes and their options"},
    {"version", TileFlagBool, AT(version), NULL, NULL, "Print the version"},
    {"help", TileFlagBool, AT(help), NULL, NULL, "Print this help (also -h)"},
    /* mlir-opt flags that MLIR 22's C API cannot implement. */
    {"mlir-print-ir-before", TileFlagRejected, 0, NULL, NULL, NO_CAPI},
    {"mlir-print-ir-after", TileFlagRejected, 0, NULL, NULL, NO_CAPI},
    {"mlir-print-value-users", TileFlagRejected, 0, NULL, NULL, NO_CAPI},
    {"mlir-print-unique-ssa-ids", TileFlagRejected, 0, NULL, NULL, NO_CAPI},
    {"mlir-print-elementsattrs-with-hex-if-larger", TileFlagRejected, 0, NULL,
     NULL, NO_CAPI},
    {"mlir-print-stacktrace-on-diagnostic", TileFlagRejected, 0, NULL, NULL,
     NO_CAPI},
    {"mlir-pass-pipeline-crash-reproducer", TileFlagRejected, 0, NULL, NULL,
     NO_CAPI},
    {"mlir-pass-pipeline-local-reproducer", TileFlagRejected, 0, NULL, NULL,
     NO_CAPI},
    {"run-reproducer", TileFlagRejected, 0, NULL, NULL, NO_CAPI},
    {"mlir-generate-reproducer", TileFlagRejected, 0, NULL, NULL, NO_CAPI},
    {"mlir-very-unsafe-disable-verifier-on-parsing", TileFlagRejected, 0, NULL,
     NULL, NO_CAPI},
    {"elide-resource-data-from-bytecode", TileFlagRejected, 0, NULL, NULL,
     NO_CAPI},
    {"load-pass-plugin", TileFlagRejected, 0, NULL, NULL, NO_CAPI},
    {"load-dialect-plugin", TileFlagRejected, 0, NULL, NULL, NO_CAPI},
    {"log-actions-to", TileFlagRejected, 0, NULL, NULL, NO_CAPI},
    {"log-mlir-actions-filter", TileFlagRejected, 0, NULL, NULL, NO_CAPI},
    {"profile-actions-to", TileFlagRejected, 0, NULL, NULL, NO_CAPI},
    {"mlir-enable-debugger-hook", TileFlagRejected, 0, NULL, NULL, NO_CAPI},
    {"mlir-debug-counter", TileFlagRejected, 0, NULL, NULL, NO_CAPI},
    {"mlir-print-debug-counter", TileFlagRejected, 0, NULL, NULL, NO_CAPI},
    {"remark-format", TileFlagRejected, 0, NULL, NULL, NO_CAPI},
    {"remark-policy", TileFlagRejected, 0, NULL, NULL, NO_CAPI},
    {"remarks-filter", TileFlagRejected, 0, NULL, NULL, NO_CAPI},
    {"remarks-filter-passed", TileFlagRejected, 0, NULL, NULL, NO_CAPI},
    {"remarks-filter-missed", TileFlagRejected, 0, NULL, NULL, NO_CAPI},
    {"remarks-filter-failed", TileFlagRejected, 0, NULL, NULL, NO_CAPI},
    {"remarks-filter-analyse", TileFlagRejected, 0, NULL, NULL, NO_CAPI},
    {"remarks-output-file", TileFlagRejected, 0, NULL, NULL, NO_CAPI},
};

int fail(const char *fmt, ...) {
  va_list args;
  va_start(args, fmt);
  fputs("tile-opt: error: ", stderr);
  vfprintf(stderr, fmt, args);
  fputc('\n', stderr);
  va_end(args);
  return 1;
}

void printUsage(void) {
  fputs("OVERVIEW: tile-mlir optimizer driver\n\n"
        "USAGE: tile-opt [options] [input file]\n\n"
        "Reads MLIR (tile IR and any upstream dialect) from the input file or\n"
        "stdin, runs passes on it and prints the result.\n\nOPTIONS:\n"
        "  -o <file>                            Output file (default: "
        "stdout)\n"
        "  --<pass>[=<options>]                 Add one pass (tile or "
        "upstream), e.g.\n"
        "                                       --canonicalize="
        "'max-iterations=2'\n",
        stdout);
  tileFlagPrintHelp(flags, TILE_COUNT(flags), stdout);
  fputs("\nUpstream MLIR passes are accepted by the names mlir-opt knows "
        "them by.\n",
        stdout);
}

/* -o FILE, -o=FILE, --o=FILE. */
static int parseOutput(int argc, char **argv, int *i, const char *arg,
                       Options *o) {
  o->output = arg[1] == '=' ? arg + 2 : (*i + 1 < argc ? argv[++*i] : NULL);
  return o->output && o->output[0] ? -1 : fail("-o needs a file name");
}

static int addIrdlFile(const char *value, const char *raw, Options *o) {
  if (!value || !value[0])
    return fail("'%s' needs a file name", raw);
  o->irdlFiles =
      tileReallocArray(o->irdlFiles, o->numIrdlFiles + 1, sizeof(char *));
  o->irdlFiles[o->numIrdlFiles++] = value;
  return -1;
}

/* Anything that is no flag names a pass: --name or --name=options. */
static int addPass(const char *arg, Options *o) {
  const char *eq = strchr(arg, '=');
  char *name = tileStrNDup(arg, eq ? (size_t)(eq - arg) : strlen(arg));
  o->passes = tileReallocArray(o->passes, o->numPasses + 1, sizeof(PassFlag));
  o->passes[o->numPasses++] = (PassFlag){name, eq ? eq + 1 : ""};
  return -1;
}

static int parseWord(int argc, char **argv, int *i, Options *o) {
  const char *raw = argv[*i];
  if (raw[0] != '-' || raw[1] == '\0') {
    if (o->input)
      return fail("more than one input file given ('%s')", raw);
    o->input = raw;
    return -1;
  }
  const char *arg = raw + (raw[1] == '-' ? 2 : 1);
  if (!strcmp(arg, "h")) {
    o->help = true;
    return -1;
  }
  if (arg[0] == 'o' && (arg[1] == '\0' || arg[1] == '='))
    return parseOutput(argc, argv, i, arg, o);
  if (!strncmp(arg, "irdl-file", 9) && (arg[9] == '=' || !arg[9])) {
    const char *file = arg[9] ? arg + 10 : (*i + 1 < argc ? argv[++*i] : NULL);
    return addIrdlFile(file, raw, o);
  }
  if (!strncmp(arg, "verify-each", 11) && (arg[11] == '=' || !arg[11]))
    o->verifyEachGiven = true;
  bool tookNext;
  int code =
      tileFlagParse(flags, TILE_COUNT(flags), arg, raw,
                    *i + 1 < argc ? argv[*i + 1] : NULL, &tookNext, o, fail);
  *i += tookNext;
  return code == -2 ? addPass(arg, o) : code;
}

/* Combinations that cannot work, checked once everything is read. Pass
 * flags are checked later, against the passes that exist. */
static int checkCombinations(Options *o) {
  if ((o->emit || o->exec || o->targetHost) && !o->target)
    return fail("--emit, --exec and --target-host need --target");
  if (o->target && o->pipeline)
    return fail("--target runs the target's own pipeline; it cannot be "
                "combined with --pass-pipeline");
  /* Values mlir-opt takes but MLIR 22's C API cannot produce. */
  if (o->timingDisplay && !strcmp(o->timingDisplay, "list"))
    return fail("'--mlir-timing-display=list' is not supported: %s", NO_CAPI);
  if (o->timingFormat && !strcmp(o->timingFormat, "json"))
    return fail("'--mlir-output-format=json' is not supported: %s", NO_CAPI);
  /* The last two characters of a marker tell a split from a near miss. */
  if (o->splitInputFile && o->splitInputFile[0] &&
      strlen(o->splitInputFile) < 3)
    return fail("split marker '%s' is too short: it needs at least 3 "
                "characters",
                o->splitInputFile);
  if (o->emitBytecodeVersion >= 0 && !o->emitBytecode)
    return fail("--emit-bytecode-version needs --emit-bytecode");
  if (o->target && (o->emitBytecode || o->verifyRoundtrip))
    return fail("--emit-bytecode and --verify-roundtrip apply to MLIR "
                "output; use --emit=mlir with --target instead");
  if (!o->input)
    o->input = "-";
  return -1;
}

int parseOptions(int argc, char **argv, Options *o) {
  o->verifyEach = true;
  o->printOpOnDiagnostic = true;
  o->emitBytecodeVersion = -1;
  o->elideElementsLarger = -1;
  o->elideResourcesLarger = -1;
  for (int i = 1; i < argc; ++i) {
    int code = parseWord(argc, argv, &i, o);
    if (code >= 0)
      return code;
  }
  return checkCombinations(o);
}

void freeOptions(Options *o) {
  for (unsigned i = 0; i < o->numPasses; ++i)
    free(o->passes[i].name);
  free(o->passes);
  free(o->irdlFiles);
}
