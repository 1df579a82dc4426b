/* tile-opt: the mlir-opt of tile-mlir (parse, run passes, print). */
#include "tile/tile.h"

#include "ir/ir.h"
#include "support/diagnostics.h"
#include "support/output_file.h"
#include "support/strbuf.h"
#include "verify_diagnostics.h"

#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"
#include "mlir-c/RegisterEverything.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* One pass flag (--name or --name=options), in command-line order. */
typedef struct {
  const char *name;
  const char *options;
} PassFlag;

typedef struct {
  const char *input;
  const char *output;
  const char *pipeline;
  PassFlag *passes;
  unsigned numPasses;
  const char **irdlFiles;
  unsigned numIrdlFiles;
  const char *treeDir;
  const char *target;
  const char *targetHost;
  const char *exec;
  const char *emit;
  bool printPipeline;
  bool splitInputFile;
  bool verifyDiagnostics;
  bool printBefore, printAfter, printAfterChange, printAfterFailure;
  bool printModuleScope;
  bool timing;
  bool debugInfo;
  bool genericForm;
  bool disableThreading;
  bool allowUnregistered;
  bool verifyEach;
} Options;

static const char *const usage =
    "OVERVIEW: tile-mlir optimizer driver\n"
    "\n"
    "USAGE: tile-opt [options] [input file]\n"
    "\n"
    "Reads MLIR (tile IR and any upstream dialect) from the input file or\n"
    "stdin, runs a pass pipeline on it and prints the result.\n"
    "\n"
    "OPTIONS:\n"
    "  -o <file>                      Output file (default: stdout)\n"
    "  --pass-pipeline=<pipeline>     Textual pipeline, e.g.\n"
    "                                 'builtin.module(func.func(tile-verify,"
    "cse))'\n"
    "  --<pass>[=<options>]           Add one pass (tile or upstream), e.g.\n"
    "                                 --tile-verify "
    "--canonicalize='max-iterations=2'\n"
    "  --split-input-file             Process chunks separated by '// -----'\n"
    "  --verify-diagnostics           Check diagnostics against "
    "expected-* comments\n"
    "  --verify-each[=false]          Verify the IR after each pass "
    "(default on)\n"
    "  --allow-unregistered-dialect   Accept ops of unknown dialects\n"
    "  --irdl-file=<file>             Load extra IRDL dialects (repeatable)\n"
    "  --mlir-print-ir-before-all     Print the IR before every pass\n"
    "  --mlir-print-ir-after-all      Print the IR after every pass\n"
    "  --mlir-print-ir-after-change   Print the IR after passes that change "
    "it\n"
    "  --mlir-print-ir-after-failure  Print the IR after a pass fails\n"
    "  --mlir-print-ir-module-scope   Print the whole module in IR dumps\n"
    "  --mlir-print-ir-tree-dir=<dir> Write IR dumps to a tree of files\n"
    "  --mlir-print-debuginfo         Print locations\n"
    "  --mlir-print-op-generic        Print every op in generic form\n"
    "  --mlir-timing                  Report the time of every pass\n"
    "  --mlir-disable-threading       Run passes on one thread\n"
    "  --target=<target>              Compile for a target: cpu[:<cpu>], \n"
    "                                 cuda[:sm_XX], rocm[:gfxNNN], "
    "vulkan[:vX.Y], auto\n"
    "  --target-host=<target>         Host target (default: this machine)\n"
    "  --exec=<name>                  Execution backend the code is for "
    "(jit, aot)\n"
    "  --emit=<part>                  What to write for --target: mlir, "
    "llvm, ptx,\n"
    "                                 cubin, isa, hsaco, spirv, spirv-asm, "
    "obj, asm\n"
    "  --print-pipeline               Print the resolved pipeline of "
    "--target\n"
    "  --list-targets                 List backends, target kinds, chips "
    "and\n"
    "                                 execution backends (and whether "
    "each runs here)\n"
    "  --list-passes                  List the tile passes and their options\n"
    "  --version                      Print the version\n"
    "  -h, --help                     Print this help\n"
    "\n"
    "Upstream MLIR passes are accepted by the names mlir-opt knows them by.\n";

