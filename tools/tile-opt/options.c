/* tile-opt's command line: the flags of mlir-opt it takes, and its own. */
#include "options.h"

#include "capi_gaps.h"

#include "support/count.h"

#include "passes/pass.h"
#include "support/alloc.h"
#include "support/strbuf.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define AT(field) offsetof(Options, field)
#define BOOL(name, field, help)                                                \
  TILE_FLAG(name, TileFlagBool, AT(field), NULL, help)
#define TEXT(name, field, meta, help)                                          \
  TILE_FLAG(name, TileFlagText, AT(field), meta, help)
#define OPT_TEXT(name, field, meta, help)                                      \
  TILE_FLAG(name, TileFlagOptText, AT(field), meta, help)
#define COUNT(name, field, meta, help)                                         \
  TILE_FLAG(name, TileFlagCount, AT(field), meta, help)
#define LIST(name, field, meta, help)                                          \
  TILE_FLAG(name, TileFlagList, AT(field), meta, help)

/* Flags of MLIR's action tracing and debug counters: LLVM's option parser
 * reads them, as written (main hands them over once capi_gaps.cpp has
 * registered them there). A text flag needs its value here already ("" is
 * one). */
static int forwardToLLVM(const TileFlagParser *parser, const TileFlagSpec *spec,
                         const char *value, const char *raw, void *options) {
  if (spec->kind == TileFlagText && !value)
    return tileFlagStore(parser, spec, value, raw, options);
  Options *o = options;
  TileStrBuf flag = TILE_STRBUF_INIT;
  tileStrBufPrintf(&flag, value ? "--%s=%s" : "--%s", spec->name, value);
  o->llvmFlags.items = tileReallocArray(o->llvmFlags.items,
                                        o->llvmFlags.count + 1, sizeof(char *));
  o->llvmFlags.items[o->llvmFlags.count++] = tileStrBufTake(&flag);
  return -1;
}
#define FORWARD(name, kind, meta, help)                                        \
  TILE_FLAG_HANDLER(name, kind, 0, forwardToLLVM, meta, help)

/* --mlir-debug-counter: MLIR 22 aborts on a value it cannot read (an
 * "LLVM ERROR" and a stack dump), so it is read here first, with the words
 * of later MLIR, which exits with 1. */
static int forwardDebugCounter(const TileFlagParser *parser,
                               const TileFlagSpec *spec, const char *value,
                               const char *raw, void *options) {
  const char *p = value;
  while (p) {
    const char *comma = strchr(p, ',');
    size_t length = comma ? (size_t)(comma - p) : strlen(p);
    char *arg = tileStrNDup(p, length);
    char *eq = strchr(arg, '=');
    int code = -1;
    if (!eq) {
      code = fail("for the --mlir-debug-counter option: expected "
                  "DebugCounter argument to have an `=` separating the "
                  "counter name and value, but the provided argument was: "
                  "`%s`",
                  arg);
    } else {
      *eq = '\0';
      size_t n = strlen(arg);
      bool skip = n >= 5 && !strcmp(arg + n - 5, "-skip");
      bool count = n >= 6 && !strcmp(arg + n - 6, "-count");
      if (!tileOptIsInteger(eq + 1))
        code = fail("for the --mlir-debug-counter option: expected "
                    "DebugCounter counter value to be numeric, but got `%s`",
                    eq + 1);
      else if (!skip && !count)
        code = fail("for the --mlir-debug-counter option: expected "
                    "DebugCounter counter name to end with either `-skip` or "
                    "`-count`, but got `%s`",
                    arg);
    }
    free(arg);
    if (code >= 0)
      return code;
    if (!comma)
      break;
    p = comma + 1;
  }
  return forwardToLLVM(parser, spec, value, raw, options);
}

