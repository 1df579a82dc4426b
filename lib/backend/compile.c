/* The compile driver: verify, lower, split, device and host codegen. */
#include "backend/backend.h"

#include "ir/builder_gpu.h"
#include "ir/ir.h"
#include "support/count.h"
#include "tile/pipeline.h"

#include "mlir-c/Diagnostics.h"
#include "mlir-c/Pass.h"

#include <string.h>

/* Counts the errors emitted while a pipeline runs, and passes every
 * diagnostic on to the handlers attached before it. */
static MlirLogicalResult countErrors(MlirDiagnostic diagnostic,
                                     void *userData) {
  if (mlirDiagnosticGetSeverity(diagnostic) == MlirDiagnosticError)
    ++*(unsigned *)userData;
  return mlirLogicalResultFailure();
}

/* Runs `pm` on `op`. Some upstream passes fail without a diagnostic (e.g.
 * spirv-attach-target on a version it cannot parse); the compilation then
 * says which stage failed rather than exiting with no message. */
static MlirLogicalResult runReporting(MlirPassManager pm, MlirOperation op,
                                      const char *what) {
  MlirContext ctx = mlirOperationGetContext(op);
  unsigned errors = 0;
  MlirDiagnosticHandlerID id =
      mlirContextAttachDiagnosticHandler(ctx, countErrors, &errors, NULL);
  MlirLogicalResult result = mlirPassManagerRunOnOp(pm, op);
  mlirContextDetachDiagnosticHandler(ctx, id);
  if (mlirLogicalResultIsFailure(result) && errors == 0)
    tileEmitErrorAt(mlirOperationGetLocation(op),
                    "%s failed without saying why (a pass signalled failure "
                    "and emitted no diagnostic)",
                    what);
  return result;
}

MlirLogicalResult tileRunPipeline(const TileArtifact *a, MlirOperation op,
                                  const char *pipeline, const char *what) {
  MlirContext ctx = mlirOperationGetContext(op);
  MlirPassManager pm = mlirPassManagerCreateOnOperation(
      ctx, mlirIdentifierStr(mlirOperationGetName(op)));
  TileOpErrorSite site = {op, what};
  MlirLogicalResult result = tileOpPassManagerParsePipeline(
      mlirPassManagerGetAsOpPassManager(pm),
      mlirStringRefCreateFromCString(pipeline), tileOpErrorSink(&site));
  if (mlirLogicalResultIsSuccess(result)) {
    /* The IR is verified once each stage has run, not after every pass:
     * the verifiers of gpu.launch_func and spirv.mlir.addressof look their
     * symbols up by scanning the module, so verifying after each of a
     * stage's passes made compile time grow with the square of the number
     * of kernels. A pass-manager hook may verify after each pass again
     * (tile-opt --verify-each). */
    mlirPassManagerEnableVerifier(pm, false);
    tileArtifactConfigurePassManager(a, pm);
    result = runReporting(pm, op, what);
    if (mlirLogicalResultIsSuccess(result) && !mlirOperationVerify(op)) {
      tileEmitErrorAt(mlirOperationGetLocation(op),
                      "%s: the IR it produced does not verify", what);
      result = mlirLogicalResultFailure();
    }
  }
  mlirPassManagerDestroy(pm);
  return result;
}

static MlirLogicalResult runPipelineFile(const TileBackendContext *ctx,
                                         const TileArtifact *a,
                                         MlirOperation module,
                                         const char *file) {
  TileStrBuf text = TILE_STRBUF_INIT;
  /* Expansion errors of pipeline files are reported at the module. */
  TileOpErrorSite site = {module, NULL};
  TileErrorSink errors = tileOpErrorSink(&site);
  MlirLogicalResult result = mlirLogicalResultFailure();
  if (tileExpandPipelineFile(file, &ctx->target, &text, errors)) {
    TileStrBuf what = TILE_STRBUF_INIT;
    tileStrBufPrintf(&what, "pipelines/%s", file);
    result = tileRunPipeline(a, module, text.data, what.data);
    tileStrBufFree(&what);
  }
  tileStrBufFree(&text);
  return result;
}

static const char *internType(TileArtifact *a, MlirType type) {
  TileStrBuf text = TILE_STRBUF_INIT;
  tileAppendType(&text, type);
  const char *s =
      tileArtifactIntern(a, mlirStringRefCreate(text.data, text.size));
  tileStrBufFree(&text);
  return s;
}

