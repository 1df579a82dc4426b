/*===-- backend.c - Tests of the backend architecture C API ---------------===*\
|*                                                                            *|
|* tileRegisterBackend's validation of manifests, target and execution        *|
|* backend resolution by tileBackendContextCreate, a backend defined entirely *|
|* in this file (through the public API only) compiled with tileCompile, and  *|
|* tileCompile's error path.                                                  *|
\*===----------------------------------------------------------------------===*/

// RUN: rm -rf %t && mkdir -p %t
// The resolved targets name the host 'native': no chip forced (TILE_HOST_CPU).
// RUN: env -u TILE_HOST_CPU tile-capi-backend %t 2>&1 | FileCheck %s

#include "tile/tile.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/Diagnostics.h"
#include "mlir-c/IR.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void printToStderr(MlirStringRef str, void *userData) {
  (void)userData;
  fwrite(str.data, 1, str.length, stderr);
}

static const char *result(MlirLogicalResult r) {
  return mlirLogicalResultIsSuccess(r) ? "success" : "failure";
}

static MlirStringRef str(const char *s) {
  return mlirStringRefCreateFromCString(s);
}

/* A growing NUL-terminated string. */
typedef struct {
  char *data;
  size_t size;
} Text;

static void appendText(MlirStringRef s, void *userData) {
  Text *text = userData;
  char *grown = realloc(text->data, text->size + s.length + 1);
  if (!grown)
    abort();
  memcpy(grown + text->size, s.data, s.length);
  text->size += s.length;
  grown[text->size] = '\0';
  text->data = grown;
}

static const char *textGet(const Text *text) {
  return text->data ? text->data : "";
}

static void textFree(Text *text) {
  free(text->data);
  text->data = NULL;
  text->size = 0;
}

/* Error sink that collects every message (joined by " | ") and counts them. */
typedef struct {
  Text text;
  int count;
} Errors;

static void collectError(MlirStringRef message, void *userData) {
  Errors *errors = userData;
  if (errors->count++)
    appendText(str(" | "), &errors->text);
  appendText(message, &errors->text);
}

static TileErrorSink sinkOf(Errors *errors) {
  return (TileErrorSink){collectError, errors};
}

/* Prints "N error(s): messages" or "no errors". */
static void printErrors(Errors *errors) {
  if (errors->count == 0)
    fprintf(stderr, "no errors\n");
  else
    fprintf(stderr, "%d error%s: %s\n", errors->count,
            errors->count == 1 ? "" : "s", textGet(&errors->text));
  textFree(&errors->text);
  errors->count = 0;
}

static void printTarget(const char *label, const TileTarget *target) {
  fprintf(stderr, "%s ", label);
  tileTargetPrint(target, printToStderr, NULL);
}

static MlirLogicalResult printDiagnostic(MlirDiagnostic diagnostic,
                                         void *userData) {
  ++*(int *)userData;
  fprintf(stderr, "diagnostic: ");
  mlirLocationPrint(mlirDiagnosticGetLocation(diagnostic), printToStderr, NULL);
  fprintf(stderr, ": ");
  mlirDiagnosticPrint(diagnostic, printToStderr, NULL);
  fprintf(stderr, "\n");
  return mlirLogicalResultSuccess();
}

/* Probing a device loads its driver, and drivers may leak on purpose: Mesa's
 * lavapipe leaks a little memory in every vkEnumeratePhysicalDevices, from a
 * library the loader has unloaded again by the time LeakSanitizer looks.
 * Calls that probe devices run between these two, which turn leak checking
 * off for this thread when the test is built with a sanitizer. */
extern void __lsan_disable(void) __attribute__((weak));
extern void __lsan_enable(void) __attribute__((weak));

static void beginDeviceProbe(void) {
  if (__lsan_disable)
    __lsan_disable();
}

static void endDeviceProbe(void) {
  if (__lsan_enable)
    __lsan_enable();
}

/* Registers `m`; prints the outcome, whether the registry grew and the
 * reported messages, on one line. */
static void registerBackend(const TileBackendModule *m) {
  Errors errors = {{NULL, 0}, 0};
  intptr_t before = tileGetNumBackends();
  MlirLogicalResult r = tileRegisterBackend(m, sinkOf(&errors));
  fprintf(stderr, "register '%s': %s, added %d, ",
          m && m->name ? m->name : "(null)", result(r),
          (int)(tileGetNumBackends() - before));
  printErrors(&errors);
}

/* Resolves a context; prints what it holds, or the reported messages. */
static void resolve(const char *target, const char *host, const char *exec) {
  Errors errors = {{NULL, 0}, 0};
  TileBackendContext *ctx =
      tileBackendContextCreate(target, host, exec, sinkOf(&errors));
  fprintf(stderr, "'%s'", target ? target : "(null)");
  if (host)
    fprintf(stderr, " host '%s'", host);
  if (exec)
    fprintf(stderr, " exec '%s'", exec);
  fprintf(stderr, ": ");
  if (!ctx) {
    printErrors(&errors);
    return;
  }
  fprintf(stderr, "module %s, exec %s,", tileBackendContextGetModule(ctx)->name,
          tileBackendContextGetExecutionBackend(ctx)->name);
  printTarget(" target", tileBackendContextGetTarget(ctx));
  printTarget(", host", tileBackendContextGetHostTarget(ctx));
  fprintf(stderr, ", ");
  printErrors(&errors);
  tileBackendContextDestroy(ctx);
}

/*===--- pieces of test manifests -----------------------------------------===*/

/* Accepts any chip and any option; the default chip is "any". */
static MlirLogicalResult normalizeAny(TileTarget *t, TileErrorSink errors) {
  (void)errors;
  if (!t->chip[0])
    strcpy(t->chip, "any");
  return mlirLogicalResultSuccess();
}

static MlirLogicalResult noDeviceCode(const TileBackendContext *ctx,
                                      MlirOperation module, bool compile,
                                      TileArtifact *artifact) {
  (void)ctx;
  (void)module;
  (void)compile;
  tileArtifactSetDeviceFormat(artifact, "");
  return mlirLogicalResultSuccess();
}

static MlirLogicalResult noHostCode(const TileBackendContext *ctx,
                                    MlirOperation module,
                                    TileArtifact *artifact) {
  (void)ctx;
  (void)module;
  (void)artifact;
  return mlirLogicalResultSuccess();
}

static MlirLogicalResult noHook(const TileBackendContext *ctx,
                                MlirOperation module) {
  (void)ctx;
  (void)module;
  return mlirLogicalResultSuccess();
}

static MlirLogicalResult noTool(const TileBackendContext *ctx,
                                MlirStringRef input, TileArtifact *artifact,
                                TileErrorSink errors) {
  (void)ctx;
  (void)input;
  (void)artifact;
  (void)errors;
  return mlirLogicalResultSuccess();
}

static bool acceptAll(const TileTarget *t) {
  (void)t;
  return true;
}

/* Kept one manifest, or one table, to a line or two. */
// clang-format off
static const char *const regKinds[] = {"regkind"};
static const char *const regKinds2[] = {"regkind", "regkind2"};
static const char *const emptyKind[] = {"regkind", ""};
static const char *const nullKind[] = {NULL};
static const char *const twiceKinds[] = {"regkind", "regkind2", "regkind"};

static const TilePipelineEntry regPipelines[] = {{"regkind", "cpu.pipeline"}};
static const TilePipelineEntry regPipelines2[] = {
    {"regkind", "cpu.pipeline"}, {"regkind2", "cpu.pipeline"}};
static const TilePipelineEntry twoPipelines[] = {{"regkind", "cpu.pipeline"},
                                                 {"regkind", "cpu.pipeline"}};
static const TilePipelineEntry otherPipelines[] = {
    {"regkind", "cpu.pipeline"}, {"cpu", "cpu.pipeline"}};
static const TilePipelineEntry missingPipelineFile[] = {
    {"regkind", "no-such.pipeline"}};

static const TileDeviceCodegen regCodegens[] = {
    {"regkind", "none", noDeviceCode}};
static const TileDeviceCodegen regCodegens2[] = {
    {"regkind", "none", noDeviceCode}, {"regkind2", "none", noDeviceCode}};
static const TileDeviceCodegen twoCodegens[] = {
    {"regkind", "none", noDeviceCode}, {"regkind", "other", noDeviceCode}};
static const TileDeviceCodegen otherCodegens[] = {
    {"regkind", "none", noDeviceCode}, {"cuda", "ptx", noDeviceCode}};

static const TileHostCodegen regHostCodegens[] = {
    {"cpu", "none", noHostCode, NULL}};
static const TileHostCodegen missingHostPipeline[] = {
    {"cpu", "none", noHostCode, "no-such-host.pipeline"}};

static const TileHostCodegenHook otherHooks[] = {
    {"cpu", "mark-entries", noHook}};

static const TileExecutionBackendSpec regExec[] = {{.name = "run"}};
static const TileExecutionBackendSpec twiceExec[] = {
    {.name = "run"}, {.name = "aot"}, {.name = "run"}};
static const TileExecutionBackendSpec hostExec[] = {
    {.name = "run"}, {.name = "aot", .needsHostCodegen = true}};

static const TileToolchainCallback emptyCallbackName[] = {
    {"assemble", noTool}, {"", noTool}};

static const TileTargetAlias otherAlias[] = {{"regalias", "regkind"},
                                             {"gpu", "cuda"}};
static const TileTargetAlias aliasIsKind[] = {{"cpu", "regkind"}};
static const TileTargetAlias aliasOfOther[] = {{"nvptx", "regkind"}};
static const TileTargetAlias aliasTwice[] = {{"rk", "regkind"},
                                             {"rk", "regkind"}};
static const char *const aliasKind[] = {"host"};
static const char *const badKindName[] = {"my.kind"};
static const char *const autoKind[] = {"auto"};
static const TilePipelineEntry hostKindPipelines[] = {{"host", "cpu.pipeline"}};
static const TileDeviceCodegen hostKindCodegens[] = {
    {"host", "none", noDeviceCode}};