static void listPasses(void) {
  printf("Tile passes:\n");
  for (intptr_t i = 0; i < tileGetNumPasses(); ++i) {
    MlirStringRef arg = tilePassGetArgument(i), sum = tilePassGetSummary(i);
    MlirStringRef anchor = tilePassGetAnchor(i);
    printf("  --%.*s  (on %.*s)\n      %.*s\n", (int)arg.length, arg.data,
           anchor.length ? (int)anchor.length : 3,
           anchor.length ? anchor.data : "any", (int)sum.length, sum.data);
    TileStrBuf options = TILE_STRBUF_INIT;
    tilePassPrintOptions(i, tileStrBufCallback, &options);
    for (char *line = options.data; line && *line;) {
      char *end = strchr(line, '\n');
      printf("      %.*s\n", (int)(end ? end - line : (long)strlen(line)),
             line);
      line = end ? end + 1 : NULL;
    }
    tileStrBufFree(&options);
  }
  printf("Upstream MLIR passes are accepted by their mlir-opt names.\n");
}

static void printErrorLine(MlirStringRef message, void *userData) {
  TileStrBuf *buf = userData;
  tileStrBufAppendRef(buf, message);
}

static void listTargets(void) {
  tileRegisterBuiltinBackends();
  printf("Backends (in the order 'auto' tries them):\n");
  for (intptr_t i = 0; i < tileGetNumBackends(); ++i) {
    const TileBackendModule *m = tileGetBackend(i);
    printf("  %s\n    kinds:", m->name);
    for (unsigned k = 0; k < m->numTargetKinds; ++k)
      printf(" %s", m->targetKinds[k]);
    for (unsigned a = 0; a < m->numAliases; ++a)
      printf("%s%s=%s", a ? ", " : "  aliases: ", m->aliases[a].alias,
             m->aliases[a].kind);
    printf("\n    chips: %s\n    execution backends:\n",
           m->chips ? m->chips : "-");
    for (unsigned e = 0; e < m->numExecutionBackends; ++e) {
      const TileExecutionBackendSpec *spec = &m->executionBackends[e];
      TileStrBuf why = TILE_STRBUF_INIT;
      TileTarget target;
      memset(&target, 0, sizeof(target));
      strncpy(target.kind, m->targetKinds[0], sizeof(target.kind) - 1);
      bool available =
          !spec->isAvailable ||
          spec->isAvailable(&target, (TileErrorSink){printErrorLine, &why});
      printf("      %-4s %s%s%s\n", spec->name,
             available ? "available" : "not available: ",
             available ? "" : tileStrBufGet(&why),
             spec->runtimeLibrary ? "" : "");
      tileStrBufFree(&why);
    }
  }
}

static int fail(const char *fmt, const char *arg) {
  fputs("tile-opt: error: ", stderr);
  fprintf(stderr, fmt, arg);
  fputc('\n', stderr);
  return 1;
}

/* Matches `arg` (without leading dashes) against `name`, taking "name" or
 * "name=value"; sets *value to the text after '=' (NULL without one). */
static bool flag(const char *arg, const char *name, const char **value) {
  size_t n = strlen(name);
  if (strncmp(arg, name, n) != 0)
    return false;
  if (arg[n] == '\0') {
    *value = NULL;
    return true;
  }
  if (arg[n] == '=') {
    *value = arg + n + 1;
    return true;
  }
  return false;
}

static bool boolValue(const char *value, bool *out) {
  if (!value || !strcmp(value, "true") || !strcmp(value, "1")) {
    *out = true;
    return true;
  }
  if (!strcmp(value, "false") || !strcmp(value, "0")) {
    *out = false;
    return true;
  }
  return false;
}