/* The value of an index/integer constant, or -1 when not a constant. */
static int64_t constantOf(MlirValue v) {
  if (!mlirValueIsAOpResult(v))
    return -1;
  MlirOperation def = mlirOpResultGetOwner(v);
  if (!tileOpIs(def, "arith.constant") && !tileOpIs(def, "llvm.mlir.constant"))
    return -1;
  MlirAttribute value = tileOpGetAttr(def, "value");
  return !mlirAttributeIsNull(value) && mlirAttributeIsAInteger(value)
             ? mlirIntegerAttrGetValueInt(value)
             : -1;
}

/* The constant that segment `segment` of a gpu.launch_func holds: -1 when
 * it is computed at run time, `absent` when the segment is empty. */
static int64_t segmentConstant(MlirOperation launch, TileLaunchSegment segment,
                               int64_t absent) {
  intptr_t first, count;
  tbLaunchSegment(launch, segment, &first, &count);
  return count ? constantOf(mlirOperationGetOperand(launch, first)) : absent;
}

/* gpu.launch_func's kernel symbol, printed as module::kernel. */
static void appendKernelName(TileStrBuf *name, MlirAttribute kernel) {
  if (!mlirAttributeIsASymbolRef(kernel))
    return;
  tileStrBufAppendRef(name, mlirSymbolRefAttrGetRootReference(kernel));
  for (intptr_t i = 0; i < mlirSymbolRefAttrGetNumNestedReferences(kernel);
       ++i) {
    tileStrBufAppendStr(name, "::");
    tileStrBufAppendRef(name,
                        mlirFlatSymbolRefAttrGetValue(
                            mlirSymbolRefAttrGetNestedReference(kernel, i)));
  }
}

/* The printed types of the kernel operands of a launch. */
static void collectArgTypes(MlirOperation launch, TileArtifact *a,
                            TileKernelInfo *k) {
  intptr_t first, count;
  tbLaunchSegment(launch, TileLaunchKernelOperands, &first, &count);
  for (intptr_t i = 0; i < count && k->numArgs < TILE_MAX_KERNEL_ARGS; ++i)
    k->argTypes[k->numArgs++] = internType(
        a, mlirValueGetType(mlirOperationGetOperand(launch, first + i)));
}

/* Launch metadata from gpu.launch_func: grid and block sizes, dynamic shared
 * memory and argument types, read from its named operand segments. */
static MlirWalkResult collectLaunch(MlirOperation op, void *userData) {
  if (!tileOpIs(op, "gpu.launch_func"))
    return MlirWalkResultAdvance;
  TileArtifact *a = userData;
  TileStrBuf name = TILE_STRBUF_INIT;
  appendKernelName(&name, tileOpGetAttr(op, "kernel"));
  TileKernelInfo *k = tileArtifactAddKernel(a, tileStrBufGet(&name));
  tileStrBufFree(&name);
  for (int d = 0; d < 3; ++d) {
    k->grid[d] = segmentConstant(op, TileLaunchGridX + d, -1);
    k->block[d] = segmentConstant(op, TileLaunchBlockX + d, -1);
  }
  k->dynamicSharedBytes = segmentConstant(op, TileLaunchDynamicSharedMemory, 0);
  MlirAttribute shared = tileOpGetAttr(op, "tile.shared_bytes");
  k->sharedBytes =
      !mlirAttributeIsNull(shared) && mlirAttributeIsAInteger(shared)
          ? mlirIntegerAttrGetValueInt(shared)
          : 0;
  collectArgTypes(op, a, k);
  return MlirWalkResultAdvance;
}

/* Public, defined functions at the top of the host module are entries. */
static void collectEntries(MlirOperation module, TileArtifact *a) {
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
  for (MlirOperation op = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op)) {
    bool isFunc = tileOpIs(op, "func.func");
    if (!isFunc && !tileOpIs(op, "llvm.func"))
      continue;
    MlirRegion body = mlirOperationGetRegion(op, 0);
    if (!tileIsPublicSymbol(op) ||
        mlirBlockIsNull(mlirRegionGetFirstBlock(body)))
      continue;
    /* A function renamed because it is named like a C library function
     * (tile-host-symbol-names) is called by its name. */
    MlirAttribute name = tileOpGetAttr(op, "tile.c_name");
    if (mlirAttributeIsNull(name) || !mlirAttributeIsAString(name))
      name = tileOpGetAttr(op, "sym_name");
    TileStrBuf text = TILE_STRBUF_INIT;
    tileStrBufAppendRef(&text, mlirStringAttrGetValue(name));
    TileEntryInfo *e = tileArtifactAddEntry(a, text.data);
    tileStrBufFree(&text);
    MlirBlock entry = mlirRegionGetFirstBlock(body);
    for (intptr_t i = 0; i < mlirBlockGetNumArguments(entry) &&
                         e->numArgs < TILE_MAX_KERNEL_ARGS;
         ++i)
      e->argTypes[e->numArgs++] =
          internType(a, mlirValueGetType(mlirBlockGetArgument(entry, i)));
  }
}

