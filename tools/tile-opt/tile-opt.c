/* tile-opt: the mlir-opt of tile-mlir (parse, run passes, print). */
#include "tile/tile.h"

#include "capi_gaps.h"
#include "common/bytecode_guard.h"
#include "common/signals.h"
#include "crash_reproducer.h"
#include "ir/ir.h"
#include "options.h"
#include "passes/pass.h"
#include "pipeline_dump.h"
#include "print_filter.h"
#include "remarks.h"
#include "reproducer.h"
#include "split.h"
#include "support/count.h"
#include "support/diagnostics.h"
#include "support/output_file.h"
#include "support/strbuf.h"
#include "timing.h"
#include "upstream_tests.h"
#include "verify_diagnostics.h"

#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"
#include "mlir-c/RegisterEverything.h"
#include "llvm-c/ErrorHandling.h"
#include "llvm-c/Support.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
  printf("Upstream MLIR passes are accepted by their mlir-opt names%s.\n",
         TILE_OPT_HAS_UPSTREAM_TESTS
             ? ", upstream's test-* passes and test dialects included"
             : "");
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
          spec->isAvailable(&target, (TileErrorSink){tileStrBufCallback, &why});
      printf("      %-4s %s%s%s\n", spec->name,
             available ? "available" : "not available: ",
             available ? "" : tileStrBufGet(&why),
             spec->runtimeLibrary ? "" : "");
      tileStrBufFree(&why);
    }
  }
}

/* The dialects of MLIR 22 (and tile); --show-dialects lists those that this
 * build registers, asking the context for each by name. */
static const char *const knownDialects[] = {"acc",
                                            "affine",
                                            "amdgpu",
                                            "amx",
                                            "arith",
                                            "arm_neon",
                                            "arm_sme",
                                            "arm_sve",
                                            "async",
                                            "bufferization",
                                            "builtin",
                                            "cf",
                                            "complex",
                                            "dlti",
                                            "emitc",
                                            "func",
                                            "gpu",
                                            "index",
                                            "irdl",
                                            "linalg",
                                            "llvm",
                                            "math",
                                            "memref",
                                            "ml_program",
                                            "mpi",
                                            "nvgpu",
                                            "nvvm",
                                            "omp",
                                            "pdl",
                                            "pdl_interp",
                                            "ptr",
                                            "quant",
                                            "rocdl",
                                            "scf",
                                            "shape",
                                            "shard",
                                            "smt",
                                            "sparse_tensor",
                                            "spirv",
                                            "tensor",
                                            "test",
                                            "test_dyn",
                                            "test_irdl_to_cpp",
                                            "tile",
                                            "tosa",
                                            "transform",
                                            "ub",
                                            "vcix",
                                            "vector",
                                            "wasmssa",
                                            "x86vector",
                                            "xegpu",
                                            "xevm"};

typedef struct {
  char **names;
  size_t count;
} DialectNames;

static void addDialectName(MlirStringRef name, void *userData) {
  DialectNames *names = userData;
  names->names =
      tileReallocArray(names->names, names->count + 1, sizeof(char *));
  names->names[names->count++] = tileStrNDup(name.data, name.length);
}