/* Parses argv; returns -1 to continue, else an exit code. */
static int parseArgs(int argc, char **argv, Options *o) {
  static const struct {
    const char *name;
    size_t offset;
  } bools[] = {
      {"split-input-file", offsetof(Options, splitInputFile)},
      {"verify-diagnostics", offsetof(Options, verifyDiagnostics)},
      {"verify-each", offsetof(Options, verifyEach)},
      {"mlir-print-ir-before-all", offsetof(Options, printBefore)},
      {"mlir-print-ir-after-all", offsetof(Options, printAfter)},
      {"mlir-print-ir-after-change", offsetof(Options, printAfterChange)},
      {"mlir-print-ir-after-failure", offsetof(Options, printAfterFailure)},
      {"mlir-print-ir-module-scope", offsetof(Options, printModuleScope)},
      {"mlir-timing", offsetof(Options, timing)},
      {"mlir-print-debuginfo", offsetof(Options, debugInfo)},
      {"mlir-print-op-generic", offsetof(Options, genericForm)},
      {"mlir-disable-threading", offsetof(Options, disableThreading)},
      {"allow-unregistered-dialect", offsetof(Options, allowUnregistered)},
      {"print-pipeline", offsetof(Options, printPipeline)},
  };
  o->verifyEach = true;
  for (int i = 1; i < argc; ++i) {
    const char *raw = argv[i];
    if (raw[0] != '-' || raw[1] == '\0') {
      if (o->input)
        return fail("more than one input file given ('%s')", raw);
      o->input = raw;
      continue;
    }
    const char *arg = raw + (raw[1] == '-' ? 2 : 1);
    const char *value;
    if (!strcmp(arg, "h") || !strcmp(arg, "help")) {
      fputs(usage, stdout);
      return 0;
    }
    if (!strcmp(arg, "version")) {
      printf("tile-opt (tile-mlir) %s\n", tileGetVersion());
      return 0;
    }
    if (!strcmp(arg, "list-passes")) {
      listPasses();
      return 0;
    }
    if (flag(arg, "o", &value)) {
      o->output = value ? value : (i + 1 < argc ? argv[++i] : NULL);
      if (!o->output)
        return fail("%s needs a file name", raw);
      continue;
    }
    if (flag(arg, "pass-pipeline", &value)) {
      if (!value)
        return fail("%s needs a pipeline, e.g. --pass-pipeline="
                    "'builtin.module(tile-verify)'",
                    raw);
      o->pipeline = value;
      continue;
    }
    if (flag(arg, "irdl-file", &value)) {
      if (!value)
        return fail("%s needs a file name", raw);
      o->irdlFiles =
          realloc(o->irdlFiles, (o->numIrdlFiles + 1) * sizeof(const char *));
      o->irdlFiles[o->numIrdlFiles++] = value;
      continue;
    }
    static const struct {
      const char *name;
      size_t offset;
    } strings[] = {
        {"target", offsetof(Options, target)},
        {"target-host", offsetof(Options, targetHost)},
        {"exec", offsetof(Options, exec)},
        {"emit", offsetof(Options, emit)},
    };
    bool isString = false;
    for (size_t k = 0; k < sizeof(strings) / sizeof(strings[0]); ++k) {
      if (!flag(arg, strings[k].name, &value))
        continue;
      if (!value || !value[0])
        return fail("%s needs a value", raw);
      *(const char **)((char *)o + strings[k].offset) = value;
      isString = true;
    }
    if (isString)
      continue;
    if (!strcmp(arg, "list-targets")) {
      listTargets();
      return 0;
    }
    if (flag(arg, "mlir-print-ir-tree-dir", &value)) {
      if (!value)
        return fail("%s needs a directory", raw);
      o->treeDir = value;
      continue;
    }
    bool matched = false;
    for (size_t k = 0; k < sizeof(bools) / sizeof(bools[0]) && !matched; ++k) {
      if (!flag(arg, bools[k].name, &value))
        continue;
      if (!boolValue(value, (bool *)((char *)o + bools[k].offset)))
        return fail("invalid value for boolean option '%s'", raw);
      matched = true;
    }
    if (matched)
      continue;
    /* Anything else names a pass: --name or --name=options. */
    const char *eq = strchr(arg, '=');
    PassFlag pass = {strndup(arg, eq ? (size_t)(eq - arg) : strlen(arg)),
                     eq ? eq + 1 : ""};
    o->passes = realloc(o->passes, (o->numPasses + 1) * sizeof(PassFlag));
    o->passes[o->numPasses++] = pass;
  }
  if (o->pipeline && o->numPasses)
    return fail("%s", "--pass-pipeline cannot be combined with individual "
                      "pass flags");
  if ((o->emit || o->exec || o->targetHost) && !o->target)
    return fail("%s", "--emit, --exec and --target-host need --target");
  if (o->target && (o->pipeline || o->numPasses))
    return fail("%s", "--target runs the target's own pipeline; it cannot be "
                      "combined with --pass-pipeline or pass flags");
  static const char *const parts[] = {"mlir", "llvm",  "ptx",   "cubin",
                                      "isa",  "hsaco", "spirv", "spirv-asm",
                                      "obj",  "asm"};
  bool knownPart = !o->emit;
  for (size_t k = 0; k < sizeof(parts) / sizeof(parts[0]) && !knownPart; ++k)
    knownPart = strcmp(o->emit, parts[k]) == 0;
  if (!knownPart)
    return fail("unknown --emit format '%s' (valid: mlir, llvm, ptx, cubin, "
                "isa, hsaco, spirv, spirv-asm, obj, asm)",
                o->emit);
  if (!o->input)
    o->input = "-";
  return -1;
}