static void setPrintedPart(TileArtifact *a, const char *name,
                           MlirOperation op) {
  TileStrBuf text = TILE_STRBUF_INIT;
  mlirOperationPrint(op, tileStrBufCallback, &text);
  tileStrBufAppendStr(&text, "\n");
  tileArtifactSetPart(a, name, mlirStringRefCreate(text.data, text.size));
  tileStrBufFree(&text);
}

static bool wantsHostCode(const TileArtifact *a) {
  return tileArtifactWantsPart(a, "llvm") || tileArtifactWantsPart(a, "obj") ||
         tileArtifactWantsPart(a, "asm");
}

/* Device code compiled before would be handed on as if this compilation had
 * produced it (for another chip, perhaps): refuse it. */
static bool holdsNoBinary(MlirOperation module) {
  MlirOperation binary = tileFirstOp(module, "gpu.binary");
  if (!mlirOperationIsNull(binary))
    tileEmitOpError(binary, "is device code compiled before; compiling for "
                            "a target takes tile IR or GPU IR, not binaries");
  return mlirOperationIsNull(binary);
}

/* Names that the code a target generates defines or calls: a function of
 * the input with such a name took the place of what the code meant. LLVM
 * keeps "llvm." for its intrinsics (a definition failed in LLVM's verifier,
 * "llvm intrinsics cannot be defined!", without a location); a host
 * function named mgpuLaunchKernel was called by its own launch, without
 * end, until the stack overflowed; one named __kmpc_fork_call failed
 * LLVM's verifier on the OpenMP runtime's calls. */
static const struct {
  const char *prefix, *owner;
} ReservedPrefixes[] = {
    {"llvm.", "LLVM's intrinsics, which cannot be defined"},
    {"mgpu", "MLIR's GPU runtime wrappers, which the host code of the GPU "
             "targets calls"},
    {"tileRt", "tile-mlir's runtime libraries"},
    {"__kmpc_", "the OpenMP runtime, which the cpu target's code calls"},
    {"__nv_", "libdevice, which cuda device code links"},
    {"__ocml_", "the ROCm device libraries, which rocm device code links"},
    {"__ockl_", "the ROCm device libraries, which rocm device code links"},
};

static bool definesReservedName(MlirOperation op) {
  MlirAttribute name = tileOpGetAttr(op, "sym_name");
  if (mlirAttributeIsNull(name) || !mlirAttributeIsAString(name) ||
      !tileOpHasBody(op))
    return false;
  MlirStringRef text = mlirStringAttrGetValue(name);
  for (size_t i = 0; i < TILE_COUNT(ReservedPrefixes); ++i) {
    const char *prefix = ReservedPrefixes[i].prefix;
    if (text.length < strlen(prefix) ||
        strncmp(text.data, prefix, strlen(prefix)) != 0)
      continue;
    tileEmitOpError(op,
                    "defines '@%.*s': names that start with '%s' belong to "
                    "%s (rename it)",
                    (int)text.length, text.data, prefix,
                    ReservedPrefixes[i].owner);
    return true;
  }
  return false;
}

/* Code belongs in functions: an op at the top level of the module that is
 * not a symbol (a function, a global, a gpu.module) nor one of LLVM's
 * module-level ops would reach passes that expect none there
 * (convert-scf-to-cf put a kernel's blocks into the module's region, and
 * the next pass crashed on the broken module). Definitions with reserved
 * names are refused there too. */
static bool codeInFunctions(MlirOperation module) {
  bool ok = true;
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
  for (MlirOperation op = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op)) {
    if (definesReservedName(op)) {
      ok = false;
      continue;
    }
    if (!mlirAttributeIsNull(tileOpGetAttr(op, "sym_name")) ||
        tileOpInDialect(op, "llvm"))
      continue;
    tileEmitOpError(op, "is outside any function; compiling for a target "
                        "takes functions that hold the kernels, and globals, "
                        "at the top level of the module");
    ok = false;
  }
  return ok;
}