/* --verify-each given on the command line changes what --target verifies. */
static int setVerifyEach(const TileFlagParser *parser, const TileFlagSpec *spec,
                         const char *value, const char *raw, void *options) {
  ((Options *)options)->verifyEachGiven = true;
  return tileFlagStore(parser, spec, value, raw, options);
}

static const TileFlagSpec flags[] = {
    TEXT("o", output, "<file>", "Output file (default: stdout)"),
    {"<pass>", TileFlagNote, 0, NULL, "<options>",
     "Add one pass (tile or upstream), e.g.\n--canonicalize='max-iterations=2'",
     NULL},
    /* Pipelines. */
    TEXT("pass-pipeline", pipeline, "<pipeline>",
         "Textual pipeline, e.g. 'builtin.module(func.func(cse))'"),
    TEXT("p", pipeline, "<pipeline>", "Alias for --pass-pipeline"),
    BOOL("dump-pass-pipeline", dumpPassPipeline,
         "Print the pipeline that will run to stderr"),
    TEXT("target", target, "<target>",
         "Compile with a backend's pipeline: cpu[:<cpu>], cuda[:sm_XX], "
         "rocm[:gfxNNN], vulkan[:vX.Y], auto"),
    TEXT("target-host", targetHost, "<target>",
         "Host target (default: this machine)"),
    TEXT("exec", exec, "<name>",
         "Execution backend the code is for (jit, aot)"),
    TILE_FLAG_CHOICE("emit", AT(emit),
                     "mlir|llvm|ptx|cubin|isa|hsaco|spirv|spirv-asm|obj|asm",
                     "<part>", "What to write for --target"),
    /* Input and output. */
    OPT_TEXT("split-input-file", splitInputFile, "<marker>",
             "Process chunks separated by the marker (default '// -----')"),
    TEXT("output-split-marker", outputSplitMarker, "<marker>",
         "Separates the outputs of split chunks (default '// -----')"),
    {"verify-diagnostics", TileFlagOptText, AT(verifyDiagnostics),
     "all|only-expected", "all|only-expected",
     "Check diagnostics against expected-* comments", NULL},
    TILE_FLAG_HANDLER("verify-each", TileFlagBool, AT(verifyEach),
                      setVerifyEach, NULL,
                      "Verify the IR after each pass (default on; with "
                      "--target, after each pipeline stage unless given)"),
    BOOL(
        "verify-roundtrip", verifyRoundtrip,
        "Check that the output survives generic-text and bytecode round trips"),
    BOOL("no-implicit-module", noImplicitModule,
         "Take the single top-level op as it is, without a builtin.module"),
    BOOL("allow-unregistered-dialect", allowUnregistered,
         "Accept ops of unknown dialects"),
    BOOL("mlir-very-unsafe-disable-verifier-on-parsing",
         disableVerifierOnParsing,
         "Do not verify the input once parsed (it still is before tile "
         "passes)"),
    LIST("irdl-file", irdlFiles, "<file>",
         "Load more IRDL dialects (repeatable)"),
    LIST("load-pass-plugin", passPlugins, "<file>",
         "Load the passes of an MLIR pass plugin (repeatable)"),
    LIST("load-dialect-plugin", dialectPlugins, "<file>",
         "Load the dialects of an MLIR dialect plugin (repeatable)"),
    BOOL("emit-bytecode", emitBytecode, "Write MLIR bytecode instead of text"),
    BOOL("elide-resource-data-from-bytecode", elideResourceData,
         "Write bytecode without the data of resources"),
    BOOL("run-reproducer", runReproducer,
         "Run the pipeline of the input's mlir_reproducer resource"),
    TEXT("mlir-pass-pipeline-crash-reproducer", crashReproducer, "<file>",
         "Write a reproducer to <file> when the pipeline fails or crashes"),
    BOOL("mlir-pass-pipeline-local-reproducer", localReproducer,
         "With the crash reproducer: MLIR's own, of the failing pass alone"),
    TEXT("mlir-generate-reproducer", generateReproducer, "<file>",
         "Write a reproducer of the input and pipeline to <file> first"),
    COUNT("emit-bytecode-version", emitBytecodeVersion, "<n>",
          "Bytecode version to write"),
    /* Printing. */
    BOOL("mlir-print-ir-before-all", printBefore,
         "Print the IR before every pass"),
    BOOL("mlir-print-ir-after-all", printAfter,
         "Print the IR after every pass"),
    LIST("mlir-print-ir-before", printBeforePasses, "<passes>",
         "Print the IR before these passes (comma-separated, repeatable)"),
    LIST("mlir-print-ir-after", printAfterPasses, "<passes>",
         "Print the IR after these passes (comma-separated, repeatable)"),
    BOOL("mlir-print-ir-after-change", printAfterChange,
         "Print the IR after passes that change it"),
    BOOL("mlir-print-ir-after-failure", printAfterFailure,
         "Print the IR after a pass fails"),
    BOOL("mlir-print-ir-module-scope", printModuleScope,
         "Print the whole module in IR dumps"),
    TEXT("mlir-print-ir-tree-dir", treeDir, "<dir>",
         "Write IR dumps to a tree of files"),
    BOOL("mlir-print-debuginfo", debugInfo, "Print locations"),
    BOOL("mlir-pretty-debuginfo", debugInfoPretty,
         "Print locations in the pretty form"),
    BOOL("mlir-print-op-generic", genericForm,
         "Print every op in generic form"),
    BOOL("mlir-print-local-scope", localScope,
         "Print types and attributes inline, without aliases"),
    BOOL("mlir-print-skip-regions", skipRegions,
         "Print ops without their regions"),
    BOOL("mlir-print-assume-verified", assumeVerified,
         "Print without verifying first"),
    BOOL("mlir-use-nameloc-as-prefix", nameLocAsPrefix,
         "Name SSA values after their name locations"),
    COUNT("mlir-elide-elementsattrs-if-larger", elideElementsLarger, "<n>",
          "Elide elements attributes with more than n elements"),
    COUNT("mlir-elide-resource-strings-if-larger", elideResourcesLarger, "<n>",
          "Elide resource strings longer than n bytes"),
    BOOL("mlir-print-value-users", printValueUsers,
         "Print the users of each value as a comment"),
    BOOL("mlir-print-unique-ssa-ids", printUniqueSSAIds,
         "Number SSA values uniquely across regions"),
    COUNT("mlir-print-elementsattrs-with-hex-if-larger", hexElementsLarger,
          "<n>", "Print dense elements of more than n elements in hex"),
    BOOL("mlir-print-stacktrace-on-diagnostic", printStackTraceOnDiagnostic,
         "Attach a stack trace to each diagnostic as a note"),
    FORWARD("log-actions-to", TileFlagText, "<file>",
            "Log MLIR's actions to a file ('-': standard output)"),
    FORWARD("log-mlir-actions-filter", TileFlagText, "<locations>",
            "Log only the actions at these file:line:col locations"),
    FORWARD("profile-actions-to", TileFlagText, "<file>",
            "Profile MLIR's actions to a file ('-': standard output)"),
    TILE_FLAG_HANDLER("mlir-debug-counter", TileFlagText, 0,
                      forwardDebugCounter, "<counters>",
                      "Skip and count actions: tag-skip=N,tag-count=N,..."),
    FORWARD("mlir-print-debug-counter", TileFlagBool, NULL,
            "Print the debug counters at exit"),
    BOOL("mlir-enable-debugger-hook", debuggerHook,
         "Let a debugger attached to the process intercept MLIR's actions"),
    BOOL("mlir-print-op-on-diagnostic", printOpOnDiagnostic,
         "Attach the operation to its diagnostics (default on)"),
    TILE_FLAG_CHOICE("mlir-diagnostic-verbosity-level", AT(diagnosticVerbosity),
                     "errors|warnings|remarks", "<level>",
                     "Show errors, warnings or remarks (the default: all)"),
    BOOL("mlir-disable-diagnostic-notes", disableNotes,
         "Drop notes that are emitted on their own"),
    /* Optimization remarks (remarks.h). */
    TILE_FLAG_CHOICE("remark-format", AT(remarks.format),
                     "emitRemark|yaml|bitstream", "<format>",
                     "Remarks as diagnostics (the default), or to a file"),
    TILE_FLAG_CHOICE("remark-policy", AT(remarks.policy), "all|final",
                     "<policy>",
                     "Report every remark (the default), or the last of each "
                     "place, name and category at the end of each chunk"),
    TEXT("remarks-filter", remarks.all, "<regex>",
         "Report remarks of the four kinds whose category matches"),
    TEXT("remarks-filter-passed", remarks.passed, "<regex>",
         "Report passed remarks whose category matches"),
    TEXT("remarks-filter-missed", remarks.missed, "<regex>",
         "Report missed remarks whose category matches"),
    TEXT("remarks-filter-failed", remarks.failed, "<regex>",
         "Report failed remarks whose category matches"),
    TEXT("remarks-filter-analyse", remarks.analyse, "<regex>",
         "Report analysis remarks whose category matches"),
    TEXT("remarks-output-file", remarks.outputFile, "<file>",
         "File of yaml or bitstream remarks (default: mlir-remarks.yaml or "
         "mlir-remarks.bitstream)"),
    /* Pass manager. */
    BOOL("mlir-timing", timing, "Report the time of every pass"),
    TILE_FLAG_CHOICE("mlir-timing-display", AT(timingDisplay), "list|tree",
                     "tree", "How to show timing (only 'tree' with --target)"),
    TILE_FLAG_CHOICE("mlir-output-format", AT(timingFormat), "text|json",
                     "text",
                     "Format of the timing report (only 'text' with --target)"),
    BOOL("mlir-pass-statistics", passStatistics, "Report pass statistics"),
    TILE_FLAG_CHOICE("mlir-pass-statistics-display", AT(passStatisticsDisplay),
                     "list|pipeline", "list|pipeline",
                     "How to show pass statistics"),
    BOOL("mlir-disable-threading", disableThreading,
         "Run passes on one thread"),
    /* Information. */
    BOOL("print-pipeline", printPipeline,
         "Print the resolved pipeline of --target"),
    BOOL("show-dialects", showDialects, "List the dialects this tool knows"),
    BOOL("list-targets", listTargets,
         "List backends, target kinds, chips and execution backends"),
    BOOL("list-passes", listPasses, "List the tile passes and their options"),
    BOOL("version", version, "Print the version"),
    BOOL("help", help, "Print this help (also -h)"),
    BOOL("h", help, NULL),
    /* LLVM's other help flags print the same help here. */
    BOOL("help-hidden", help, NULL),
    BOOL("help-list", help, NULL),
    BOOL("help-list-hidden", help, NULL),
};