static void freeOptions(Options *o) {
  for (unsigned i = 0; i < o->numPasses; ++i)
    free((char *)o->passes[i].name);
  free(o->passes);
  free(o->irdlFiles);
}

/* Prints pipeline errors as tile-opt errors. */
static void pipelineError(MlirStringRef message, void *userData) {
  (void)userData;
  fprintf(stderr, "tile-opt: error: %.*s\n", (int)message.length, message.data);
}

static bool buildPipeline(MlirPassManager pm, const Options *o) {
  MlirOpPassManager opm = mlirPassManagerGetAsOpPassManager(pm);
  if (o->pipeline)
    return mlirLogicalResultIsSuccess(tileOpPassManagerParsePipeline(
        opm, mlirStringRefCreateFromCString(o->pipeline), pipelineError, NULL));
  for (unsigned i = 0; i < o->numPasses; ++i) {
    TileStrBuf error = TILE_STRBUF_INIT;
    MlirLogicalResult r = tileOpPassManagerAddPass(
        opm, mlirStringRefCreateFromCString(o->passes[i].name),
        mlirStringRefCreateFromCString(o->passes[i].options),
        tileStrBufCallback, &error);
    if (mlirLogicalResultIsSuccess(r))
      continue;
    /* A flag that is no pass either is an unknown option. */
    const char *text = tileStrBufGet(&error);
    const char *hint = strstr(text, "; did you mean");
    if (strstr(text, "does not refer to a registered pass"))
      fprintf(stderr, "tile-opt: error: unknown option or pass '--%s'%s\n",
              o->passes[i].name, hint ? hint : "");
    else
      fprintf(stderr, "tile-opt: error: %s\n", text);
    tileStrBufFree(&error);
    return false;
  }
  return true;
}

static void configurePassManager(MlirPassManager pm, const Options *o,
                                 MlirOpPrintingFlags flags) {
  mlirPassManagerEnableVerifier(pm, o->verifyEach);
  if (o->printBefore || o->printAfter || o->printAfterChange ||
      o->printAfterFailure || o->treeDir)
    mlirPassManagerEnableIRPrinting(
        pm, o->printBefore,
        o->printAfter || o->printAfterChange || o->printAfterFailure,
        o->printModuleScope, o->printAfterChange, o->printAfterFailure, flags,
        mlirStringRefCreateFromCString(o->treeDir ? o->treeDir : ""));
  if (o->timing)
    mlirPassManagerEnableTiming(pm);
}

typedef struct {
  FILE *out;
} Writer;

static void writeChunkToFile(MlirStringRef chunk, void *userData) {
  fwrite(chunk.data, 1, chunk.length, (FILE *)userData);
}

static void writeChunk(MlirStringRef chunk, void *userData) {
  fwrite(chunk.data, 1, chunk.length, ((Writer *)userData)->out);
}

/* Parses, transforms and prints one chunk of the input. The chunk is padded
 * with newlines so that locations keep the line numbers of the whole file. */
/* Compiles `op` for the target and writes the part --emit asks for. */
static bool compileChunk(const TileBackendContext *backend, const Options *o,
                         MlirOperation op, FILE *out) {
  const char *part = o->emit ? o->emit : "mlir";
  TileArtifact *artifact = tileCompile(backend, op, part);
  if (!artifact)
    return false;
  MlirStringRef bytes = tileArtifactGetPart(artifact, part);
  bool ok = bytes.data != NULL;
  if (ok) {
    fwrite(bytes.data, 1, bytes.length, out);
  } else {
    TileStrBuf have = TILE_STRBUF_INIT;
    for (intptr_t i = 0; i < tileArtifactGetNumParts(artifact); ++i)
      tileStrBufPrintf(&have, "%s%s", i ? ", " : "",
                       tileArtifactGetPartName(artifact, i));
    TileStrBuf target = TILE_STRBUF_INIT;
    tileTargetPrint(tileBackendContextGetTarget(backend), tileStrBufCallback,
                    &target);
    fprintf(stderr,
            "tile-opt: error: target '%s' produces no '%s' (it produced: "
            "%s)\n",
            tileStrBufGet(&target), part,
            have.size ? tileStrBufGet(&have) : "nothing");
    tileStrBufFree(&have);
    tileStrBufFree(&target);
  }
  tileArtifactDestroy(artifact);
  return ok;
}