/* `partsOnly`: the caller reads only the wanted parts (TileCompileOptions). */
static MlirLogicalResult compile(const TileBackendContext *ctx,
                                 MlirOperation module, TileArtifact *a,
                                 bool partsOnly) {
  const TileBackendModule *m = ctx->module;
  const char *kind = ctx->target.kind;
  /* IR that reached the C API without tile's parser (MLIR's own, a
   * builder) gets the checks that parser makes: upstream folds crash on
   * what they report. */
  if (!codeInFunctions(module) || !holdsNoBinary(module) ||
      !tileCheckInputOps(module))
    return mlirLogicalResultFailure();
  /* 1. The shared semantic boundary. */
  if (mlirLogicalResultIsFailure(tileRunPipeline(
          a, module, "builtin.module(tile-verify)", "tile-verify")))
    return mlirLogicalResultFailure();
  /* 2. The backend's lowering, exactly as its pipeline file says. */
  for (unsigned i = 0; i < m->numPipelines; ++i)
    if (strcmp(m->pipelines[i].kind, kind) == 0 &&
        mlirLogicalResultIsFailure(
            runPipelineFile(ctx, a, module, m->pipelines[i].file)))
      return mlirLogicalResultFailure();
  if (tileArtifactWantsPart(a, "mlir"))
    setPrintedPart(a, "mlir", module);
  /* 3. Host/device split: kernels launched by the host, host entries. */
  mlirOperationWalk(module, collectLaunch, a, MlirWalkPreOrder);
  collectEntries(module, a);
  /* 4. Device codegen replaces device modules by what the host loads: the
   * loadable form where the execution backend needs it, unless the caller
   * reads only parts that do not hold it. */
  bool hostCode = wantsHostCode(a);
  bool eager = ctx->executionBackend->needsEagerDeviceCompile &&
               (!partsOnly || hostCode);
  for (unsigned i = 0; i < m->numDeviceCodegens; ++i)
    if (strcmp(m->deviceCodegens[i].kind, kind) == 0 &&
        mlirLogicalResultIsFailure(
            m->deviceCodegens[i].codegen(ctx, module, eager, a)))
      return mlirLogicalResultFailure();
  MlirOperation left = tileFirstOp(module, "gpu.module");
  if (!mlirOperationIsNull(left)) {
    tileEmitErrorAt(mlirOperationGetLocation(left),
                    "device codegen of backend '%s' left a device module in "
                    "the host IR",
                    m->name);
    return mlirLogicalResultFailure();
  }
  /* 5. Host codegen hooks of the target kind, then host codegen. */
  for (unsigned i = 0; i < m->numHostCodegenHooks; ++i)
    if (strcmp(m->hostCodegenHooks[i].kind, kind) == 0 &&
        mlirLogicalResultIsFailure(m->hostCodegenHooks[i].hook(ctx, module)))
      return mlirLogicalResultFailure();
  if ((partsOnly || !ctx->executionBackend->needsHostCodegen) && !hostCode)
    return mlirLogicalResultSuccess();
  for (unsigned i = 0; i < m->numHostCodegens; ++i) {
    const TileHostCodegen *h = &m->hostCodegens[i];
    if (strcmp(h->hostKind, ctx->hostTarget.kind) != 0)
      continue;
    if (h->pipeline && mlirLogicalResultIsFailure(
                           runPipelineFile(ctx, a, module, h->pipeline)))
      return mlirLogicalResultFailure();
    return h->codegen(ctx, module, a);
  }
  tileEmitErrorAt(mlirOperationGetLocation(module),
                  "backend '%s' has no host codegen for host target kind '%s'",
                  m->name, ctx->hostTarget.kind);
  return mlirLogicalResultFailure();
}

TileArtifact *tileCompile(const TileBackendContext *ctx, MlirOperation module,
                          const char *wantedParts) {
  TileCompileOptions options = {wantedParts, NULL, NULL, false};
  return tileCompileWithOptions(ctx, module, &options);
}

TileArtifact *tileCompileWithOptions(const TileBackendContext *ctx,
                                     MlirOperation module,
                                     const TileCompileOptions *options) {
  TileArtifact *a = tileArtifactCreate();
  if (options) {
    tileArtifactSetWanted(a, options->wantedParts);
    tileArtifactSetPassManagerHook(a, options->configurePassManager,
                                   options->userData);
  }
  tileArtifactSetRuntimeLibrary(a, ctx->executionBackend->runtimeLibrary);
  if (mlirLogicalResultIsFailure(
          compile(ctx, module, a, options && options->partsOnly))) {
    tileArtifactDestroy(a);
    return NULL;
  }
  tileArtifactTakeHostModule(a, mlirOperationClone(module));
  return a;
}