int fail(const char *fmt, ...) {
  va_list args;
  va_start(args, fmt);
  tileToolVError("tile-opt", fmt, args);
  va_end(args);
  return 1;
}

/* Anything that is no flag names a pass: --name or --name=options (or an
 * option of LLVM's parser, sorted out once the passes are known). */
static int addPass(const char *arg, const char *value, void *options) {
  Options *o = options;
  const char *eq = strchr(arg, '=');
  char *name = tileStrNDup(arg, eq ? (size_t)(eq - arg) : strlen(arg));
  o->passes = tileReallocArray(o->passes, o->numPasses + 1, sizeof(PassFlag));
  o->passes[o->numPasses++] = (PassFlag){name,
                                         eq      ? eq + 1
                                         : value ? value
                                                 : "",
                                         eq || value};
  return -1;
}

bool namesLLVMOption(const char *name) {
  return !tileFindPassDescriptor(mlirStringRefCreateFromCString(name)) &&
         !tileOptIsUpstreamPass(name) && tileOptIsLLVMOption(name);
}

/* "--name value" for an option of LLVM's parser whose value is required
 * (--x86-asm-syntax intel), as LLVM reads it; a pass never takes the next
 * word. */
static bool llvmOptionTakesValue(const char *name) {
  return namesLLVMOption(name) && tileOptLLVMOptionTakesValue(name);
}