static bool processChunk(MlirContext ctx, const Options *o,
                         const TileBackendContext *backend,
                         const char *fileName, const char *chunk,
                         size_t chunkSize, unsigned firstLine, FILE *out,
                         MlirOpPrintingFlags flags) {
  TileStrBuf text = TILE_STRBUF_INIT;
  for (unsigned i = 1; i < firstLine; ++i)
    tileStrBufAppend(&text, "\n", 1);
  tileStrBufAppend(&text, chunk, chunkSize);
  MlirOperation op =
      tileParseModule(ctx, mlirStringRefCreate(text.data, text.size),
                      mlirStringRefCreateFromCString(fileName));
  tileStrBufFree(&text);
  if (mlirOperationIsNull(op))
    return false;
  if (backend) {
    bool ok = compileChunk(backend, o, op, out);
    mlirOperationDestroy(op);
    return ok;
  }
  MlirStringRef opName = mlirIdentifierStr(mlirOperationGetName(op));
  MlirPassManager pm = mlirPassManagerCreateOnOperation(ctx, opName);
  configurePassManager(pm, o, flags);
  bool ok = buildPipeline(pm, o);
  if (ok)
    ok = mlirLogicalResultIsSuccess(mlirPassManagerRunOnOp(pm, op));
  mlirPassManagerDestroy(pm);
  if (ok) {
    Writer writer = {out};
    mlirOperationPrintWithFlags(op, flags, writeChunk, &writer);
    fputc('\n', out);
  }
  mlirOperationDestroy(op);
  return ok;
}

/* Finds the next split marker ("// -----" on a line of its own). */
static const char *findSplit(const char *p) {
  for (const char *q = p; (q = strstr(q, "// -----")) != NULL; q += 8) {
    bool lineStart = q == p || q[-1] == '\n';
    const char *rest = q + 8;
    while (*rest == '-')
      ++rest;
    while (*rest == ' ' || *rest == '\t' || *rest == '\r')
      ++rest;
    if (lineStart && (*rest == '\n' || *rest == '\0'))
      return q;
  }
  return NULL;
}

static unsigned countLines(const char *begin, const char *end) {
  unsigned n = 0;
  for (const char *p = begin; p < end; ++p)
    n += *p == '\n';
  return n;
}

static MlirContext createContext(const Options *o) {
  MlirContext ctx = mlirContextCreateWithThreading(!o->disableThreading);
  mlirContextSetAllowUnregisteredDialects(ctx, o->allowUnregistered);
  /* As in mlir-opt, passes such as gpu-module-to-binary can translate to
   * LLVM IR. */
  mlirRegisterAllLLVMTranslations(ctx);
  return ctx;
}

static bool loadDialects(MlirContext ctx, const Options *o) {
  if (mlirLogicalResultIsFailure(tileContextLoadDialects(ctx)) ||
      mlirLogicalResultIsFailure(tileContextLoadBackendDialects(ctx)))
    return false;
  for (unsigned i = 0; i < o->numIrdlFiles; ++i) {
    size_t size;
    char *text = tileReadFile(o->irdlFiles[i], &size);
    if (!text) {
      fail("cannot read IRDL file '%s'", o->irdlFiles[i]);
      return false;
    }
    MlirLogicalResult r =
        tileContextLoadIRDL(ctx, mlirStringRefCreate(text, size),
                            mlirStringRefCreateFromCString(o->irdlFiles[i]));
    free(text);
    if (mlirLogicalResultIsFailure(r))
      return false;
  }
  return true;
}