static const TilePipelineEntry myKindPipelines[] = {
    {"my.kind", "cpu.pipeline"}};
static const TileDeviceCodegen myKindCodegens[] = {
    {"my.kind", "none", noDeviceCode}};
static const TilePipelineEntry autoPipelines[] = {{"auto", "cpu.pipeline"}};
static const TileDeviceCodegen autoCodegens[] = {{"auto", "none", noDeviceCode}};
static const TileToolchainCallback callbackTwice[] = {{"assemble", noTool},
                                                      {"assemble", noTool}};
static const TileDeviceCodegen namelessCodegen[] = {
    {"regkind", "", noDeviceCode}};
static const TileHostCodegen incompleteHostCodegen[] = {
    {"cpu", "none", noHostCode, NULL}, {"cpu", "", NULL, NULL}};
/* The second is a repeat and names a missing file: the repeat is reported. */
static const TileHostCodegen twoHostCodegens[] = {
    {"cpu", "none", noHostCode, NULL},
    {"cpu", "other", noHostCode, "no-such-host.pipeline"}};
static const TileHostCodegenHook hookWithoutFunction[] = {
    {"regkind", "mark", NULL}};
static const TileHostCodegenHook hookTwice[] = {
    {"regkind", "mark", noHook}, {"regkind", "other", noHook},
    {"regkind", "mark", noHook}};
static const TileExecutionBackendSpec namelessExec[] = {{.name = "run"},
                                                        {.name = NULL}};

/* The fields of a valid one-kind manifest, in groups, so that each invalid
 * manifest below replaces exactly one group. */
#define REG_KINDS .targetKinds = regKinds, .numTargetKinds = 1
#define REG_NORMALIZE .normalizeTarget = normalizeAny
#define REG_PIPELINES .pipelines = regPipelines, .numPipelines = 1
#define REG_CODEGENS .deviceCodegens = regCodegens, .numDeviceCodegens = 1
#define REG_EXEC .executionBackends = regExec, .numExecutionBackends = 1

static const TileBackendModule emptyName = {
    .name = "", REG_KINDS, REG_NORMALIZE, REG_PIPELINES, REG_CODEGENS,
    REG_EXEC};
static const TileBackendModule nullName = {
    REG_KINDS, REG_NORMALIZE, REG_PIPELINES, REG_CODEGENS, REG_EXEC};
static const TileBackendModule noKinds = {
    .name = "no-kinds", .targetKinds = regKinds, .numTargetKinds = 0,
    REG_NORMALIZE, REG_PIPELINES, REG_CODEGENS, REG_EXEC};
static const TileBackendModule nullKinds = {
    .name = "null-kinds", .targetKinds = NULL, .numTargetKinds = 1,
    REG_NORMALIZE, REG_PIPELINES, REG_CODEGENS, REG_EXEC};
static const TileBackendModule anEmptyKind = {
    .name = "empty-kind", .targetKinds = emptyKind, .numTargetKinds = 2,
    REG_NORMALIZE, REG_PIPELINES, REG_CODEGENS, REG_EXEC};
static const TileBackendModule aNullKind = {
    .name = "null-kind", .targetKinds = nullKind, .numTargetKinds = 1,
    REG_NORMALIZE, REG_PIPELINES, REG_CODEGENS, REG_EXEC};
static const TileBackendModule kindTwice = {
    .name = "kind-twice", .targetKinds = twiceKinds, .numTargetKinds = 3,
    REG_NORMALIZE, REG_PIPELINES, REG_CODEGENS, REG_EXEC};
static const TileBackendModule noNormalizer = {
    .name = "no-normalizer", REG_KINDS, REG_PIPELINES, REG_CODEGENS,
    REG_EXEC};
static const TileBackendModule aliasNotOwned = {
    .name = "alias-not-owned", REG_KINDS, REG_NORMALIZE,
    .aliases = otherAlias, .numAliases = 2, REG_PIPELINES, REG_CODEGENS,
    REG_EXEC};
static const TileBackendModule aliasOfOtherKind = {
    .name = "alias-is-kind", REG_KINDS, REG_NORMALIZE,
    .aliases = aliasIsKind, .numAliases = 1, REG_PIPELINES, REG_CODEGENS,
    REG_EXEC};
static const TileBackendModule aliasOfOtherAlias = {
    .name = "alias-of-alias", REG_KINDS, REG_NORMALIZE,
    .aliases = aliasOfOther, .numAliases = 1, REG_PIPELINES, REG_CODEGENS,
    REG_EXEC};
static const TileBackendModule aliasListedTwice = {
    .name = "alias-twice", REG_KINDS, REG_NORMALIZE, .aliases = aliasTwice,
    .numAliases = 2, REG_PIPELINES, REG_CODEGENS, REG_EXEC};
static const TileBackendModule kindIsAlias = {
    .name = "kind-is-alias", .targetKinds = aliasKind, .numTargetKinds = 1,
    REG_NORMALIZE, .pipelines = hostKindPipelines, .numPipelines = 1,
    .deviceCodegens = hostKindCodegens, .numDeviceCodegens = 1, REG_EXEC};
static const TileBackendModule unparsableKind = {
    .name = "unparsable-kind", .targetKinds = badKindName,
    .numTargetKinds = 1, REG_NORMALIZE, .pipelines = myKindPipelines,
    .numPipelines = 1, .deviceCodegens = myKindCodegens,
    .numDeviceCodegens = 1, REG_EXEC};
static const TileBackendModule reservedKind = {
    .name = "reserved-kind", .targetKinds = autoKind, .numTargetKinds = 1,
    REG_NORMALIZE, .pipelines = autoPipelines, .numPipelines = 1,
    .deviceCodegens = autoCodegens, .numDeviceCodegens = 1, REG_EXEC};
static const TileBackendModule callbackListedTwice = {
    .name = "callback-twice", REG_KINDS, REG_NORMALIZE, REG_PIPELINES,
    REG_CODEGENS, REG_EXEC, .callbacks = callbackTwice, .numCallbacks = 2};
/* Two kinds, the second without a pipeline entry. */
static const TileBackendModule kindWithoutPipeline = {
    .name = "kind-without-pipeline", .targetKinds = regKinds2,
    .numTargetKinds = 2, REG_NORMALIZE, REG_PIPELINES,
    .deviceCodegens = regCodegens2, .numDeviceCodegens = 2, REG_EXEC};
static const TileBackendModule noPipelines = {
    .name = "no-pipelines", REG_KINDS, REG_NORMALIZE, REG_CODEGENS,
    REG_EXEC};
static const TileBackendModule pipelineTwice = {
    .name = "pipeline-twice", REG_KINDS, REG_NORMALIZE,
    .pipelines = twoPipelines, .numPipelines = 2, REG_CODEGENS, REG_EXEC};
static const TileBackendModule pipelineNotOwned = {
    .name = "pipeline-not-owned", REG_KINDS, REG_NORMALIZE,
    .pipelines = otherPipelines, .numPipelines = 2, REG_CODEGENS, REG_EXEC};
static const TileBackendModule kindWithoutCodegen = {
    .name = "kind-without-codegen", .targetKinds = regKinds2,
    .numTargetKinds = 2, REG_NORMALIZE, .pipelines = regPipelines2,
    .numPipelines = 2, REG_CODEGENS, REG_EXEC};
static const TileBackendModule codegenTwice = {
    .name = "codegen-twice", REG_KINDS, REG_NORMALIZE, REG_PIPELINES,
    .deviceCodegens = twoCodegens, .numDeviceCodegens = 2, REG_EXEC};
static const TileBackendModule codegenNotOwned = {
    .name = "codegen-not-owned", REG_KINDS, REG_NORMALIZE, REG_PIPELINES,
    .deviceCodegens = otherCodegens, .numDeviceCodegens = 2, REG_EXEC};
static const TileBackendModule pipelineFileMissing = {
    .name = "pipeline-file-missing", REG_KINDS, REG_NORMALIZE,
    .pipelines = missingPipelineFile, .numPipelines = 1, REG_CODEGENS,
    REG_EXEC};
static const TileBackendModule hostPipelineMissing = {
    .name = "host-pipeline-missing", REG_KINDS, REG_NORMALIZE, REG_PIPELINES,
    REG_CODEGENS, .hostCodegens = missingHostPipeline, .numHostCodegens = 1,
    REG_EXEC};
static const TileBackendModule hookNotOwned = {
    .name = "hook-not-owned", REG_KINDS, REG_NORMALIZE, REG_PIPELINES,
    REG_CODEGENS, .hostCodegenHooks = otherHooks, .numHostCodegenHooks = 1,
    REG_EXEC};
static const TileBackendModule noExec = {
    .name = "no-exec", REG_KINDS, REG_NORMALIZE, REG_PIPELINES, REG_CODEGENS};
static const TileBackendModule execTwice = {
    .name = "exec-twice", REG_KINDS, REG_NORMALIZE, REG_PIPELINES,
    REG_CODEGENS, .executionBackends = twiceExec, .numExecutionBackends = 3};
static const TileBackendModule execNeedsHost = {
    .name = "exec-needs-host", REG_KINDS, REG_NORMALIZE, REG_PIPELINES,
    REG_CODEGENS, .executionBackends = hostExec, .numExecutionBackends = 2};
static const TileBackendModule callbackWithoutName = {
    .name = "callback-without-name", REG_KINDS, REG_NORMALIZE, REG_PIPELINES,
    REG_CODEGENS, REG_EXEC, .callbacks = emptyCallbackName,
    .numCallbacks = 2};
static const TileBackendModule codegenWithoutName = {
    .name = "codegen-without-name", REG_KINDS, REG_NORMALIZE, REG_PIPELINES,
    .deviceCodegens = namelessCodegen, .numDeviceCodegens = 1, REG_EXEC};
static const TileBackendModule hostCodegenIncomplete = {
    .name = "host-codegen-incomplete", REG_KINDS, REG_NORMALIZE,
    REG_PIPELINES, REG_CODEGENS, .hostCodegens = incompleteHostCodegen,
    .numHostCodegens = 2, REG_EXEC};