static const TileFlagParser parser = {
    .tool = "tile-opt",
    .overview =
        "OVERVIEW: tile-mlir optimizer driver\n\n"
        "USAGE: tile-opt [options] [input file]\n\n"
        "Reads MLIR (tile IR and any upstream dialect) from the input file or\n"
        "stdin, runs passes on it and prints the result.\n\nOPTIONS:\n",
    .epilogue = "\nUpstream MLIR passes are accepted by the names mlir-opt "
                "knows them by.\n",
    .specs = flags,
    .numSpecs = TILE_COUNT(flags),
    .helpWidth = 36,
    .llvmSpelling = true,
    .inputOffset = AT(input),
    .unknown = addPass,
    .unknownTakesValue = llvmOptionTakesValue,
};

void printUsage(void) { tileFlagPrintHelp(&parser, stdout); }

const char *nearestOption(const char *name) {
  return tileFlagNearest(&parser, name);
}

/* Combinations that cannot work, checked once everything is read. Pass
 * flags are checked later, against the passes that exist. */
static int checkCombinations(Options *o) {
  /* "--name=" is an empty value (LLVM's rule); these need a real one. */
  const char *needed[][2] = {
      {"target", o->target},
      {"target-host", o->targetHost},
      {"exec", o->exec},
      {"emit", o->emit},
      {"mlir-pass-pipeline-crash-reproducer", o->crashReproducer},
      {"mlir-generate-reproducer", o->generateReproducer}};
  for (size_t i = 0; i < TILE_COUNT(needed); ++i)
    if (needed[i][1] && !needed[i][1][0])
      return fail("'--%s=' needs a value", needed[i][0]);
  if ((o->emit || o->exec || o->targetHost) && !o->target)
    return fail("--emit, --exec and --target-host need --target");
  if (o->target && o->pipeline)
    return fail("--target runs the target's own pipeline; it cannot be "
                "combined with --pass-pipeline");
  /* The last two characters of a marker tell a split from a near miss. */
  if (o->splitInputFile && o->splitInputFile[0] &&
      strlen(o->splitInputFile) < 3)
    return fail("split marker '%s' is too short: it needs at least 3 "
                "characters",
                o->splitInputFile);
  if ((o->crashReproducer || o->generateReproducer) && o->target)
    return fail("--mlir-pass-pipeline-crash-reproducer and "
                "--mlir-generate-reproducer cannot be combined with --target "
                "(it runs several pipelines)");
  if (o->runReproducer && o->target)
    return fail("--run-reproducer runs the input's own pipeline; it cannot "
                "be combined with --target");
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
  o->hexElementsLarger = -1;
  int code = tileFlagParseArgs(&parser, argc, argv, o);
  return code >= 0 ? code : checkCombinations(o);
}

void freeOptions(Options *o) {
  for (unsigned i = 0; i < o->numPasses; ++i)
    free(o->passes[i].name);
  free(o->passes);
  tileFlagValuesFree(&o->irdlFiles);
  tileFlagValuesFree(&o->passPlugins);
  tileFlagValuesFree(&o->dialectPlugins);
  tileFlagValuesFree(&o->printBeforePasses);
  tileFlagValuesFree(&o->printAfterPasses);
  for (unsigned i = 0; i < o->llvmFlags.count; ++i)
    free((char *)o->llvmFlags.items[i]);
  tileFlagValuesFree(&o->llvmFlags);
}