/* Resolves --target once; NULL (after reporting) when it cannot be. */
static TileBackendContext *createBackendContext(const Options *o) {
  TileStrBuf why = TILE_STRBUF_INIT;
  TileBackendContext *backend = tileBackendContextCreate(
      o->target, o->targetHost, o->exec, (TileErrorSink){printErrorLine, &why});
  if (!backend)
    fail("%s", tileStrBufGet(&why));
  tileStrBufFree(&why);
  return backend;
}

int main(int argc, char **argv) {
  Options o = {0};
  int code = parseArgs(argc, argv, &o);
  if (code >= 0) {
    freeOptions(&o);
    return code;
  }
  tileRegisterUpstreamPasses();
  tileRegisterBuiltinBackends();
  TileBackendContext *backend = NULL;
  if (o.target || o.printPipeline) {
    backend = createBackendContext(&o);
    if (!backend) {
      freeOptions(&o);
      return 1;
    }
  }
  if (o.printPipeline) {
    tileBackendContextPrintPipeline(backend, writeChunkToFile, stdout);
    tileBackendContextDestroy(backend);
    freeOptions(&o);
    return 0;
  }
  size_t size;
  char *input = tileReadFile(o.input, &size);
  if (!input) {
    code = fail("cannot read input file '%s'", o.input);
    tileBackendContextDestroy(backend);
    freeOptions(&o);
    return code;
  }
  const char *fileName = strcmp(o.input, "-") == 0 ? "<stdin>" : o.input;

  MlirContext ctx = createContext(&o);
  TileDiagnosticPrinter printer = {stderr, fileName, input, 0};
  MlirDiagnosticHandlerID printerId =
      tileDiagnosticPrinterAttach(ctx, &printer);
  bool ok = loadDialects(ctx, &o);
  bool failed = !ok;

  MlirOpPrintingFlags flags = mlirOpPrintingFlagsCreate();
  if (o.debugInfo)
    mlirOpPrintingFlagsEnableDebugInfo(flags, true, false);
  if (o.genericForm)
    mlirOpPrintingFlagsPrintGenericOpForm(flags);

  /* The output exists only in a temporary file until the run succeeded. */
  TileStrBuf error = TILE_STRBUF_INIT;
  TileOutputFile *output =
      ok ? tileOutputFileOpen(o.output ? o.output : "-", &error) : NULL;
  if (ok && !output) {
    fail("%s", tileStrBufGet(&error));
    ok = false;
    failed = true;
  }
  FILE *out = output ? tileOutputFileStream(output) : NULL;
  const char *chunk = input;
  unsigned firstLine = 1;
  while (ok) {
    const char *split = o.splitInputFile ? findSplit(chunk) : NULL;
    const char *end = split ? split : input + size;
    size_t chunkSize = (size_t)(end - chunk);
    if (chunk != input)
      fputs("// -----\n", out);
    bool chunkOk;
    if (o.verifyDiagnostics) {
      unsigned lastLine = firstLine + countLines(chunk, end);
      TileDiagnosticVerifier *verifier =
          tileDiagnosticVerifierCreate(fileName, input, firstLine, lastLine);
      MlirDiagnosticHandlerID id = tileDiagnosticVerifierAttach(ctx, verifier);
      processChunk(ctx, &o, backend, fileName, chunk, chunkSize, firstLine, out,
                   flags);
      mlirContextDetachDiagnosticHandler(ctx, id);
      chunkOk = tileDiagnosticVerifierFinish(verifier, stderr);
      tileDiagnosticVerifierDestroy(verifier);
    } else {
      chunkOk = processChunk(ctx, &o, backend, fileName, chunk, chunkSize,
                             firstLine, out, flags);
    }
    failed |= !chunkOk;
    if (!split)
      break;
    /* Later chunks still run so that every failure is reported. */
    const char *next = strchr(split, '\n');
    next = next ? next + 1 : input + size;
    firstLine += countLines(chunk, next);
    chunk = next;
  }

  mlirOpPrintingFlagsDestroy(flags);
  tileBackendContextDestroy(backend);
  mlirContextDetachDiagnosticHandler(ctx, printerId);
  mlirContextDestroy(ctx);
  failed |= printer.numErrors != 0;
  if (output && failed) {
    tileOutputFileDiscard(output);
  } else if (output && !tileOutputFileCommit(output, &error)) {
    fail("%s", tileStrBufGet(&error));
    failed = true;
  }
  tileStrBufFree(&error);
  free(input);
  freeOptions(&o);
  return failed ? 1 : 0;
}