static const TileBackendModule hostCodegenTwice = {
    .name = "host-codegen-twice", REG_KINDS, REG_NORMALIZE, REG_PIPELINES,
    REG_CODEGENS, .hostCodegens = twoHostCodegens, .numHostCodegens = 2,
    REG_EXEC};
static const TileBackendModule hookWithoutFn = {
    .name = "hook-without-function", REG_KINDS, REG_NORMALIZE, REG_PIPELINES,
    REG_CODEGENS, .hostCodegenHooks = hookWithoutFunction,
    .numHostCodegenHooks = 1, REG_EXEC};
static const TileBackendModule hookListedTwice = {
    .name = "hook-twice", REG_KINDS, REG_NORMALIZE, REG_PIPELINES,
    REG_CODEGENS, .hostCodegenHooks = hookTwice, .numHostCodegenHooks = 3,
    REG_EXEC};
static const TileBackendModule execWithoutName = {
    .name = "exec-without-name", REG_KINDS, REG_NORMALIZE, REG_PIPELINES,
    REG_CODEGENS, .executionBackends = namelessExec,
    .numExecutionBackends = 2};
static const TileBackendModule dialectFileMissing = {
    .name = "dialect-file-missing", REG_KINDS, REG_NORMALIZE, REG_PIPELINES,
    REG_CODEGENS, REG_EXEC, .dialectExtension = "no_such.irdl.mlir"};

/* Valid, with an alias, a host codegen and an embedded dialect file. */
static const TileBackendModule regOk = {
    .name = "reg-ok", REG_KINDS, REG_NORMALIZE,
    .aliases = otherAlias, .numAliases = 1, REG_PIPELINES, REG_CODEGENS,
    .hostCodegens = regHostCodegens, .numHostCodegens = 1, REG_EXEC,
    .dialectExtension = "tile.irdl.mlir"};
/* Another declaration under a registered name. */
static const TileBackendModule regOkAgain = {
    .name = "reg-ok", REG_KINDS, REG_NORMALIZE, REG_PIPELINES, REG_CODEGENS,
    REG_EXEC};
/* Shares reg-ok's kind; has a predicate, but reg-ok has none. */
static const TileBackendModule sharesKindOfRegOk = {
    .name = "reg-shares", REG_KINDS, REG_NORMALIZE, .supportsTarget = acceptAll,
    REG_PIPELINES, REG_CODEGENS, REG_EXEC};

// clang-format on

/*===--- registration -----------------------------------------------------===*/

static void testBuiltinBackends(void) {
  fprintf(stderr, "@testBuiltinBackends\n");
  // CHECK-LABEL: @testBuiltinBackends
  intptr_t n = tileGetNumBackends();
  for (intptr_t i = 0; i < n; ++i) {
    const TileBackendModule *m = tileGetBackend(i);
    fprintf(stderr, "backend %d: %s (find %s)\n", (int)i, m->name,
            tileFindBackend(m->name) == m ? "ok" : "WRONG");
  }
  // CHECK-NEXT: backend 0: cuda (find ok)
  // CHECK-NEXT: backend 1: rocm (find ok)
  // CHECK-NEXT: backend 2: vulkan (find ok)
  // CHECK-NEXT: backend 3: cpu (find ok)
  tileRegisterBuiltinBackends();
  fprintf(stderr, "again: %d backends\n", (int)tileGetNumBackends());
  // CHECK-NEXT: again: 4 backends
  fprintf(stderr, "out of range: %s %s, unknown: %s\n",
          tileGetBackend(-1) ? "WRONG" : "null",
          tileGetBackend(n) ? "WRONG" : "null",
          tileFindBackend("regkind") ? "WRONG" : "null");
  // CHECK-NEXT: out of range: null null, unknown: null
}

/* One manifest per rule, each valid except for one group of fields. */
static void testRegistrationRules(void) {
  fprintf(stderr, "@testRegistrationRules\n");
  // CHECK-LABEL: @testRegistrationRules
  registerBackend(NULL);
  // CHECK-NEXT: register '(null)': failure, added 0, 1 error: no backend to register
  registerBackend(&emptyName);
  // CHECK-NEXT: register '': failure, added 0, 1 error: backend has an empty name
  registerBackend(&nullName);
  // CHECK-NEXT: register '(null)': failure, added 0, 1 error: backend has an empty name
  registerBackend(&noKinds);
  // CHECK-NEXT: register 'no-kinds': failure, added 0, 1 error: backend 'no-kinds' owns no target kind
  registerBackend(&nullKinds);
  // CHECK-NEXT: register 'null-kinds': failure, added 0, 1 error: backend 'null-kinds' owns no target kind
  registerBackend(&anEmptyKind);
  // CHECK-NEXT: register 'empty-kind': failure, added 0, 1 error: backend 'empty-kind': target kind #1 is empty
  registerBackend(&aNullKind);
  // CHECK-NEXT: register 'null-kind': failure, added 0, 1 error: backend 'null-kind': target kind #0 is empty
  registerBackend(&kindTwice);
  // CHECK-NEXT: register 'kind-twice': failure, added 0, 1 error: backend 'kind-twice': target kind 'regkind' is listed twice
  registerBackend(&noNormalizer);
  // CHECK-NEXT: register 'no-normalizer': failure, added 0, 1 error: backend 'no-normalizer' has no target normaliser
  registerBackend(&aliasNotOwned);
  // CHECK-NEXT: register 'alias-not-owned': failure, added 0, 1 error: backend 'alias-not-owned': alias 'gpu' must name a target kind the backend owns
  registerBackend(&aliasOfOtherKind);
  // CHECK-NEXT: register 'alias-is-kind': failure, added 0, 1 error: backend 'alias-is-kind': alias 'cpu' is a target kind of backend 'cpu'
  registerBackend(&aliasOfOtherAlias);
  // CHECK-NEXT: register 'alias-of-alias': failure, added 0, 1 error: backend 'alias-of-alias': alias 'nvptx' is already an alias of backend 'cuda'
  registerBackend(&aliasListedTwice);
  // CHECK-NEXT: register 'alias-twice': failure, added 0, 1 error: backend 'alias-twice': alias 'rk' is listed twice
  registerBackend(&kindIsAlias);
  // CHECK-NEXT: register 'kind-is-alias': failure, added 0, 1 error: backend 'kind-is-alias': target kind 'host' is already an alias of backend 'cpu'
  registerBackend(&unparsableKind);
  // CHECK-NEXT: register 'unparsable-kind': failure, added 0, 1 error: backend 'unparsable-kind': target kind 'my.kind' is not a valid kind name (letters, digits, '_' and '-', at most 31 characters, not 'auto')
  registerBackend(&reservedKind);
  // CHECK-NEXT: register 'reserved-kind': failure, added 0, 1 error: backend 'reserved-kind': target kind 'auto' is not a valid kind name

  /* Pipelines: exactly one per owned kind, none for other kinds. */
  registerBackend(&kindWithoutPipeline);
  // CHECK-NEXT: register 'kind-without-pipeline': failure, added 0, 1 error: backend 'kind-without-pipeline': target kind 'regkind2' needs exactly one pipeline, has 0
  registerBackend(&noPipelines);
  // CHECK-NEXT: register 'no-pipelines': failure, added 0, 1 error: backend 'no-pipelines': target kind 'regkind' needs exactly one pipeline, has 0
  registerBackend(&pipelineTwice);
  // CHECK-NEXT: register 'pipeline-twice': failure, added 0, 1 error: backend 'pipeline-twice': target kind 'regkind' needs exactly one pipeline, has 2
  registerBackend(&pipelineNotOwned);
  // CHECK-NEXT: register 'pipeline-not-owned': failure, added 0, 1 error: backend 'pipeline-not-owned': pipeline entry for target kind 'cpu', which the backend does not own

  /* Device codegens: the same three rules. */
  registerBackend(&kindWithoutCodegen);
  // CHECK-NEXT: register 'kind-without-codegen': failure, added 0, 1 error: backend 'kind-without-codegen': target kind 'regkind2' needs exactly one device codegen, has 0
  registerBackend(&codegenTwice);
  // CHECK-NEXT: register 'codegen-twice': failure, added 0, 1 error: backend 'codegen-twice': target kind 'regkind' needs exactly one device codegen, has 2
  registerBackend(&codegenNotOwned);
  // CHECK-NEXT: register 'codegen-not-owned': failure, added 0, 1 error: backend 'codegen-not-owned': device codegen entry for target kind 'cuda', which the backend does not own
  registerBackend(&codegenWithoutName);
  // CHECK-NEXT: register 'codegen-without-name': failure, added 0, 1 error: backend 'codegen-without-name': device codegen for 'regkind' needs a name and a function

  /* Host codegens: complete, one per host kind. */
  registerBackend(&hostCodegenIncomplete);
  // CHECK-NEXT: register 'host-codegen-incomplete': failure, added 0, 1 error: backend 'host-codegen-incomplete': host codegen #1 needs a host kind, a name and a function
  registerBackend(&hostCodegenTwice);
  // CHECK-NEXT: register 'host-codegen-twice': failure, added 0, 1 error: backend 'host-codegen-twice': two host codegens for host kind 'cpu'

  /* Files the manifest names must be embedded in the library. */
  registerBackend(&pipelineFileMissing);
  // CHECK-NEXT: register 'pipeline-file-missing': failure, added 0, 1 error: backend 'pipeline-file-missing': pipeline file 'no-such.pipeline' does not exist
  registerBackend(&hostPipelineMissing);
  // CHECK-NEXT: register 'host-pipeline-missing': failure, added 0, 1 error: backend 'host-pipeline-missing': pipeline file 'no-such-host.pipeline' does not exist
  registerBackend(&dialectFileMissing);
  // CHECK-NEXT: register 'dialect-file-missing': failure, added 0, 1 error: backend 'dialect-file-missing': dialect file 'no_such.irdl.mlir' does not exist

  /* Hooks, execution backends and callbacks. */
  registerBackend(&hookNotOwned);
  // CHECK-NEXT: register 'hook-not-owned': failure, added 0, 1 error: backend 'hook-not-owned': host codegen hook 'mark-entries' is for target kind 'cpu', which the backend does not own
  registerBackend(&hookWithoutFn);
  // CHECK-NEXT: register 'hook-without-function': failure, added 0, 1 error: backend 'hook-without-function': host codegen hook #0 needs a name and a function
  registerBackend(&hookListedTwice);
  // CHECK-NEXT: register 'hook-twice': failure, added 0, 1 error: backend 'hook-twice': host codegen hook 'mark' is listed twice for 'regkind'
  registerBackend(&noExec);
  // CHECK-NEXT: register 'no-exec': failure, added 0, 1 error: backend 'no-exec' declares no execution backend
  registerBackend(&execTwice);
  // CHECK-NEXT: register 'exec-twice': failure, added 0, 1 error: backend 'exec-twice': execution backend 'run' is listed twice
  registerBackend(&execWithoutName);
  // CHECK-NEXT: register 'exec-without-name': failure, added 0, 1 error: backend 'exec-without-name': execution backend #1 has no name
  registerBackend(&execNeedsHost);
  // CHECK-NEXT: register 'exec-needs-host': failure, added 0, 1 error: backend 'exec-needs-host': execution backend 'aot' needs host codegen, but the backend declares none
  registerBackend(&callbackWithoutName);
  // CHECK-NEXT: register 'callback-without-name': failure, added 0, 1 error: backend 'callback-without-name': toolchain callback #1 needs a name and a function
  registerBackend(&callbackListedTwice);
  // CHECK-NEXT: register 'callback-twice': failure, added 0, 1 error: backend 'callback-twice': toolchain callback 'assemble' is listed twice

  /* None of them was published. */
  static const TileBackendModule *const invalid[] = {
      &noKinds,           &kindTwice,        &noNormalizer,
      &aliasNotOwned,     &pipelineNotOwned, &codegenTwice,
      &hookNotOwned,      &execNeedsHost,    &callbackWithoutName,
      &dialectFileMissing};
  int found = 0;
  for (size_t i = 0; i < sizeof(invalid) / sizeof(invalid[0]); ++i)
    found += tileFindBackend(invalid[i]->name) != NULL;
  fprintf(stderr, "backends: %d, invalid ones found by name: %d\n",
          (int)tileGetNumBackends(), found);
  // CHECK-NEXT: backends: 4, invalid ones found by name: 0
}