static int compareNames(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The dialects the context can load, and those of dialect plugins, in
 * alphabetical order as mlir-opt lists its registry. */
static void showDialects(MlirContext ctx) {
  DialectNames names = {NULL, 0};
  for (size_t i = 0; i < TILE_COUNT(knownDialects); ++i) {
    MlirStringRef name = mlirStringRefCreateFromCString(knownDialects[i]);
    if (!mlirDialectIsNull(mlirContextGetOrLoadDialect(ctx, name)))
      addDialectName(name, &names);
  }
  tileOptForEachPluginDialect(addDialectName, &names);
  qsort(names.names, names.count, sizeof(char *), compareNames);
  printf("Available Dialects: ");
  for (size_t i = 0; i < names.count; ++i)
    if (!i || strcmp(names.names[i], names.names[i - 1]))
      printf("%s%s", i ? "," : "", names.names[i]);
  for (size_t i = 0; i < names.count; ++i)
    free(names.names[i]);
  free(names.names);
  printf("\n");
}

static void printToStdout(MlirStringRef chunk, void *userData) {
  (void)userData;
  fwrite(chunk.data, 1, chunk.length, stdout);
}

/* Reports a --pass-pipeline error as mlir-opt does: an error diagnostic at
 * the unknown location, so that --verify-diagnostics counts it (the run
 * fails) and it reads `<unknown>:0: error: ...`. */
static void pipelineError(MlirStringRef message, void *userData) {
  MlirContext ctx = *(const MlirContext *)userData;
  TileStrBuf text = TILE_STRBUF_INIT;
  tileStrBufAppendRef(&text, message);
  /* MLIR ends a report of several lines (the parser's text and a caret
   * under the place; an option's refusal and "failed to add") with a
   * newline, which mlir-opt prints as an empty line. */
  if (strchr(tileStrBufGet(&text), '\n') && text.data[text.size - 1] != '\n')
    tileStrBufAppendStr(&text, "\n");
  mlirEmitError(mlirLocationUnknownGet(ctx), tileStrBufGet(&text));
  tileStrBufFree(&text);
}

/* Whether a pass manager's refusal of a pass flag says that it names no
 * pass. */
static bool namesNoPass(const char *error) {
  return strstr(error, "does not refer to a registered pass") != NULL;
}

/* A flag that names no pass, with a suggestion if a pass (from the
 * refusal) or an option of tile-opt is near; flags are suggested as
 * flags. */
static void failUnknownPass(const PassFlag *pass, const char *error) {
  const char *hint = strstr(error, "; did you mean '");
  if (hint) {
    const char *name = hint + strlen("; did you mean '");
    const char *end = strchr(name, '\'');
    fail("unknown option or pass '--%s'; did you mean '--%.*s'?", pass->name,
         end ? (int)(end - name) : (int)strlen(name), name);
    return;
  }
  const char *option = nearestOption(pass->name);
  if (option)
    fail("unknown option or pass '--%s'; did you mean '--%s'?", pass->name,
         option);
  else
    fail("unknown option or pass '--%s'", pass->name);
}

/* Adds a pass flag. A flag that names no pass is an unknown option; options the
 * pass refuses are an error diagnostic at the unknown location, as in mlir-opt,
 * which
 * --verify-diagnostics can expect. */
static bool addPassFlag(MlirContext ctx, MlirOpPassManager opm,
                        MlirStringRef anchor, const PassFlag *pass) {
  TileStrBuf error = TILE_STRBUF_INIT;
  MlirLogicalResult r = tileOpPassManagerAddPassAnchored(
      opm, anchor, mlirStringRefCreateFromCString(pass->name),
      mlirStringRefCreateFromCString(pass->options),
      (TileErrorSink){tileStrBufCallback, &error});
  const char *text = tileStrBufGet(&error);
  if (mlirLogicalResultIsFailure(r) && namesNoPass(text)) {
    failUnknownPass(pass, text);
  } else if (mlirLogicalResultIsFailure(r)) {
    /* mlir-opt adds a flag's pass alone: the pipeline parser's own line
     * about it is not part of its message. */
    char *added = strstr(error.data, "failed to add `");
    if (added && added > error.data && added[-1] == '\n')
      added[-1] = '\0';
    else if (added)
      *added = '\0';
    mlirEmitError(mlirLocationUnknownGet(ctx), error.data);
  }
  tileStrBufFree(&error);
  return mlirLogicalResultIsSuccess(r);
}

/* The passes of the flags and --pass-pipeline, or the pipeline of the
 * input's reproducer (which replaces them, as in mlir-opt), into `pm`,
 * anchored on `anchor`. */
static bool buildPipeline(MlirContext ctx, MlirPassManager pm,
                          MlirStringRef anchor, const Options *o,
                          const Reproducer *repro) {
  MlirOpPassManager opm = mlirPassManagerGetAsOpPassManager(pm);
  if (repro->pipeline)
    return mlirLogicalResultIsSuccess(tileOpPassManagerParsePipelineAnchored(
        opm, anchor, mlirStringRefCreateFromCString(repro->pipeline),
        (TileErrorSink){pipelineError, &ctx}));
  if (o->numPasses && o->pipeline) {
    /* mlir-opt's words, and its diagnostic at the unknown location, which
     * --verify-diagnostics can expect (in each chunk). */
    mlirEmitError(mlirLocationUnknownGet(ctx),
                  "'-pass-pipeline' option can't be used with individual "
                  "pass options");
    return false;
  }
  for (unsigned i = 0; i < o->numPasses; ++i)
    if (!addPassFlag(ctx, opm, anchor, &o->passes[i]))
      return false;
  return !o->pipeline ||
         mlirLogicalResultIsSuccess(tileOpPassManagerParsePipelineAnchored(
             opm, anchor, mlirStringRefCreateFromCString(o->pipeline),
             (TileErrorSink){pipelineError, &ctx}));
}

/* The operation name a pipeline text is anchored on ("any" for every
 * operation), into `anchor`; false when the text names none before its
 * '(' (its parser reports that). */
static bool pipelineAnchor(const char *pipeline, TileStrBuf *anchor) {
  if (!pipeline)
    return false;
  const char *p = pipeline;
  while (isspace((unsigned char)*p))
    ++p;
  const char *start = p;
  while (isalnum((unsigned char)*p) || strchr("_.$-", *p))
    ++p;
  const char *end = p;
  while (isspace((unsigned char)*p))
    ++p;
  if (end == start || *p != '(')
    return false;
  tileStrBufAppend(anchor, start, (size_t)(end - start));
  return true;
}

/* Before any input is read, as mlir-opt's command line does: a pass flag
 * that names no pass is an unknown option, and pass flags cannot go with
 * --target. The passes are added without their options here: options a
 * pass refuses are reported where the pipeline is built, in each chunk
 * (LLVM's option parser prints some refusals itself, which would be
 * printed twice). */
static bool checkPassFlags(const Options *o) {
  MlirContext ctx = mlirContextCreateWithThreading(false);
  MlirPassManager pm = mlirPassManagerCreate(ctx);
  bool ok = true;
  for (unsigned i = 0; i < o->numPasses && ok; ++i) {
    TileStrBuf error = TILE_STRBUF_INIT;
    const PassFlag *pass = &o->passes[i];
    MlirLogicalResult r = tileOpPassManagerAddPassAnchored(
        mlirPassManagerGetAsOpPassManager(pm),
        mlirStringRefCreateFromCString("any"),
        mlirStringRefCreateFromCString(pass->name), mlirStringRefCreate("", 0),
        (TileErrorSink){tileStrBufCallback, &error});
    if (mlirLogicalResultIsFailure(r) && namesNoPass(tileStrBufGet(&error))) {
      failUnknownPass(pass, tileStrBufGet(&error));
      ok = false;
    }
    tileStrBufFree(&error);
  }
  mlirPassManagerDestroy(pm);
  mlirContextDestroy(ctx);
  if (!ok || !o->numPasses || !o->target)
    return ok;
  /* Pass flags with --pass-pipeline are an error of each chunk's pipeline
   * (buildPipeline), as in mlir-opt. */
  fail("--target (which runs the target's own pipeline) cannot be combined "
       "with individual pass flags");
  return false;
}

typedef struct {
  const Options *options;
  MlirOpPrintingFlags flags;
  PrintFilter *filter; /* the passes printed around one by one */
} PassManagerSetup;

/* Turns on what the flags ask for; also applied to every pass manager a
 * --target compilation runs. */
static void configurePassManager(MlirPassManager pm, void *userData) {
  const PassManagerSetup *setup = userData;
  const Options *o = setup->options;
  /* A --target compilation verifies after each of its pipeline stages; it
   * verifies after each pass only when asked to. */
  if (!o->target || o->verifyEachGiven)
    mlirPassManagerEnableVerifier(pm, o->verifyEach);
  /* As in mlir-opt, --mlir-print-ir-after-change only narrows
   * --mlir-print-ir-after-all; --mlir-print-ir-after-failure prints alone. */
  const PrintFilter *f = setup->filter;
  if (o->printBefore || o->printAfter || o->printAfterFailure || f->numBefore ||
      f->numAfter) {
    TileOptIRPrinting printing = {o->printBefore,
                                  o->printAfter,
                                  o->printModuleScope,
                                  o->printAfterChange,
                                  o->printAfterFailure,
                                  (const char *const *)f->before,
                                  f->numBefore,
                                  (const char *const *)f->after,
                                  f->numAfter,
                                  setup->flags,
                                  o->treeDir};
    tileOptPassManagerEnableIRPrinting(pm, &printing);
  }
  /* A pipeline's report is tile-opt's own (timing.h), made from the text
   * tree; each pass manager of a --target compilation prints MLIR's, in the
   * display and format asked for. */
  if (o->timing && o->target)
    tileOptPassManagerEnableTiming(
        pm, o->timingDisplay && !strcmp(o->timingDisplay, "list"),
        o->timingFormat && !strcmp(o->timingFormat, "json"));
  else if (o->timing)
    mlirPassManagerEnableTiming(pm);
  if (o->passStatistics)
    mlirPassManagerEnableStatistics(
        pm,
        o->passStatisticsDisplay && !strcmp(o->passStatisticsDisplay, "list")
            ? MLIR_PASS_DISPLAY_MODE_LIST
            : MLIR_PASS_DISPLAY_MODE_PIPELINE);
}

static void appendOp(TileStrBuf *out, MlirOperation op, bool bytecode,
                     MlirOpPrintingFlags flags) {
  if (bytecode)
    mlirOperationWriteBytecode(op, tileStrBufCallback, out);
  else
    mlirOperationPrintWithFlags(op, flags, tileStrBufCallback, out);
}

static MlirLogicalResult quiet(MlirDiagnostic diag, void *userData) {
  (void)diag;
  (void)userData;
  return mlirLogicalResultSuccess();
}

static bool loadDialects(MlirContext ctx, const Options *o, bool tile);
static bool mentionsTile(MlirStringRef text);

/* The address alignment a copy of `source` is parsed at: what its bytecode
 * asks for, 16 bytes at least. */
static size_t parseAlignment(MlirStringRef source) {
  size_t alignment = tileBytecodeAlignment(source);
  return alignment < 16 || alignment > TILE_MAX_BYTECODE_ALIGNMENT ? 16
                                                                   : alignment;
}

/* Reads back the text or bytecode of a round trip, verified unless
 * --mlir-very-unsafe-disable-verifier-on-parsing says not to (as in
 * mlir-opt). */
static MlirOperation parseRoundTrip(MlirContext ctx, const Options *o,
                                    MlirStringRef encoded) {
  MlirStringRef name = mlirStringRefCreateFromCString("roundtrip");
  if (!o->disableVerifierOnParsing)
    return mlirOperationCreateParse(ctx, encoded, name);
  return tileOptParseUnverified(ctx, encoded, name, false,
                                parseAlignment(encoded));
}

/* --verify-roundtrip: the op printed generically (with locations), read
 * back from generic text or bytecode and printed again, is unchanged. It is
 * read back in a context of its own, as mlir-opt does: in the op's context,
 * the keys of its resources are taken, and the copy's were renamed. */
static bool roundTrips(MlirOperation op, const Options *o, bool bytecode) {
  const char *form = bytecode ? "bytecode" : "generic text";
  MlirOpPrintingFlags flags = mlirOpPrintingFlagsCreate();
  mlirOpPrintingFlagsPrintGenericOpForm(flags);
  mlirOpPrintingFlagsEnableDebugInfo(flags, true, false);
  TileStrBuf reference = TILE_STRBUF_INIT, encoded = TILE_STRBUF_INIT,
             again = TILE_STRBUF_INIT;
  appendOp(&reference, op, false, flags);
  appendOp(&encoded, op, bytecode, flags);
  MlirContext ctx = mlirContextCreateWithThreading(false);
  mlirContextSetAllowUnregisteredDialects(ctx, o->allowUnregistered);
  mlirContextAttachDiagnosticHandler(ctx, quiet, NULL, NULL);
  MlirOperation parsed =
      loadDialects(
          ctx, o, mentionsTile(mlirStringRefCreate(encoded.data, encoded.size)))
          ? parseRoundTrip(
                ctx, o,
                mlirStringRefCreate(tileStrBufGet(&encoded), encoded.size))
          : (MlirOperation){NULL};
  bool ok = !mlirOperationIsNull(parsed);
  if (ok) {
    appendOp(&again, parsed, false, flags);
    ok = reference.size == again.size &&
         memcmp(tileStrBufGet(&reference), tileStrBufGet(&again),
                reference.size) == 0;
    mlirOperationDestroy(parsed);
  }
  mlirContextDestroy(ctx);
  if (!ok)
    tileEmitErrorAt(mlirOperationGetLocation(op),
                    "the output does not survive a round trip through %s",
                    form);
  tileStrBufFree(&reference);
  tileStrBufFree(&encoded);
  tileStrBufFree(&again);
  mlirOpPrintingFlagsDestroy(flags);
  return ok;
}

static unsigned countKernel(MlirOperation kernel, void *userData) {
  (void)kernel;
  (void)userData;
  return 1;
}

/* Compiles `op` for the target and writes the part --emit asks for. */
static bool compileChunk(const TileBackendContext *backend,
                         PassManagerSetup *setup, MlirOperation op, FILE *out) {
  const char *part = setup->options->emit ? setup->options->emit : "mlir";
  /* Counted first: the compilation rewrites the kernels. */
  bool hasKernel = tileForEachKernel(op, countKernel, NULL) > 0;
  MlirLocation where = mlirOperationGetLocation(op);
  TileCompileOptions options = {part, configurePassManager, setup, true};
  TileArtifact *artifact = tileCompileWithOptions(backend, op, &options);
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
    /* Without device code (cpu), a missing part is the target's. */
    bool device = tileArtifactGetDeviceFormat(artifact)[0] != '\0';
    if (device && !hasKernel)
      tileEmitErrorAt(where,
                      "the input has no kernel (an scf.forall mapped to "
                      "#gpu.block ids), so target '%s' produces no '%s'",
                      tileStrBufGet(&target), part);
    else if (device && !have.size)
      tileEmitErrorAt(where,
                      "no kernel is left after lowering (a kernel that does "
                      "nothing is removed), so target '%s' produces no '%s'",
                      tileStrBufGet(&target), part);
    else
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

/* Whether `op` is a module that the parser made around the input: it sits
 * at line 0, column 0. */
static bool isImplicitModule(MlirOperation op) {
  MlirLocation loc = mlirOperationGetLocation(op);
  return tileOpIs(op, "builtin.module") &&
         mlirLocationIsAFileLineColRange(loc) &&
         mlirLocationFileLineColRangeGetStartLine(loc) == 0 &&
         mlirLocationFileLineColRangeGetStartColumn(loc) == 0;
}

/* Parses a chunk; without --no-implicit-module, several top-level ops (or
 * one that is not a module) are wrapped in a builtin.module, which sits
 * where the chunk starts (0:0 for the first one, as in mlir-opt). */
static MlirOperation parseChunk(MlirContext ctx, const Options *o,
                                MlirStringRef text, const char *fileName,
                                const TileChunk *chunk) {
  MlirStringRef name = mlirStringRefCreateFromCString(fileName);
  if (!tileToolReadsBytecode(ctx, text, name, !o->noImplicitModule))
    return (MlirOperation){NULL};
  /* Bytecode goes through the library's guarded reader (tile/dialect.h). */
  if (tileIsBytecode(text) && !o->disableVerifierOnParsing)
    return o->noImplicitModule ? tileParseOperation(ctx, text, name)
                               : tileParseInput(ctx, text, name);
  /* Text is parsed without the verifier, checked for what MLIR 22's folds
   * and verifiers crash on (tileCheckParsedInput), then verified unless
   * --mlir-very-unsafe-disable-verifier-on-parsing says not to. */
  if (!tileCheckSource(ctx, text, name))
    return (MlirOperation){NULL};
  TileErrorWatch watch;
  tileErrorWatchBegin(&watch, ctx);
  MlirOperation op = tileCheckParsedInput(tileOptParseUnverified(
      ctx, text, name, !o->noImplicitModule, parseAlignment(text)));
  if (!tileErrorWatchEnd(&watch) && mlirOperationIsNull(op))
    tileReportSilentParseFailure(ctx, text, name);
  if (!mlirOperationIsNull(op) && !o->disableVerifierOnParsing &&
      !mlirOperationVerify(op)) {
    mlirOperationDestroy(op);
    return (MlirOperation){NULL};
  }
  bool first = chunk->line == 1 && chunk->column == 1;
  if (!mlirOperationIsNull(op) && !o->noImplicitModule && !first &&
      isImplicitModule(op))
    mlirOperationSetLocation(
        op, mlirLocationFileLineColGet(ctx, name, chunk->line, chunk->column));
  return op;
}

/* The options of the tile passes the pipeline adds, in order, as
 * --dump-pass-pipeline prints them (MLIR prints a tile pass's argument
 * only). */
typedef struct {
  TileStrBuf *items;
  unsigned count;
} TileOptionTexts;

static void addOptionText(MlirStringRef argument, MlirStringRef options,
                          void *userData) {
  TileOptionTexts *texts = userData;
  texts->items =
      tileReallocArray(texts->items, texts->count + 1, sizeof(TileStrBuf));
  texts->items[texts->count] = (TileStrBuf)TILE_STRBUF_INIT;
  tilePrintPassOptions(argument, options, &texts->items[texts->count++]);
}

/* The pipeline of `pm` as text, tile passes with their options. */
static void pipelineText(MlirPassManager pm, const Options *o,
                         const Reproducer *repro, TileStrBuf *out, bool dump) {
  TileOptionTexts texts = {NULL, 0};
  const char *pipeline = repro->pipeline ? repro->pipeline : o->pipeline;
  if (pipeline) {
    tileForEachTilePass(mlirStringRefCreateFromCString(pipeline), addOptionText,
                        &texts);
  } else {
    for (unsigned i = 0; i < o->numPasses; ++i) {
      MlirStringRef name = mlirStringRefCreateFromCString(o->passes[i].name);
      if (tileFindPass(name) >= 0)
        addOptionText(
            name, mlirStringRefCreateFromCString(o->passes[i].options), &texts);
    }
  }
  MlirOpPassManager opm = mlirPassManagerGetAsOpPassManager(pm);
  if (dump)
    tileDumpPassPipeline(opm, texts.items, texts.count, stderr);
  else
    tilePipelineText(opm, texts.items, texts.count, out);
  for (unsigned i = 0; i < texts.count; ++i)
    tileStrBufFree(&texts.items[i]);
  free(texts.items);
}

/* A pass manager on the anchor of the pipeline text, as mlir-opt makes one:
 * a pipeline anchored on another operation than the input's is reported
 * when it runs ("can't run 'X' pass manager on 'Y' op", at the input). Its
 * anchor goes to `anchor`. */
static MlirPassManager
createPassManager(MlirContext ctx, PassManagerSetup *setup, MlirOperation op,
                  const Reproducer *repro, TileStrBuf *anchor) {
  const char *pipeline =
      repro->pipeline ? repro->pipeline : setup->options->pipeline;
  tileStrBufClear(anchor);
  if (!pipelineAnchor(pipeline, anchor))
    tileStrBufAppendRef(anchor, mlirIdentifierStr(mlirOperationGetName(op)));
  MlirStringRef name = mlirStringRefCreate(anchor->data, anchor->size);
  MlirPassManager pm = tileStrRefEquals(name, "any")
                           ? mlirPassManagerCreate(ctx)
                           : mlirPassManagerCreateOnOperation(ctx, name);
  configurePassManager(pm, setup);
  if (repro->verifyEach >= 0)
    mlirPassManagerEnableVerifier(pm, repro->verifyEach);
  return pm;
}

/* Destroys `pm`; with --mlir-timing (`timing` set), keeps its report. */
static void destroyPassManager(MlirPassManager pm, TileChunkTiming *timing) {
  if (timing)
    tileTimingDestroyPassManager(pm, timing);
  else
    mlirPassManagerDestroy(pm);
}

static void noteTilePass(MlirStringRef argument, MlirStringRef options,
                         void *userData);

/* Whether the pipeline of a crash reproducer is MLIR's to write: MLIR prints
 * a tile pass without its options, so tile-opt writes those pipelines
 * itself. MLIR's own names the pass that failed and recovers from a crash,
 * as in mlir-opt. */
static bool mlirWritesReproducer(const Options *o, const TileStrBuf *pipeline) {
  if (o->localReproducer)
    return true;
  bool tile = false;
  tileForEachTilePass(mlirStringRefCreate(pipeline->data, pipeline->size),
                      noteTilePass, &tile);
  return !tile;
}

/* Runs the passes on a parsed chunk and writes the result; with
 * --mlir-timing, `timing` gets the pass manager's report and the time the
 * output took. */
static bool transformChunk(MlirContext ctx, PassManagerSetup *setup,
                           MlirOperation op, const Reproducer *repro, FILE *out,
                           TileChunkTiming *timing) {
  const Options *o = setup->options;
  if (repro->disableThreading >= 0)
    mlirContextEnableMultithreading(ctx, !repro->disableThreading);
  TileStrBuf anchor = TILE_STRBUF_INIT;
  MlirPassManager pm = createPassManager(ctx, setup, op, repro, &anchor);
  MlirStringRef anchorName = mlirStringRefCreate(anchor.data, anchor.size);
  bool ok = buildPipeline(ctx, pm, anchorName, o, repro);
  if (ok && o->dumpPassPipeline)
    pipelineText(pm, o, repro, NULL, /*dump=*/true);
  /* The reproducers hold the input as it is now and the pipeline. */
  TileStrBuf pipeline = TILE_STRBUF_INIT;
  if (ok && (o->crashReproducer || o->generateReproducer))
    pipelineText(pm, o, repro, &pipeline, /*dump=*/false);
  bool mlirReproducer =
      ok && o->crashReproducer && mlirWritesReproducer(o, &pipeline);
  const char *reproducerPath = o->crashReproducer && !mlirReproducer
                                   ? o->crashReproducer
                                   : o->generateReproducer;
  CrashReproducer crash = {NULL, TILE_STRBUF_INIT};
  if (ok && reproducerPath) {
    bool oneThread = o->disableThreading || repro->disableThreading == 1;
    crashReproducerPrepare(
        &crash, reproducerPath, op, tileStrBufGet(&pipeline), oneThread,
        repro->verifyEach >= 0 ? repro->verifyEach : o->verifyEach);
  }
  tileStrBufFree(&pipeline);
  if (ok && o->generateReproducer) {
    TileStrBuf error = TILE_STRBUF_INIT;
    ok = tileWriteFile(o->generateReproducer, crash.text.data, crash.text.size,
                       &error);
    if (!ok)
      fail("cannot write the reproducer: %s", tileStrBufGet(&error));
    tileStrBufFree(&error);
  }
  if (ok && mlirReproducer) {
    /* MLIR's own reproducer; it recovers from a crash and reports in its
     * own words. */
    if (!tileOptPassManagerEnableReproducer(pm, o->crashReproducer,
                                            o->localReproducer)) {
      mlirEmitError(mlirLocationUnknownGet(ctx),
                    "Local crash reproduction may not be used without "
                    "disabling mutli-threading first.");
      ok = false;
    }
    ok = ok && mlirLogicalResultIsSuccess(mlirPassManagerRunOnOp(pm, op));
  } else if (ok && o->crashReproducer) {
    crashReproducerArm(&crash);
    ok = mlirLogicalResultIsSuccess(mlirPassManagerRunOnOp(pm, op));
    crashReproducerDisarm();
    if (!ok)
      crashReproducerWrite(&crash, op);
  } else if (ok) {
    ok = mlirLogicalResultIsSuccess(mlirPassManagerRunOnOp(pm, op));
  }
  crashReproducerFree(&crash);
  destroyPassManager(pm, timing);
  tileStrBufFree(&anchor);
  if (ok && o->verifyRoundtrip)
    ok = roundTrips(op, o, false) && roundTrips(op, o, true);
  if (!ok)
    return false;
  double outputStart = tileMonotonicSeconds();
  TileStrBuf text = TILE_STRBUF_INIT;
  if (o->emitBytecode &&
      (o->emitBytecodeVersion >= 0 || o->elideResourceData)) {
    MlirBytecodeWriterConfig config = mlirBytecodeWriterConfigCreate();
    if (o->emitBytecodeVersion >= 0)
      mlirBytecodeWriterConfigDesiredEmitVersion(config,
                                                 o->emitBytecodeVersion);
    if (o->elideResourceData)
      tileOptBytecodeWriterConfigElideResourceData(config);
    ok = mlirLogicalResultIsSuccess(mlirOperationWriteBytecodeWithConfig(
        op, config, tileStrBufCallback, &text));
    mlirBytecodeWriterConfigDestroy(config);
    if (!ok && o->emitBytecodeVersion >= 0)
      tileEmitErrorAt(mlirOperationGetLocation(op),
                      "cannot write bytecode version %lld",
                      (long long)o->emitBytecodeVersion);
    else if (!ok)
      tileEmitErrorAt(mlirOperationGetLocation(op), "cannot write bytecode");
  } else {
    appendOp(&text, op, o->emitBytecode, setup->flags);
    if (!o->emitBytecode)
      tileStrBufAppendStr(&text, "\n");
  }
  if (ok)
    fwrite(tileStrBufGet(&text), 1, text.size, out);
  tileStrBufFree(&text);
  if (timing && ok)
    timing->output = tileMonotonicSeconds() - outputStart;
  return ok;
}

/* MLIR cannot print the whole module around a pass while passes run on
 * several threads (it aborts). mlir-opt refuses the flag with threads on,
 * whether or not IR printing is asked for, as an error for each chunk after
 * parsing; the same words (its trailing newline included) are kept. */
static bool checkModuleScopePrinting(MlirContext ctx, const Options *o) {
  if (!o->printModuleScope || o->disableThreading)
    return true;
  mlirEmitError(mlirLocationUnknownGet(ctx),
                "IR print for module scope can't be setup on a pass-manager "
                "without disabling multi-threading first.\n");
  return false;
}

/* Contexts share one thread pool (mlir-opt does the same), so that a
 * context for each chunk does not start threads of its own. */
static MlirContext createContext(const Options *o, MlirLlvmThreadPool pool) {
  MlirContext ctx = mlirContextCreateWithThreading(false);
  if (!o->disableThreading)
    mlirContextSetThreadPool(ctx, pool);
  mlirContextSetAllowUnregisteredDialects(ctx, o->allowUnregistered);
  if (o->printStackTraceOnDiagnostic)
    tileOptContextPrintStackTraceOnDiagnostic(ctx);
  /* As in mlir-opt, passes such as gpu-module-to-binary can translate to
   * LLVM IR. */
  mlirRegisterAllLLVMTranslations(ctx);
  return ctx;
}

/* The upstream dialects are registered, and loaded when first used, as in
 * mlir-opt. The tile dialects (built from IRDL, which takes most of a
 * context's making) and the upstream dialects tile passes use are loaded
 * when `tile` says that the chunk or the passes may need them. */
static bool loadDialects(MlirContext ctx, const Options *o, bool tile) {
  if (tile) {
    if (mlirLogicalResultIsFailure(tileContextLoadDialects(ctx)) ||
        mlirLogicalResultIsFailure(tileContextLoadBackendDialects(ctx)))
      return false;
  } else {
    tileContextRegisterUpstreamDialects(ctx);
  }
  tileOptAppendUpstreamTestDialects(ctx);
  tileOptAppendPluginDialects(ctx);
  for (unsigned i = 0; i < o->irdlFiles.count; ++i) {
    const char *file = o->irdlFiles.items[i];
    size_t size;
    char *text = tileReadFile(file, &size);
    if (!text) {
      fail("cannot open IRDL file '%s': %s", file, strerror(errno));
      return false;
    }
    MlirLogicalResult r =
        tileContextLoadIRDL(ctx, mlirStringRefCreate(text, size),
                            mlirStringRefCreateFromCString(file));
    free(text);
    if (mlirLogicalResultIsFailure(r))
      return false;
  }
  return true;
}

static MlirOpPrintingFlags createPrintingFlags(const Options *o) {
  MlirOpPrintingFlags flags = mlirOpPrintingFlagsCreate();
  if (o->debugInfo || o->debugInfoPretty)
    mlirOpPrintingFlagsEnableDebugInfo(flags, true, o->debugInfoPretty);
  if (o->genericForm)
    mlirOpPrintingFlagsPrintGenericOpForm(flags);
  if (o->localScope)
    mlirOpPrintingFlagsUseLocalScope(flags);
  if (o->skipRegions)
    mlirOpPrintingFlagsSkipRegions(flags);
  if (o->assumeVerified)
    mlirOpPrintingFlagsAssumeVerified(flags);
  if (o->nameLocAsPrefix)
    mlirOpPrintingFlagsPrintNameLocAsPrefix(flags);
  if (o->elideElementsLarger >= 0)
    mlirOpPrintingFlagsElideLargeElementsAttrs(flags, o->elideElementsLarger);
  if (o->elideResourcesLarger >= 0)
    mlirOpPrintingFlagsElideLargeResourceString(flags, o->elideResourcesLarger);
  tileOptPrintingFlagsSetExtras(flags, o->printValueUsers, o->printUniqueSSAIds,
                                o->hexElementsLarger);
  return flags;
}

/* Resolves --target once; NULL (after reporting) when it cannot be. */
static TileBackendContext *createBackendContext(const Options *o) {
  TileStrBuf why = TILE_STRBUF_INIT;
  TileBackendContext *backend =
      tileBackendContextCreate(o->target, o->targetHost, o->exec,
                               (TileErrorSink){tileStrBufCallback, &why});
  if (!backend)
    fail("%s", tileStrBufGet(&why));
  tileStrBufFree(&why);
  return backend;
}

/* One run over the input: every chunk (each is processed even after a
 * failure, so that every error is reported). */
typedef struct {
  PassManagerSetup setup;
  const TileBackendContext *backend;
  const char *fileName;
  const char *input;
  size_t size;
  MlirLlvmThreadPool pool;
  TileDiagnosticPrinter *printer;
  TileDiagnosticVerifier *verifier; /* with --verify-diagnostics */
  TileOutputFile *output;           /* flushed after each chunk */
  bool passesNeedTile;     /* even where a chunk names no tile dialect */
  bool runsTilePasses;     /* or may: a target, a reproducer's pipeline */
  TileOptRemarks *remarks; /* NULL: none asked for */
} Run;

/* The diagnostic handlers of a context of the run. */
typedef struct {
  MlirDiagnosticHandlerID printer, filter, verifier, reproducer;
} Handlers;

static MlirLogicalResult filterDiagnostic(MlirDiagnostic diag, void *userData);

/* The parser warns that it skips the mlir_reproducer resource, which
 * tile-opt reads itself (reproducer.c); mlir-opt never warns about it
 * either. Returning success drops the diagnostic. */
static MlirLogicalResult dropReproducerWarning(MlirDiagnostic diag,
                                               void *userData) {
  (void)userData;
  if (mlirDiagnosticGetSeverity(diag) != MlirDiagnosticWarning)
    return mlirLogicalResultFailure();
  TileStrBuf text = TILE_STRBUF_INIT;
  mlirDiagnosticPrint(diag, tileStrBufCallback, &text);
  bool drop =
      !strcmp(tileStrBufGet(&text), "ignoring unknown external resources for "
                                    "'mlir_reproducer'");
  tileStrBufFree(&text);
  return drop ? mlirLogicalResultSuccess() : mlirLogicalResultFailure();
}

/* Handlers attached later run first: the reproducer warning's, the
 * verifier, then the filter (only without --verify-diagnostics: mlir-opt
 * does not filter what it checks), then the printer. */
static Handlers attachHandlers(MlirContext ctx, const Run *r) {
  const Options *o = r->setup.options;
  Handlers h = {tileDiagnosticPrinterAttach(ctx, r->printer), 0, 0, 0};
  if (!o->verifyDiagnostics && (o->diagnosticVerbosity || o->disableNotes))
    h.filter = mlirContextAttachDiagnosticHandler(ctx, filterDiagnostic,
                                                  (void *)o, NULL);
  if (r->verifier)
    h.verifier = tileDiagnosticVerifierAttach(ctx, r->verifier);
  h.reproducer = mlirContextAttachDiagnosticHandler(ctx, dropReproducerWarning,
                                                    NULL, NULL);
  return h;
}

static void detachHandlers(MlirContext ctx, const Run *r, Handlers h) {
  const Options *o = r->setup.options;
  mlirContextDetachDiagnosticHandler(ctx, h.reproducer);
  if (r->verifier)
    mlirContextDetachDiagnosticHandler(ctx, h.verifier);
  if (!o->verifyDiagnostics && (o->diagnosticVerbosity || o->disableNotes))
    mlirContextDetachDiagnosticHandler(ctx, h.filter);
  mlirContextDetachDiagnosticHandler(ctx, h.printer);
}

/* Parses, transforms (or compiles) and prints one chunk of the input. As in
 * mlir-opt, each chunk has a context of its own: what one chunk leaves in a
 * context (the body of an identified LLVM struct, dialect resources) must
 * not change how the next one reads. The chunk is padded with newlines and
 * blanks so that locations keep the lines and columns of the whole file. */
static bool processChunk(const Run *r, const TileChunk *chunk, FILE *out) {
  const Options *o = r->setup.options;
  MlirContext ctx = createContext(o, r->pool);
  /* Before tile-opt's diagnostic handlers, as in mlir-opt: a log file that
   * cannot be opened is MLIR's own line on standard error, and does not
   * fail the run. */
  void *debugHandler = tileOptInstallDebugHandler(ctx, o->debuggerHook);
  Handlers h = attachHandlers(ctx, r);
  TileStrBuf text = TILE_STRBUF_INIT;
  size_t lines = chunk->line - 1, columns = chunk->column - 1;
  char *padding = tileMalloc(lines + columns + 1);
  memset(padding, '\n', lines);
  memset(padding + lines, ' ', columns);
  tileStrBufAppend(&text, padding, lines + columns);
  free(padding);
  tileStrBufAppend(&text, chunk->begin, (size_t)(chunk->end - chunk->begin));
  MlirStringRef source = mlirStringRefCreate(text.data, text.size);
  bool ok = loadDialects(ctx, o, r->passesNeedTile || mentionsTile(source));
  /* --mlir-timing of a pipeline: Parser, the passes and Output, as in
   * mlir-opt (a --target compilation reports its pass managers alone). */
  TileChunkTiming timing = TILE_CHUNK_TIMING_INIT;
  bool timed = o->timing && !r->backend && ok;
  timing.start = tileMonotonicSeconds();
  MlirOperation op = ok ? parseChunk(ctx, o, source, r->fileName, chunk)
                        : (MlirOperation){NULL};
  if (timed)
    timing.parser = tileMonotonicSeconds() - timing.start;
  /* Tile passes (and a target's pipeline) rely on verified IR. */
  if (!mlirOperationIsNull(op) && o->disableVerifierOnParsing &&
      r->runsTilePasses && !mlirOperationVerify(op)) {
    mlirEmitError(mlirLocationUnknownGet(ctx),
                  "tile passes need verified input: it is verified before "
                  "they run, --mlir-very-unsafe-disable-verifier-on-parsing "
                  "notwithstanding");
    mlirOperationDestroy(op);
    op = (MlirOperation){NULL};
  }
  /* After the input is read, as in mlir-opt. */
  if (!mlirOperationIsNull(op))
    tileOptRemarksEnable(r->remarks, ctx);
  Reproducer repro = {NULL, -1, -1};
  ok = !mlirOperationIsNull(op) &&
       (!o->runReproducer || readReproducer(ctx, r->fileName, source, &repro));
  tileStrBufFree(&text);
  PassManagerSetup setup = r->setup;
  ok = ok && checkModuleScopePrinting(ctx, o) &&
       (r->backend ? compileChunk(r->backend, &setup, op, out)
                   : transformChunk(ctx, &setup, op, &repro, out,
                                    timed ? &timing : NULL));
  freeReproducer(&repro);
  tileOptRemarksFinishChunk(r->remarks, ctx);
  if (timed)
    tileTimingPrint(
        &timing, o->timingDisplay && !strcmp(o->timingDisplay, "list"),
        o->timingFormat && !strcmp(o->timingFormat, "json"), stderr);
  tileChunkTimingFree(&timing);
  if (!mlirOperationIsNull(op))
    mlirOperationDestroy(op);
  detachHandlers(ctx, r, h);
  mlirContextDestroy(ctx);
  tileOptRemoveDebugHandler(debugHandler);
  return ok;
}

/* Processes every chunk, even after a failure, so that every error is
 * reported; the outputs of the chunks are separated by the output marker.
 * Standard output is buffered, as mlir-opt's is: a later chunk's errors
 * come before the output of earlier ones in a stream of both, and a crash
 * writes what was buffered before its report (tileSignalsInstallCrashReport).
 */
static bool processChunks(Run *r, const TileChunk *chunks, int n, FILE *out) {
  const Options *o = r->setup.options;
  const char *outMarker =
      o->outputSplitMarker ? o->outputSplitMarker : TILE_DEFAULT_SPLIT_MARKER;
  bool ok = true;
  for (int i = 0; i < n; ++i) {
    if (i)
      fprintf(out, "%s\n", outMarker);
    ok &= processChunk(r, &chunks[i], out);
  }
  return ok;
}

/* With --verify-diagnostics, one verifier checks the whole input (as in
 * mlir-opt) and its verdict alone decides the run; the chunks still write
 * their output. */
static bool verifyChunks(Run *r, const TileChunk *chunks, int n, FILE *out) {
  const Options *o = r->setup.options;
  TileDiagnosticVerifier *verifier = tileDiagnosticVerifierCreate(
      r->fileName, r->input, r->size,
      !strcmp(o->verifyDiagnostics, "only-expected"), stderr);
  r->verifier = verifier;
  processChunks(r, chunks, n, out);
  r->verifier = NULL;
  bool ok = tileDiagnosticVerifierFinish(verifier);
  tileDiagnosticVerifierDestroy(verifier);
  return ok;
}

static bool processInput(Run *r, FILE *out) {
  const Options *o = r->setup.options;
  TileChunk whole = {r->input, r->input + r->size, 1, 1};
  TileChunk *chunks = &whole;
  int n = 1;
  if (o->splitInputFile) {
    const char *marker =
        o->splitInputFile[0] ? o->splitInputFile : TILE_DEFAULT_SPLIT_MARKER;
    n = tileSplitInput(r->fileName, r->input, r->size, marker, stderr, &chunks);
  }
  bool ok = o->verifyDiagnostics ? verifyChunks(r, chunks, n, out)
                                 : processChunks(r, chunks, n, out);
  if (chunks != &whole)
    free(chunks);
  return ok;
}

/* Writes the output only when every chunk succeeded. */
static bool runWithOutput(Run *r, TileDiagnosticPrinter *printer) {
  const Options *o = r->setup.options;
  TileStrBuf error = TILE_STRBUF_INIT;
  TileOutputFile *output =
      tileOutputFileOpen(o->output ? o->output : "-", &error);
  bool ok = output != NULL;
  if (!ok)
    fail("%s", tileStrBufGet(&error));
  r->output = output;
  /* Standard output goes through llvm::outs(), after what passes printed
   * there before it, as in mlir-opt. */
  FILE *stream = ok ? tileOutputFileStream(output) : NULL;
  FILE *outs = stream == stdout ? tileOptOpenLLVMOuts() : NULL;
  bool throughOuts = outs != NULL;
  if (ok)
    ok = processInput(r, throughOuts ? outs : stream);
  if (throughOuts)
    fclose(outs);
  r->output = NULL;
  /* Compiling for a target fails on any error; passes follow mlir-opt's rule
   * (a pass that reports an error but does not fail does not fail the run). */
  if (r->backend && printer->numErrors)
    ok = false;
  int outsError = tileOptFlushLLVMOuts();
  if (output && !ok) {
    tileOutputFileDiscard(output);
  } else if (output && !tileOutputFileCommit(output, &error)) {
    fail("%s", tileStrBufGet(&error));
    ok = false;
  } else if (outsError) {
    fail("cannot write '<stdout>': %s", strerror(outsError));
    ok = false;
  }
  tileStrBufFree(&error);
  return ok;
}

/* --mlir-diagnostic-verbosity-level and --mlir-disable-diagnostic-notes, as
 * mlir-opt applies them: errors always pass, warnings and remarks by level,
 * notes emitted on their own unless disabled (notes attached to a
 * diagnostic go with it). Returning success drops the diagnostic. */
static MlirLogicalResult filterDiagnostic(MlirDiagnostic diag, void *userData) {
  const Options *o = userData;
  const char *level = o->diagnosticVerbosity ? o->diagnosticVerbosity : "";
  bool drop = false;
  switch (mlirDiagnosticGetSeverity(diag)) {
  case MlirDiagnosticError:
    break;
  case MlirDiagnosticWarning:
    drop = !strcmp(level, "errors");
    break;
  case MlirDiagnosticRemark:
    drop = !strcmp(level, "errors") || !strcmp(level, "warnings");
    break;
  case MlirDiagnosticNote:
    drop = o->disableNotes;
    break;
  }
  return drop ? mlirLogicalResultSuccess() : mlirLogicalResultFailure();
}

/* Whether text may hold tile IR: it names a tile dialect (every op,
 * attribute and type of one is spelled with its namespace), it has a
 * string with an escaped byte (`"\74ile.fill"` names tile.fill), or it is
 * bytecode. */
static bool mentionsTile(MlirStringRef text) {
  static const char bytecode[4] = {'M', 'L', '\xef', 'R'};
  if (text.length >= 4 && memcmp(text.data, bytecode, 4) == 0)
    return true;
  for (size_t i = 0; i + 3 <= text.length; ++i) {
    const char *c = text.data + i;
    if ((c[0] == 't' && i + 4 <= text.length && memcmp(c, "tile", 4) == 0) ||
        (c[0] == '\\' && isxdigit((unsigned char)c[1]) &&
         isxdigit((unsigned char)c[2])))
      return true;
  }
  return false;
}

static void noteTilePass(MlirStringRef argument, MlirStringRef options,
                         void *userData) {
  (void)argument;
  (void)options;
  *(bool *)userData = true;
}

/* Whether the run may need the tile dialects loaded even for a chunk that
 * names none: a target's pipeline, a tile pass (given as a flag or in
 * --pass-pipeline), the pipeline of a reproducer (not known before the
 * chunk is read), or IRDL files (whose dialects may use tile types). */
static bool runsTilePasses(const Options *o,
                           const TileBackendContext *backend) {
  bool tile = backend || o->runReproducer;
  for (unsigned i = 0; i < o->numPasses && !tile; ++i)
    tile = tileFindPassDescriptor(
               mlirStringRefCreateFromCString(o->passes[i].name)) != NULL;
  if (!tile && o->pipeline)
    tileForEachTilePass(mlirStringRefCreateFromCString(o->pipeline),
                        noteTilePass, &tile);
  return tile;
}

static bool passesNeedTile(const Options *o,
                           const TileBackendContext *backend) {
  return o->irdlFiles.count || runsTilePasses(o, backend);
}

/* --show-dialects lists what the context knows and, as in mlir-opt, reads no
 * input (so that it never waits on a terminal). */
static int runShowDialects(const Options *o) {
  MlirLlvmThreadPool pool = mlirLlvmThreadPoolCreate();
  MlirContext ctx = createContext(o, pool);
  TileDiagnosticPrinter printer = {stderr, NULL, NULL, 0, false, true};
  MlirDiagnosticHandlerID printerId =
      tileDiagnosticPrinterAttach(ctx, &printer);
  bool ok = loadDialects(ctx, o, true);
  if (ok)
    showDialects(ctx);
  mlirContextDetachDiagnosticHandler(ctx, printerId);
  mlirContextDestroy(ctx);
  mlirLlvmThreadPoolDestroy(pool);
  return ok ? 0 : 1;
}

/* The options are checked before any chunk is read: pass flags before the
 * input is (checkPassFlags), an IRDL file that does not load in a context of
 * the run's own, so that each is reported once, not for each chunk. */
static int runOnInput(const Options *o, const TileBackendContext *backend) {
  if (o->showDialects)
    return runShowDialects(o);
  if (!checkPassFlags(o))
    return 1;
  size_t size;
  char *input = tileReadFile(o->input, &size);
  if (!input)
    return fail("cannot open input file '%s': %s", o->input, strerror(errno));
  const char *fileName = strcmp(o->input, "-") == 0 ? "<stdin>" : o->input;
  TileDiagnosticPrinter printer = {
      stderr, fileName, input, 0, !o->printOpOnDiagnostic, true};
  MlirOpPrintingFlags flags = createPrintingFlags(o);
  PrintFilter filter = {o, flags, NULL, NULL, 0, 0};
  Run r = {{o, flags, &filter},
           backend,
           fileName,
           input,
           size,
           mlirLlvmThreadPoolCreate(),
           &printer,
           NULL,
           NULL,
           passesNeedTile(o, backend),
           runsTilePasses(o, backend),
           NULL};
  MlirContext ctx = createContext(o, r.pool);
  Handlers h = attachHandlers(ctx, &r);
  bool ok = loadDialects(ctx, o, r.passesNeedTile) &&
            printFilterInit(&filter, o, flags);
  detachHandlers(ctx, &r, h);
  mlirContextDestroy(ctx);
  /* The remarks file is written whether or not the run succeeds, as
   * mlir-opt keeps it. */
  TileStrBuf error = TILE_STRBUF_INIT;
  if (ok && !tileOptRemarksCreate(&o->remarks, &r.remarks, &error)) {
    fail("%s", tileStrBufGet(&error));
    ok = false;
  }
  ok = ok && runWithOutput(&r, &printer);
  tileStrBufClear(&error);
  if (!tileOptRemarksDestroy(r.remarks, &error)) {
    fail("%s", tileStrBufGet(&error));
    ok = false;
  }
  tileStrBufFree(&error);
  printFilterFree(&filter);
  mlirOpPrintingFlagsDestroy(flags);
  mlirLlvmThreadPoolDestroy(r.pool);
  free(input);
  return ok ? 0 : 1;
}

static void flushLLVMOuts(void) { tileOptFlushLLVMOuts(); }

/* --help, --version, --list-*: returns the exit code, or -1 for none. */
static int printInformation(const Options *o) {
  if (o->help)
    printUsage();
  else if (o->version)
    printf("tile-opt (tile-mlir) %s\n", tileGetVersion());
  else if (o->listPasses)
    listPasses();
  else if (o->listTargets)
    listTargets();
  else
    return -1;
  return 0;
}

/* --load-pass-plugin and --load-dialect-plugin, in the order given. A
 * plugin that does not load is an error (mlir-opt says it ignores the
 * request and goes on without it). */
static bool loadPlugins(const Options *o) {
  const TileFlagValues *lists[2] = {&o->passPlugins, &o->dialectPlugins};
  for (int kind = 0; kind < 2; ++kind)
    for (unsigned i = 0; i < lists[kind]->count; ++i) {
      const char *path = lists[kind]->items[i];
      TileStrBuf why = TILE_STRBUF_INIT;
      bool ok = kind == 0 ? tileOptLoadPassPlugin(path, &why)
                          : tileOptLoadDialectPlugin(path, &why);
      if (!ok)
        fail("cannot load %s plugin '%s': %s", kind == 0 ? "pass" : "dialect",
             path, tileStrBufGet(&why));
      tileStrBufFree(&why);
      if (!ok)
        return false;
    }
  return true;
}

/* A flag that names no pass but an option of LLVM's own (its code
 * generation's, e.g. --x86-asm-syntax=intel for --emit=asm) goes to LLVM's
 * option parser, which mlir-opt hands every flag to. */
static void takeLLVMOptions(Options *o) {
  unsigned kept = 0;
  for (unsigned i = 0; i < o->numPasses; ++i) {
    PassFlag *pass = &o->passes[i];
    if (!namesLLVMOption(pass->name)) {
      o->passes[kept++] = *pass;
      continue;
    }
    TileStrBuf flag = TILE_STRBUF_INIT;
    tileStrBufPrintf(&flag, pass->hasValue ? "--%s=%s" : "--%s", pass->name,
                     pass->options);
    o->llvmFlags.items = tileReallocArray(
        o->llvmFlags.items, o->llvmFlags.count + 1, sizeof(char *));
    o->llvmFlags.items[o->llvmFlags.count++] = tileStrBufTake(&flag);
    free(pass->name);
  }
  o->numPasses = kept;
}

int main(int argc, char **argv) {
  /* The registries come first: a flag of no pass and none of tile-opt's
   * may be an option of LLVM's parser that takes the next word as its
   * value (--x86-asm-syntax intel), which the command line's reading has
   * to know. */
  tileRegisterUpstreamPasses();
  tileOptRegisterUpstreamTestPasses();
  tileOptRegisterDebugOptions();
  Options o = {0};
  int code = parseOptions(argc, argv, &o);
  if (code < 0)
    code = printInformation(&o);
  if (code >= 0) {
    freeOptions(&o);
    return code;
  }
  /* A crash (of MLIR's parser on some inputs, say) prints what mlir-opt's
   * does. */
  tileSignalsInstallCrashReport(argc, argv, flushLLVMOuts);
  if (!loadPlugins(&o)) {
    freeOptions(&o);
    return 1;
  }
  takeLLVMOptions(&o);
  const char **llvmArgs =
      tileMalloc((1 + o.llvmFlags.count) * sizeof *llvmArgs);
  llvmArgs[0] = argv[0];
  for (unsigned i = 0; i < o.llvmFlags.count; ++i)
    llvmArgs[1 + i] = o.llvmFlags.items[i];
  bool parsed = tileOptParseLLVMOptions((int)(1 + o.llvmFlags.count), llvmArgs);
  free(llvmArgs);
  if (!parsed) {
    freeOptions(&o);
    return 1;
  }
  tileRegisterBuiltinBackends();
  TileBackendContext *backend = NULL;
  if ((o.target || o.printPipeline) && !(backend = createBackendContext(&o)))
    code = 1;
  else if (o.printPipeline)
    tileBackendContextPrintPipeline(backend, printToStdout, NULL);
  else
    code = runOnInput(&o, backend);
  tileBackendContextDestroy(backend);
  freeOptions(&o);
  return code < 0 ? 0 : code;
}