static void testRegisterOnce(void) {
  fprintf(stderr, "@testRegisterOnce\n");
  // CHECK-LABEL: @testRegisterOnce
  registerBackend(&regOk);
  // CHECK-NEXT: register 'reg-ok': success, added 1, no errors
  /* The same manifest again is a no-op. */
  registerBackend(&regOk);
  // CHECK-NEXT: register 'reg-ok': success, added 0, no errors
  /* Another manifest under the same name is an error, even a valid one. */
  registerBackend(&regOkAgain);
  // CHECK-NEXT: register 'reg-ok': failure, added 0, 1 error: backend 'reg-ok' is already registered with a different declaration
  fprintf(stderr, "find: %s\n",
          tileFindBackend("reg-ok") == &regOk ? "the first" : "WRONG");
  // CHECK-NEXT: find: the first
  /* A kind may be shared only when both modules have a predicate. */
  registerBackend(&sharesKindOfRegOk);
  // CHECK-NEXT: register 'reg-shares': failure, added 0, 1 error: backend 'reg-shares' and backend 'reg-ok' both own target kind 'regkind'; backends sharing a kind must all have a target predicate
  /* reg-ok's alias resolves to its kind. */
  resolve("regalias:x", NULL, NULL);
  // CHECK-NEXT: 'regalias:x': module reg-ok, exec run, target regkind:x, host cpu:native, no errors
}

/*===--- resolution -------------------------------------------------------===*/

static void testResolveExplicit(void) {
  fprintf(stderr, "@testResolveExplicit\n");
  // CHECK-LABEL: @testResolveExplicit
  /* Without an execution backend (or with "auto" or ""), the first
   * available one of the module's list; "aot" checks no driver, so the GPU
   * targets resolve with it on any machine. */
  resolve("cpu", NULL, "aot");
  // CHECK-NEXT: 'cpu' exec 'aot': module cpu, exec aot, target cpu:native, host cpu:native, no errors
  resolve("cpu", NULL, NULL);
  // CHECK-NEXT: 'cpu': module cpu, exec jit, target cpu:native, host cpu:native, no errors
  /* The jit runs only chips this machine has the features of; x86-64 is
   * every x86-64, and aot compiles for any chip. */
  resolve("cpu:x86-64,threads=4", NULL, "auto");
  // CHECK-NEXT: 'cpu:x86-64,threads=4' exec 'auto': module cpu, exec jit, target cpu:x86-64,threads=4, host cpu:native, no errors
  resolve("cpu:znver4,opt=1", "cpu:haswell", "aot");
  // CHECK-NEXT: 'cpu:znver4,opt=1' host 'cpu:haswell' exec 'aot': module cpu, exec aot, target cpu:znver4,opt=1, host cpu:haswell, no errors
  resolve("cuda:sm_90a", NULL, "aot");
  // CHECK-NEXT: 'cuda:sm_90a' exec 'aot': module cuda, exec aot, target cuda:sm_90a,features=+ptx83, host cpu:native, no errors
  resolve("cuda", NULL, "aot");
  // CHECK-NEXT: 'cuda' exec 'aot': module cuda, exec aot, target cuda:sm_80,features=+ptx80, host cpu:native, no errors
  resolve("cuda:sm_80,features=+ptx83,opt=2", NULL, "aot");
  // CHECK-NEXT: 'cuda:sm_80,features=+ptx83,opt=2' exec 'aot': module cuda, exec aot, target cuda:sm_80,features=+ptx83,opt=2, host cpu:native, no errors
  resolve("rocm:gfx942", NULL, "aot");
  // CHECK-NEXT: 'rocm:gfx942' exec 'aot': module rocm, exec aot, target rocm:gfx942, host cpu:native, no errors
  resolve("rocm", NULL, "aot");
  // CHECK-NEXT: 'rocm' exec 'aot': module rocm, exec aot, target rocm:gfx942, host cpu:native, no errors
  resolve("vulkan:v1.3", NULL, "aot");
  // CHECK-NEXT: 'vulkan:v1.3' exec 'aot': module vulkan, exec aot, target vulkan:v1.3,spirv=v1.{{[0-9]}}, host cpu:native, no errors
  resolve("vulkan", NULL, "aot");
  // CHECK-NEXT: 'vulkan' exec 'aot': module vulkan, exec aot, target vulkan:v1.1,spirv=v1.{{[0-9]}}, host cpu:native, no errors
  /* Surrounding blanks do not count. */
  resolve("  cpu:skylake  ", NULL, "aot");
  // CHECK-NEXT: '  cpu:skylake  ' exec 'aot': module cpu, exec aot, target cpu:skylake, host cpu:native, no errors
}

static void testResolveAliases(void) {
  fprintf(stderr, "@testResolveAliases\n");
  // CHECK-LABEL: @testResolveAliases
  resolve("nvptx:sm_90", NULL, "aot");
  // CHECK-NEXT: 'nvptx:sm_90' exec 'aot': module cuda, exec aot, target cuda:sm_90,features=+ptx80, host cpu:native, no errors
  resolve("hip:gfx90a", NULL, "aot");
  // CHECK-NEXT: 'hip:gfx90a' exec 'aot': module rocm, exec aot, target rocm:gfx90a, host cpu:native, no errors
  resolve("amdgpu", NULL, "aot");
  // CHECK-NEXT: 'amdgpu' exec 'aot': module rocm, exec aot, target rocm:gfx942, host cpu:native, no errors
  resolve("spirv:v1.2", NULL, "aot");
  // CHECK-NEXT: 'spirv:v1.2' exec 'aot': module vulkan, exec aot, target vulkan:v1.2,spirv=v1.{{[0-9]}}, host cpu:native, no errors
  resolve("llvm", NULL, "aot");
  // CHECK-NEXT: 'llvm' exec 'aot': module cpu, exec aot, target cpu:native, host cpu:native, no errors
  resolve("host:x86-64,threads=2", "llvm:x86-64-v2", "aot");
  // CHECK-NEXT: 'host:x86-64,threads=2' host 'llvm:x86-64-v2' exec 'aot': module cpu, exec aot, target cpu:x86-64,threads=2, host cpu:x86-64-v2, no errors
}

/* True when the cuda or rocm backend detects a device on this machine. */
static bool gpuDetected(void) {
  static const char *const names[] = {"cuda", "rocm"};
  for (size_t i = 0; i < 2; ++i) {
    const TileBackendModule *m = tileFindBackend(names[i]);
    TileTarget t;
    memset(&t, 0, sizeof(t));
    if (m && m->detectTarget && m->detectTarget(&t))
      return true;
  }
  return false;
}

/* `auto` (or no target at all) asks the detectors in registration order.
 * Without a CUDA or ROCm device it must pick cpu: a CPU Vulkan device such
 * as lavapipe is no reason to choose vulkan. */
static void testResolveAuto(void) {
  fprintf(stderr, "@testResolveAuto\n");
  // CHECK-LABEL: @testResolveAuto
  static const char *const texts[] = {"auto", NULL, ""};
  beginDeviceProbe();
  bool gpu = gpuDetected();
  endDeviceProbe();
  for (size_t i = 0; i < 3; ++i) {
    Errors errors = {{NULL, 0}, 0};
    beginDeviceProbe();
    TileBackendContext *ctx =
        tileBackendContextCreate(texts[i], NULL, "aot", sinkOf(&errors));
    endDeviceProbe();
    fprintf(stderr, "auto %d: ", (int)i);
    if (!ctx) {
      printErrors(&errors);
      continue;
    }
    const char *name = tileBackendContextGetModule(ctx)->name;
    if (gpu) {
      fprintf(stderr, "%s (a GPU is present)\n", name);
    } else {
      fprintf(stderr, "%s", name);
      printTarget(",", tileBackendContextGetTarget(ctx));
      fprintf(stderr, "\n");
    }
    textFree(&errors.text);
    tileBackendContextDestroy(ctx);
  }
  // CHECK-NEXT: auto 0: {{cpu, cpu:native$|(cuda|rocm) \(a GPU is present\)$}}
  // CHECK-NEXT: auto 1: {{cpu, cpu:native$|(cuda|rocm) \(a GPU is present\)$}}
  // CHECK-NEXT: auto 2: {{cpu, cpu:native$|(cuda|rocm) \(a GPU is present\)$}}
}

static void testResolveErrors(void) {
  fprintf(stderr, "@testResolveErrors\n");
  // CHECK-LABEL: @testResolveErrors
  /* Unknown kinds list every kind and alias of the registry. */
  resolve("tpu:v5", NULL, NULL);
  // CHECK-NEXT: 'tpu:v5': 1 error: unknown target kind 'tpu' in 'tpu:v5' (valid: cuda, rocm, vulkan, cpu, regkind, nvptx (cuda), hip (rocm), amdgpu (rocm), spirv (vulkan), llvm (cpu), host (cpu), regalias (regkind), auto)
  resolve("CPU", NULL, NULL);
  // CHECK-NEXT: 'CPU': 1 error: unknown target kind 'CPU' in 'CPU' (valid: {{.*}}, auto)
  /* Unknown chips: the owning backend lists its chips. */
  resolve("cuda:sm_100", NULL, "aot");
  // CHECK-NEXT: 'cuda:sm_100' exec 'aot': 1 error: invalid target 'cuda:sm_100': unknown cuda chip 'sm_100' (valid: sm_75, sm_80, sm_86, sm_87, sm_89, sm_90, sm_90a)
  resolve("rocm:gfx1030", NULL, "aot");
  // CHECK-NEXT: 'rocm:gfx1030' exec 'aot': 1 error: invalid target 'rocm:gfx1030': unknown rocm chip 'gfx1030' (valid: gfx908, gfx90a, gfx942, gfx950, gfx1100, gfx1201)
  resolve("vulkan:v1.4", NULL, "aot");
  // CHECK-NEXT: 'vulkan:v1.4' exec 'aot': 1 error: invalid target 'vulkan:v1.4': unknown vulkan version 'v1.4' (valid: v1.1, v1.2, v1.3)
  resolve("cpu:pentium", NULL, NULL);
  // CHECK-NEXT: 'cpu:pentium': 1 error: invalid target 'cpu:pentium': unknown cpu 'pentium' (valid: {{.*}})
  resolve("nvptx:sm_60", NULL, "aot");
  // CHECK-NEXT: 'nvptx:sm_60' exec 'aot': 1 error: invalid target 'nvptx:sm_60': unknown cuda chip 'sm_60' (valid: {{.*}})
  /* Malformed text. */
  resolve("cuda:", NULL, NULL);
  // CHECK-NEXT: 'cuda:': 1 error: invalid target 'cuda:': empty chip after 'cuda:'
  resolve(":sm_80", NULL, NULL);
  // CHECK-NEXT: ':sm_80': 1 error: invalid target ':sm_80': empty target kind in ':sm_80'
  resolve("   ", NULL, NULL);
  // CHECK-NEXT: '   ': 1 error: invalid target '   ': empty target kind in '   '
  resolve(",opt=1", NULL, NULL);
  // CHECK-NEXT: ',opt=1': 1 error: invalid target ',opt=1': empty target kind in ',opt=1'
  resolve("cu da", NULL, NULL);
  // CHECK-NEXT: 'cu da': 1 error: invalid target 'cu da': invalid target kind 'cu da'
  resolve("cpu,opt=7", NULL, NULL);
  // CHECK-NEXT: 'cpu,opt=7': 1 error: invalid target 'cpu,opt=7': target option opt=7 must be 0, 1, 2 or 3
  resolve("cpu,opt", NULL, NULL);
  // CHECK-NEXT: 'cpu,opt': 1 error: invalid target 'cpu,opt': target option 'opt' is not of the form key=value
  resolve("cpu,", NULL, NULL);
  // CHECK-NEXT: 'cpu,': 1 error: invalid target 'cpu,': empty target option in 'cpu,'
  resolve("cpu,,threads=2", NULL, NULL);
  // CHECK-NEXT: 'cpu,,threads=2': 1 error: invalid target 'cpu,,threads=2': empty target option in 'cpu,,threads=2'
  resolve("cpu,threads=1,threads=2", NULL, NULL);
  // CHECK-NEXT: 'cpu,threads=1,threads=2': 1 error: invalid target 'cpu,threads=1,threads=2': target option 'threads' is given twice
  /* Options the owning backend rejects. */
  resolve("cpu,threads=0", NULL, NULL);
  // CHECK-NEXT: 'cpu,threads=0': 1 error: invalid target 'cpu,threads=0': cpu option threads=0 must be an integer in [1, 4096]
  resolve("cpu,threads=many", NULL, NULL);
  // CHECK-NEXT: 'cpu,threads=many': 1 error: invalid target 'cpu,threads=many': cpu option threads=many must be an integer in [1, 4096]
  resolve("cpu,bogus=1", NULL, NULL);
  // CHECK-NEXT: 'cpu,bogus=1': 1 error: invalid target 'cpu,bogus=1': unknown cpu target option 'bogus' (valid: threads)
  resolve("cuda:sm_80,threads=4", NULL, "aot");
  // CHECK-NEXT: 'cuda:sm_80,threads=4' exec 'aot': 1 error: invalid target 'cuda:sm_80,threads=4': unknown cuda target option 'threads' (valid: features, opt)
  /* The host target is resolved the same way. */
  resolve("cpu", "cpu:pentium", NULL);
  // CHECK-NEXT: 'cpu' host 'cpu:pentium': 1 error: invalid target 'cpu:pentium': unknown cpu 'pentium' (valid: {{.*}})
  resolve("cpu", "arm", NULL);
  // CHECK-NEXT: 'cpu' host 'arm': 1 error: unknown target kind 'arm' in 'arm' (valid: {{.*}})
  /* A host target kind the backend has no host codegen for. */
  resolve("cpu", "rocm", "aot");
  // CHECK-NEXT: 'cpu' host 'rocm' exec 'aot': 1 error: backend 'cpu' has no host codegen for host target kind 'rocm'
}

static void testResolveExecution(void) {
  fprintf(stderr, "@testResolveExecution\n");
  // CHECK-LABEL: @testResolveExecution
  /* A name the module does not have lists the ones it has. */
  resolve("cpu", NULL, "nvrtc");
  // CHECK-NEXT: 'cpu' exec 'nvrtc': 1 error: backend 'cpu' has no execution backend 'nvrtc' (it has: jit, aot)
  resolve("cuda:sm_90", NULL, "JIT");
  // CHECK-NEXT: 'cuda:sm_90' exec 'JIT': 1 error: backend 'cuda' has no execution backend 'JIT' (it has: jit, aot)
  /* jit needs the device's driver: either it is there, or the message says
   * why not. */
  static const char *const gpus[] = {"cuda", "rocm", "vulkan"};
  for (size_t i = 0; i < 3; ++i) {
    Errors errors = {{NULL, 0}, 0};
    beginDeviceProbe();
    TileBackendContext *ctx =
        tileBackendContextCreate(gpus[i], NULL, "jit", sinkOf(&errors));
    endDeviceProbe();
    fprintf(stderr, "%s jit: ", gpus[i]);
    if (ctx) {
      fprintf(stderr, "available, exec %s\n",
              tileBackendContextGetExecutionBackend(ctx)->name);
      textFree(&errors.text);
      tileBackendContextDestroy(ctx);
    } else {
      printErrors(&errors);
    }
  }
  // CHECK-NEXT: cuda jit: {{available, exec jit$|1 error: no execution backend of 'cuda' is available here \(jit: the CUDA driver .+\)$}}
  // CHECK-NEXT: rocm jit: {{available, exec jit$|1 error: no execution backend of 'rocm' is available here \(jit: (the HIP runtime|no AMD GPU).+\)$}}
  // CHECK-NEXT: vulkan jit: {{available, exec jit$|1 error: no execution backend of 'vulkan' is available here \(jit: the Vulkan loader .+\)$}}
  /* With auto, a GPU backend whose jit is unavailable falls back to aot. */
  beginDeviceProbe();
  resolve("cuda:sm_75", NULL, "auto");
  endDeviceProbe();
  // CHECK-NEXT: 'cuda:sm_75' exec 'auto': module cuda, exec {{jit|aot}}, target cuda:sm_75,features=+ptx80, host cpu:native, no errors
}

/*===--- backends sharing a kind ------------------------------------------===*/

/* Chips of "testkind": a, b, both, none; the default is a. */
static MlirLogicalResult normalizeShared(const char *who, TileTarget *t,
                                         TileErrorSink errors) {
  if (!t->chip[0])
    strcpy(t->chip, "a");
  static const char *const chips[] = {"a", "b", "both", "none"};
  for (size_t i = 0; i < 4; ++i)
    if (strcmp(t->chip, chips[i]) == 0)
      return mlirLogicalResultSuccess();
  char message[160];
  snprintf(message, sizeof(message), "%s: unknown testkind chip '%s'", who,
           t->chip);
  errors.callback(str(message), errors.userData);
  return mlirLogicalResultFailure();
}
static MlirLogicalResult normalizeSharedA(TileTarget *t, TileErrorSink e) {
  return normalizeShared("share-a", t, e);
}
static MlirLogicalResult normalizeSharedB(TileTarget *t, TileErrorSink e) {
  return normalizeShared("share-b", t, e);
}
static bool acceptsA(const TileTarget *t) {
  return !strcmp(t->chip, "a") || !strcmp(t->chip, "both");
}
static bool acceptsB(const TileTarget *t) {
  return !strcmp(t->chip, "b") || !strcmp(t->chip, "both");
}

// clang-format off
static const char *const sharedKinds[] = {"testkind"};
static const TilePipelineEntry sharedPipelines[] = {
    {"testkind", "cpu.pipeline"}};
static const TileDeviceCodegen sharedCodegens[] = {
    {"testkind", "none", noDeviceCode}};
static const TileExecutionBackendSpec sharedExecA[] = {{.name = "run-a"}};
static const TileExecutionBackendSpec sharedExecB[] = {{.name = "run-b"}};

#define SHARED_FIELDS                                                          \
  .targetKinds = sharedKinds, .numTargetKinds = 1,                             \
  .pipelines = sharedPipelines, .numPipelines = 1,                             \
  .deviceCodegens = sharedCodegens, .numDeviceCodegens = 1

static const TileBackendModule shareA = {
    .name = "share-a", SHARED_FIELDS, .supportsTarget = acceptsA,
    .normalizeTarget = normalizeSharedA, .executionBackends = sharedExecA,
    .numExecutionBackends = 1};
static const TileBackendModule shareB = {
    .name = "share-b", SHARED_FIELDS, .supportsTarget = acceptsB,
    .normalizeTarget = normalizeSharedB, .executionBackends = sharedExecB,
    .numExecutionBackends = 1};
/* No predicate: may not join share-a and share-b. */
static const TileBackendModule shareC = {
    .name = "share-c", SHARED_FIELDS, .normalizeTarget = normalizeSharedA,
    .executionBackends = sharedExecA, .numExecutionBackends = 1};

// clang-format on

static void testSharedKind(void) {
  fprintf(stderr, "@testSharedKind\n");
  // CHECK-LABEL: @testSharedKind
  registerBackend(&shareA);
  // CHECK-NEXT: register 'share-a': success, added 1, no errors
  registerBackend(&shareB);
  // CHECK-NEXT: register 'share-b': success, added 1, no errors
  registerBackend(&shareC);
  // CHECK-NEXT: register 'share-c': failure, added 0, 1 error: backend 'share-c' and backend 'share-a' both own target kind 'testkind'; backends sharing a kind must all have a target predicate
  /* The predicates split the chips... */
  resolve("testkind:a", NULL, NULL);
  // CHECK-NEXT: 'testkind:a': module share-a, exec run-a, target testkind:a, host cpu:native, no errors
  resolve("testkind:b", NULL, NULL);
  // CHECK-NEXT: 'testkind:b': module share-b, exec run-b, target testkind:b, host cpu:native, no errors
  /* ...after normalisation, which fills the default chip. */
  resolve("testkind", NULL, NULL);
  // CHECK-NEXT: 'testkind': module share-a, exec run-a, target testkind:a, host cpu:native, no errors
  /* The execution backend is one of the chosen module. */
  resolve("testkind:b", NULL, "run-a");
  // CHECK-NEXT: 'testkind:b' exec 'run-a': 1 error: backend 'share-b' has no execution backend 'run-a' (it has: run-b)
  /* Both accept: ambiguous. */
  resolve("testkind:both", NULL, NULL);
  // CHECK-NEXT: 'testkind:both': 1 error: target 'testkind:both' is ambiguous: backends 'share-a' and 'share-b' both accept it
  /* Neither accepts. */
  resolve("testkind:none", NULL, NULL);
  // CHECK-NEXT: 'testkind:none': 1 error: no backend accepts target 'testkind:none'
  /* Neither normaliser accepts: both say why. */
  resolve("testkind:c", NULL, NULL);
  // CHECK-NEXT: 'testkind:c': 1 error: invalid target 'testkind:c': share-a: unknown testkind chip 'c'; share-b: unknown testkind chip 'c'
}

/*===--- a backend defined by this test -----------------------------------===*/

/* testcpu[:x86-64|x86-64-v3][,mode=M]: runs the cpu pipeline, then codegens
 * of its own. Its chips are cpu chips: the cpu pipeline's passes take the
 * target's chip as theirs and refuse a name they do not know. */
static MlirLogicalResult normalizeTestCpu(TileTarget *t, TileErrorSink errors) {
  if (!t->chip[0])
    strcpy(t->chip, "x86-64");
  if (strcmp(t->chip, "x86-64") != 0 && strcmp(t->chip, "x86-64-v3") != 0) {
    char message[160];
    snprintf(message, sizeof(message),
             "unknown testcpu chip '%s' (valid: x86-64, x86-64-v3)", t->chip);
    errors.callback(str(message), errors.userData);
    return mlirLogicalResultFailure();
  }
  for (unsigned i = 0; i < t->numOptions; ++i)
    if (strcmp(t->options[i].key, "mode") != 0) {
      char message[160];
      snprintf(message, sizeof(message),
               "unknown testcpu target option '%s' (valid: mode)",
               t->options[i].key);
      errors.callback(str(message), errors.userData);
      return mlirLogicalResultFailure();
    }
  return mlirLogicalResultSuccess();
}

static MlirWalkResult countFuncs(MlirOperation op, void *userData) {
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
  if (mlirStringRefEqual(name, str("llvm.func")))
    ++*(int *)userData;
  return MlirWalkResultAdvance;
}

static MlirLogicalResult testDeviceCodegen(const TileBackendContext *ctx,
                                           MlirOperation module, bool compile,
                                           TileArtifact *artifact) {
  Text text = {NULL, 0};
  appendText(str("testcpu device code for "), &text);
  tileTargetPrint(tileBackendContextGetTarget(ctx), appendText, &text);
  const char *mode =
      tileTargetGetOption(tileBackendContextGetTarget(ctx), "mode");
  int funcs = 0;
  mlirOperationWalk(module, countFuncs, &funcs, MlirWalkPreOrder);
  char tail[96];
  snprintf(tail, sizeof(tail), " (compiled: %s, mode: %s, llvm.func ops: %d)",
           compile ? "yes" : "no", mode ? mode : "default", funcs);
  appendText(str(tail), &text);
  tileArtifactSetPart(artifact, "test-device",
                      mlirStringRefCreate(text.data, text.size));
  tileArtifactSetDeviceFormat(artifact, "test-device");
  textFree(&text);
  return mlirLogicalResultSuccess();
}

static MlirLogicalResult testHostCodegen(const TileBackendContext *ctx,
                                         MlirOperation module,
                                         TileArtifact *artifact) {
  (void)ctx;
  Text text = {NULL, 0};
  mlirOperationPrint(module, appendText, &text);
  tileArtifactSetPart(artifact, "test-host",
                      mlirStringRefCreate(textGet(&text), text.size));
  textFree(&text);
  return mlirLogicalResultSuccess();
}

/* Marks the host module, to show the hook runs before host codegen. */
static MlirLogicalResult testHostHook(const TileBackendContext *ctx,
                                      MlirOperation module) {
  (void)ctx;
  MlirContext context = mlirOperationGetContext(module);
  mlirOperationSetAttributeByName(module, str("test.hooked"),
                                  mlirUnitAttrGet(context));
  return mlirLogicalResultSuccess();
}

static MlirLogicalResult echo(const TileBackendContext *ctx,
                              MlirStringRef input, TileArtifact *artifact,
                              TileErrorSink errors) {
  (void)ctx;
  if (input.length == 0) {
    errors.callback(str("echo: nothing to echo"), errors.userData);
    return mlirLogicalResultFailure();
  }
  tileArtifactSetPart(artifact, "echo", input);
  return mlirLogicalResultSuccess();
}

static bool simAvailable(const TileTarget *target, TileErrorSink why) {
  (void)target;
  why.callback(str("the test simulator is switched off"), why.userData);
  return false;
}

static bool baselineOnly(const TileTarget *target) {
  return strcmp(target->chip, "x86-64") == 0;
}

static const char *const testCpuKinds[] = {"testcpu"};
static const TileTargetAlias testCpuAliases[] = {{"tcpu", "testcpu"}};
static const TilePipelineEntry testCpuPipelines[] = {
    {"testcpu", "cpu.pipeline"}};
static const TileDeviceCodegen testCpuDeviceCodegens[] = {
    {"testcpu", "test-device", testDeviceCodegen}};
static const TileHostCodegen testCpuHostCodegens[] = {
    {"cpu", "test-host", testHostCodegen, NULL}};
static const TileHostCodegenHook testCpuHooks[] = {
    {"testcpu", "mark", testHostHook}};
static const TileExecutionBackendSpec testCpuExec[] = {
    {.name = "aot",
     .needsHostCodegen = true,
     .needsEagerDeviceCompile = true,
     .runtimeLibrary = "tile_rt_test"},
    {.name = "dry", .supportsTarget = baselineOnly},
    {.name = "sim", .isAvailable = simAvailable},
};
static const TileToolchainCallback testCpuCallbacks[] = {{"echo", echo}};

static const TileBackendModule testCpu = {
    .name = "testcpu",
    .targetKinds = testCpuKinds,
    .numTargetKinds = 1,
    .aliases = testCpuAliases,
    .numAliases = 1,
    .normalizeTarget = normalizeTestCpu,
    .chips = "x86-64, x86-64-v3",
    .pipelines = testCpuPipelines,
    .numPipelines = 1,
    .deviceCodegens = testCpuDeviceCodegens,
    .numDeviceCodegens = 1,
    .hostCodegens = testCpuHostCodegens,
    .numHostCodegens = 1,
    .hostCodegenHooks = testCpuHooks,
    .numHostCodegenHooks = 1,
    .executionBackends = testCpuExec,
    .numExecutionBackends = 3,
    .callbacks = testCpuCallbacks,
    .numCallbacks = 1,
};

/* A backend whose target gives the vulkan pipeline a SPIR-V version no
 * pass takes. spirv-attach-target, which cannot parse it, fails without a
 * word (the stage said only that it failed); the first tile pass that takes
 * the version refuses it, in words. */
static MlirLogicalResult normalizeSilent(TileTarget *t, TileErrorSink errors) {
  (void)errors;
  strcpy(t->chip, "v1.1");
  t->numOptions = 1;
  strcpy(t->options[0].key, "spirv");
  strcpy(t->options[0].value, "bogus");
  return mlirLogicalResultSuccess();
}

static const char *const silentKinds[] = {"silentvk"};
static const TilePipelineEntry silentPipelines[] = {
    {"silentvk", "vulkan.pipeline"}};
static const TileDeviceCodegen silentDeviceCodegens[] = {
    {"silentvk", "test-device", testDeviceCodegen}};
static const TileExecutionBackendSpec silentExec[] = {{.name = "dry"}};

static const TileBackendModule silentBackend = {
    .name = "silentvk",
    .targetKinds = silentKinds,
    .numTargetKinds = 1,
    .normalizeTarget = normalizeSilent,
    .chips = "v1.1",
    .pipelines = silentPipelines,
    .numPipelines = 1,
    .deviceCodegens = silentDeviceCodegens,
    .numDeviceCodegens = 1,
    .executionBackends = silentExec,
    .numExecutionBackends = 1,
};

static const char kernelModule[] =
    "func.func @scale(%m: memref<16xf32>) {\n"
    "  %c1 = arith.constant 1 : index\n"
    "  scf.forall (%b) in (%c1) {\n"
    "    scf.forall (%i) in (16) {\n"
    "      %x = memref.load %m[%i] : memref<16xf32>\n"
    "      %y = arith.addf %x, %x : f32\n"
    "      memref.store %y, %m[%i] : memref<16xf32>\n"
    "    }\n"
    "  } {mapping = [#gpu.block<x>], tile.threads = 16 : i64}\n"
    "  return\n"
    "}\n";

static MlirContext createTileContext(void) {
  MlirContext ctx = mlirContextCreate();
  if (mlirLogicalResultIsFailure(tileContextLoadDialects(ctx)) ||
      mlirLogicalResultIsFailure(tileContextLoadBackendDialects(ctx))) {
    fprintf(stderr, "FAILED to load the tile dialects\n");
    exit(1);
  }
  return ctx;
}

static void printArtifact(const TileArtifact *a) {
  fprintf(stderr, "device format: '%s', runtime library: %s\n",
          tileArtifactGetDeviceFormat(a),
          tileArtifactGetRuntimeLibrary(a) ? tileArtifactGetRuntimeLibrary(a)
                                           : "(none)");
  fprintf(stderr, "parts:");
  for (intptr_t i = 0; i < tileArtifactGetNumParts(a); ++i)
    fprintf(stderr, " %s", tileArtifactGetPartName(a, i));
  fprintf(stderr, "\n");
  MlirStringRef device = tileArtifactGetPart(a, "test-device");
  if (device.data)
    fprintf(stderr, "test-device: %.*s\n", (int)device.length, device.data);
  fprintf(stderr, "kernels: %d\n", (int)tileArtifactGetNumKernels(a));
  for (intptr_t i = 0; i < tileArtifactGetNumEntries(a); ++i) {
    const TileEntryInfo *e = tileArtifactGetEntry(a, i);
    fprintf(stderr, "entry %s(", e->name);
    for (unsigned j = 0; j < e->numArgs; ++j)
      fprintf(stderr, "%s%s", j ? ", " : "", e->argTypes[j]);
    fprintf(stderr, ")\n");
  }
}

/* Compiles kernelModule for a context made from the arguments. */
static void compileWith(const char *target, const char *exec,
                        const char *wanted) {
  Errors errors = {{NULL, 0}, 0};
  TileBackendContext *ctx =
      tileBackendContextCreate(target, NULL, exec, sinkOf(&errors));
  if (!ctx) {
    fprintf(stderr, "FAILED: ");
    printErrors(&errors);
    return;
  }
  MlirContext context = createTileContext();
  int diagnostics = 0;
  MlirDiagnosticHandlerID id = mlirContextAttachDiagnosticHandler(
      context, printDiagnostic, &diagnostics, NULL);
  MlirModule m = mlirModuleCreateParse(context, str(kernelModule));
  TileArtifact *a = tileCompile(ctx, mlirModuleGetOperation(m), wanted);
  fprintf(stderr, "compile '%s' exec '%s' wanted '%s': %s, diagnostics %d\n",
          target, exec, wanted ? wanted : "(null)", a ? "artifact" : "NULL",
          diagnostics);
  if (a) {
    printArtifact(a);
    MlirOperation host = tileArtifactGetHostModule(a);
    fprintf(stderr, "host module: %s, hooked: %d\n",
            mlirOperationIsNull(host) ? "none" : "present",
            !mlirOperationIsNull(host) &&
                !mlirAttributeIsNull(
                    mlirOperationGetAttributeByName(host, str("test.hooked"))));
    tileArtifactDestroy(a);
  }
  mlirModuleDestroy(m);
  mlirContextDetachDiagnosticHandler(context, id);
  mlirContextDestroy(context);
  textFree(&errors.text);
  tileBackendContextDestroy(ctx);
}

static void testOwnBackend(void) {
  fprintf(stderr, "@testOwnBackend\n");
  // CHECK-LABEL: @testOwnBackend
  registerBackend(&testCpu);
  // CHECK-NEXT: register 'testcpu': success, added 1, no errors
  resolve("testcpu", NULL, NULL);
  // CHECK-NEXT: 'testcpu': module testcpu, exec aot, target testcpu:x86-64, host cpu:native, no errors
  resolve("tcpu:x86-64-v3,mode=quick,opt=0", NULL, "aot");
  // CHECK-NEXT: 'tcpu:x86-64-v3,mode=quick,opt=0' exec 'aot': module testcpu, exec aot, target testcpu:x86-64-v3,opt=0,mode=quick, host cpu:native, no errors
  resolve("testcpu:slow", NULL, NULL);
  // CHECK-NEXT: 'testcpu:slow': 1 error: invalid target 'testcpu:slow': unknown testcpu chip 'slow' (valid: x86-64, x86-64-v3)
  resolve("testcpu,speed=1", NULL, NULL);
  // CHECK-NEXT: 'testcpu,speed=1': 1 error: invalid target 'testcpu,speed=1': unknown testcpu target option 'speed' (valid: mode)
  /* An execution backend that explains why it is unavailable. */
  resolve("testcpu", NULL, "sim");
  // CHECK-NEXT: 'testcpu' exec 'sim': 1 error: no execution backend of 'testcpu' is available here (sim: the test simulator is switched off)
  /* One that supports only some targets. */
  resolve("testcpu", NULL, "dry");
  // CHECK-NEXT: 'testcpu' exec 'dry': module testcpu, exec dry, target testcpu:x86-64, host cpu:native, no errors
  resolve("testcpu:x86-64-v3", NULL, "dry");
  // CHECK-NEXT: 'testcpu:x86-64-v3' exec 'dry': 1 error: execution backend 'dry' of backend 'testcpu' cannot run code for this target
  /* It needs host codegen; testcpu has it only for cpu hosts. */
  resolve("testcpu", "cuda", "aot");
  // CHECK-NEXT: 'testcpu' host 'cuda' exec 'aot': 1 error: backend 'testcpu' has no host codegen for host target kind 'cuda'

  /* aot: device code compiled eagerly, host codegen after the hook. */
  compileWith("testcpu", "aot", NULL);
  // CHECK-NEXT: compile 'testcpu' exec 'aot' wanted '(null)': artifact, diagnostics 0
  // CHECK-NEXT: device format: 'test-device', runtime library: tile_rt_test
  // CHECK-NEXT: parts: test-device test-host
  // CHECK-NEXT: test-device: testcpu device code for testcpu:x86-64 (compiled: yes, mode: default, llvm.func ops: 2)
  // CHECK-NEXT: kernels: 0
  // CHECK-NEXT: entry scale(!llvm.ptr, !llvm.ptr, i64, i64, i64)
  // CHECK-NEXT: entry _mlir_ciface_scale(!llvm.ptr)
  // CHECK-NEXT: host module: present, hooked: 1
  /* dry: source only, no host codegen unless a host part is wanted. */
  compileWith("testcpu:x86-64,mode=quick", "dry", "mlir");
  // CHECK-NEXT: compile 'testcpu:x86-64,mode=quick' exec 'dry' wanted 'mlir': artifact, diagnostics 0
  // CHECK-NEXT: device format: 'test-device', runtime library: (none)
  // CHECK-NEXT: parts: mlir test-device
  // CHECK-NEXT: test-device: testcpu device code for testcpu:x86-64,mode=quick (compiled: no, mode: quick, llvm.func ops: 2)
  // CHECK-NEXT: kernels: 0
  // CHECK-NEXT: entry scale(
  // CHECK-NEXT: entry _mlir_ciface_scale(
  // CHECK-NEXT: host module: present, hooked: 1
  compileWith("testcpu", "dry", "obj,llvm");
  // CHECK-NEXT: compile 'testcpu' exec 'dry' wanted 'obj,llvm': artifact, diagnostics 0
  // CHECK-NEXT: device format: 'test-device', runtime library: (none)
  // CHECK-NEXT: parts: test-device test-host
}

/* The artifact parts hold what the codegens made of the module. */
static void testOwnBackendParts(void) {
  fprintf(stderr, "@testOwnBackendParts\n");
  // CHECK-LABEL: @testOwnBackendParts
  Errors errors = {{NULL, 0}, 0};
  TileBackendContext *ctx =
      tileBackendContextCreate("testcpu", NULL, NULL, sinkOf(&errors));
  MlirContext context = createTileContext();
  MlirModule m = mlirModuleCreateParse(context, str(kernelModule));
  TileArtifact *a =
      ctx ? tileCompile(ctx, mlirModuleGetOperation(m), NULL) : NULL;
  if (!a) {
    fprintf(stderr, "FAILED to compile for testcpu\n");
    exit(1);
  }
  MlirStringRef host = tileArtifactGetPart(a, "test-host");
  fprintf(stderr, "%.*s\n", (int)host.length, host.data);
  // CHECK-NEXT: module attributes {test.hooked} {
  // CHECK:        llvm.func @scale(
  // CHECK:        llvm.func @_mlir_ciface_scale(
  MlirStringRef missing = tileArtifactGetPart(a, "ptx");
  fprintf(stderr, "ptx part: %s\n", missing.data ? "WRONG" : "none");
  // CHECK: ptx part: none

  /* The pipeline the driver runs: tile-verify, then the one of testcpu. */
  Text pipeline = {NULL, 0};
  tileBackendContextPrintPipeline(ctx, appendText, &pipeline);
  fprintf(stderr, "%s--\n", textGet(&pipeline));
  textFree(&pipeline);
  // CHECK-NEXT: // shared semantic check
  // CHECK-NEXT: builtin.module(tile-verify)
  // CHECK-NEXT: // lowering (pipelines/cpu.pipeline)
  // CHECK-NEXT: builtin.module({{.+}})
  // CHECK-NEXT: --

  /* Toolchain callbacks run by name, on the context's backend. */
  TileArtifact *out = tileArtifactCreate();
  MlirLogicalResult r = tileBackendContextRunCallback(
      ctx, "echo", str("some input"), out, sinkOf(&errors));
  MlirStringRef echoed = tileArtifactGetPart(out, "echo");
  fprintf(stderr, "echo: %s, part '%.*s', ", result(r), (int)echoed.length,
          echoed.data);
  printErrors(&errors);
  // CHECK-NEXT: echo: success, part 'some input', no errors
  r = tileBackendContextRunCallback(ctx, "echo", str(""), out, sinkOf(&errors));
  fprintf(stderr, "echo nothing: %s, ", result(r));
  printErrors(&errors);
  // CHECK-NEXT: echo nothing: failure, 1 error: echo: nothing to echo
  r = tileBackendContextRunCallback(ctx, "ptxas", str("x"), out,
                                    sinkOf(&errors));
  fprintf(stderr, "ptxas: %s, ", result(r));
  printErrors(&errors);
  // CHECK-NEXT: ptxas: failure, 1 error: backend 'testcpu' has no toolchain callback 'ptxas'
  fprintf(stderr, "parts of the callback artifact: %d\n",
          (int)tileArtifactGetNumParts(out));
  // CHECK-NEXT: parts of the callback artifact: 1
  tileArtifactDestroy(out);

  tileArtifactDestroy(a);
  mlirModuleDestroy(m);
  mlirContextDestroy(context);
  tileBackendContextDestroy(ctx);
}

/*===--- compile errors ---------------------------------------------------===*/

static void compileError(const char *target, const char *source) {
  Errors errors = {{NULL, 0}, 0};
  TileBackendContext *ctx =
      tileBackendContextCreate(target, NULL, NULL, sinkOf(&errors));
  MlirContext context = createTileContext();
  int diagnostics = 0;
  MlirDiagnosticHandlerID id = mlirContextAttachDiagnosticHandler(
      context, printDiagnostic, &diagnostics, NULL);
  MlirModule m = mlirModuleCreateParse(context, str(source));
  TileArtifact *a = tileCompile(ctx, mlirModuleGetOperation(m), NULL);
  fprintf(stderr, "compile for '%s': %s, diagnostics %d\n", target,
          a ? "artifact" : "NULL", diagnostics);
  tileArtifactDestroy(a);
  mlirModuleDestroy(m);
  mlirContextDetachDiagnosticHandler(context, id);
  mlirContextDestroy(context);
  textFree(&errors.text);
  tileBackendContextDestroy(ctx);
}

static const char fillOutsideKernel[] =
    "func.func @f(%m: memref<8xf32, #gpu.address_space<workgroup>>, %v: f32) "
    "{\n"
    "  \"tile.fill\"(%m, %v) : (memref<8xf32, #gpu.address_space<workgroup>>, "
    "f32) -> ()\n"
    "  return\n"
    "}\n";

static void testCompileErrors(void) {
  fprintf(stderr, "@testCompileErrors\n");
  // CHECK-LABEL: @testCompileErrors
  compileError("cpu", fillOutsideKernel);
  // CHECK-NEXT: diagnostic: loc("-":2:3): 'tile.fill' op must be inside a kernel
  // CHECK-NEXT: compile for 'cpu': NULL, diagnostics 1
  /* tile-verify is the same boundary for a backend defined elsewhere. */
  compileError("testcpu", fillOutsideKernel);
  // CHECK-NEXT: diagnostic: loc("-":2:3): 'tile.fill' op must be inside a kernel
  // CHECK-NEXT: compile for 'testcpu': NULL, diagnostics 1
  /* An option value the pipeline gives a pass, checked as the pipeline is
   * parsed. */
  registerBackend(&silentBackend);
  // CHECK-NEXT: register 'silentvk': success, added 1, no errors
  compileError("silentvk", kernelModule);
  // CHECK-NEXT: diagnostic: loc("-":0:0): pipelines/vulkan.pipeline: invalid value 'bogus' for option 'spirv' of pass 'tile-vulkan-cooperative-matrix' (expected one of: v1.0|v1.1|v1.2|v1.3)
  // CHECK-NEXT: compile for 'silentvk': NULL, diagnostics 1
}

/*===--- writing parts to files ------------------------------------------===*/

static void writePart(const TileArtifact *a, const char *part, const char *path,
                      const char *label) {
  Text why = {NULL, 0};
  MlirLogicalResult r =
      tileArtifactWritePart(a, part, path, (TileErrorSink){appendText, &why});
  fprintf(stderr, "write %s: %s%s%s\n", label, result(r), why.size ? ": " : "",
          textGet(&why));
  textFree(&why);
}

static void printFile(const char *path) {
  char text[64] = {0};
  FILE *f = fopen(path, "rb");
  size_t n = f ? fread(text, 1, sizeof(text) - 1, f) : 0;
  if (f)
    fclose(f);
  fprintf(stderr, "file: '%.*s'\n", (int)n, text);
}

static void testArtifactWritePart(const char *dir) {
  fprintf(stderr, "@testArtifactWritePart\n");
  // CHECK-LABEL: @testArtifactWritePart
  char path[4096];
  snprintf(path, sizeof(path), "%s/part.o", dir);
  FILE *f = fopen(path, "wb");
  fputs("old", f);
  fclose(f);
  TileArtifact *a = tileArtifactCreate();
  tileArtifactSetPart(a, "obj", str("new bytes"));
  writePart(a, "ptx", path, "missing part");
  // CHECK-NEXT: write missing part: failure: the artifact has no part 'ptx'
  printFile(path);
  // CHECK-NEXT: file: 'old'
  writePart(a, "obj", "/dev/full", "full device");
  // CHECK-NEXT: write full device: failure: cannot write '/dev/full': No space left on device
  writePart(a, "obj", path, "file");
  // CHECK-NEXT: write file: success
  printFile(path);
  // CHECK-NEXT: file: 'new bytes'
  snprintf(path, sizeof(path), "%s/no/such/dir/part.o", dir);
  writePart(a, "obj", path, "no directory");
  // CHECK-NEXT: write no directory: failure: cannot open output file '{{.*}}/no/such/dir/part.o': No such file or directory
  tileArtifactDestroy(a);
}

/*===--- a full registry --------------------------------------------------===*/

/* Fills the registry with valid backends; the one after the last fits is
 * refused. Runs last: nothing can be registered afterwards. */
static void testRegistryFull(void) {
  fprintf(stderr, "@testRegistryFull\n");
  // CHECK-LABEL: @testRegistryFull
  enum { N = 40 };
  static char names[N][16];
  static const char *kinds[N][1];
  static TilePipelineEntry pipelines[N];
  static TileDeviceCodegen codegens[N];
  static TileBackendModule fillers[N];
  for (int i = 0; i < N; ++i) {
    snprintf(names[i], sizeof(names[i]), "filler%d", i);
    kinds[i][0] = names[i];
    pipelines[i] = (TilePipelineEntry){names[i], "cpu.pipeline"};
    codegens[i] = (TileDeviceCodegen){names[i], "none", noDeviceCode};
    fillers[i] = (TileBackendModule){.name = names[i],
                                     .targetKinds = kinds[i],
                                     .numTargetKinds = 1,
                                     .normalizeTarget = normalizeAny,
                                     .pipelines = &pipelines[i],
                                     .numPipelines = 1,
                                     .deviceCodegens = &codegens[i],
                                     .numDeviceCodegens = 1,
                                     .executionBackends = regExec,
                                     .numExecutionBackends = 1};
  }
  int i = 0;
  Errors errors = {{NULL, 0}, 0};
  while (i < N && mlirLogicalResultIsSuccess(
                      tileRegisterBackend(&fillers[i], sinkOf(&errors))))
    ++i;
  fprintf(stderr, "backends: %d, ", (int)tileGetNumBackends());
  printErrors(&errors);
  // CHECK-NEXT: backends: 32, 1 error: too many backends (at most 32)
  /* A registered one is still a no-op, and the fillers resolve. */
  registerBackend(&fillers[0]);
  // CHECK-NEXT: register 'filler0': success, added 0, no errors
  resolve("filler0:x", NULL, NULL);
  // CHECK-NEXT: 'filler0:x': module filler0, exec run, target filler0:x, host cpu:native, no errors
}

int main(int argc, char **argv) {
  tileRegisterUpstreamPasses();
  tileRegisterBuiltinBackends();
  testBuiltinBackends();
  testRegistrationRules();
  testRegisterOnce();
  testResolveExplicit();
  testResolveAliases();
  testResolveAuto();
  testResolveErrors();
  testResolveExecution();
  testSharedKind();
  testOwnBackend();
  testOwnBackendParts();
  testCompileErrors();
  testArtifactWritePart(argc > 1 ? argv[1] : ".");
  testRegistryFull();
  fprintf(stderr, "@done\n");
  // CHECK-LABEL: @done
  return 0;
}
