/* tile-fuzz: a libFuzzer target over parse -> tile-verify -> one target's
 * whole pipeline up to its output (TILE_FUZZ_TARGET, default cpu), or up to
 * the part TILE_FUZZ_PART names (e.g. "mlir": the IR the backend pipeline
 * leaves, without LLVM's code generation). */
#include "tile/tile.h"

#include "ir/ir.h"
#include "support/count.h"

#include "mlir-c/Diagnostics.h"
#include "mlir-c/IR.h"
#include "mlir-c/RegisterEverything.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Made once: loading every dialect for each input would dominate the run. */
static MlirContext context;
static TileBackendContext *backend;
static const char *part;
/* rocm compiles the assembly alone, as `tile-opt --emit=isa` does: a code
 * object beside it doubles LLVM's AMDGPU code generation and starts an
 * ld.lld process per input, and rocm's host code generation is the pipeline
 * that the cuda target's runs already cover. */
static bool partsOnly;

/* What each target kind writes when tile-opt compiles for it. */
static const char *outputPart(const char *target) {
  static const struct {
    const char *prefix, *part;
  } parts[] = {{"cuda", "ptx"}, {"rocm", "isa"}, {"vulkan", "spirv"}};
  for (size_t i = 0; i < TILE_COUNT(parts); ++i)
    if (!strncmp(target, parts[i].prefix, strlen(parts[i].prefix)))
      return parts[i].part;
  return "llvm";
}

static void reportSetup(MlirStringRef message, void *userData) {
  (void)userData;
  fprintf(stderr, "tile-fuzz: %.*s\n", (int)message.length, message.data);
}

/* Diagnostics are the expected outcome for most inputs: drop them. */
static MlirLogicalResult quiet(MlirDiagnostic diagnostic, void *userData) {
  (void)diagnostic;
  (void)userData;
  return mlirLogicalResultSuccess();
}

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  (void)argc;
  (void)argv;
  const char *target = getenv("TILE_FUZZ_TARGET");
  target = target && *target ? target : "cpu";
  tileRegisterUpstreamPasses();
  tileRegisterBuiltinBackends();
  backend = tileBackendContextCreate(target, NULL, NULL,
                                     (TileErrorSink){reportSetup, NULL});
  if (!backend)
    exit(2);
  const char *wanted = getenv("TILE_FUZZ_PART");
  part = wanted && *wanted ? wanted : outputPart(target);
  partsOnly = strncmp(target, "rocm", 4) == 0 || (wanted && *wanted);
  context = mlirContextCreateWithThreading(false);
  mlirRegisterAllLLVMTranslations(context);
  if (mlirLogicalResultIsFailure(tileContextLoadDialects(context)) ||
      mlirLogicalResultIsFailure(tileContextLoadBackendDialects(context)))
    exit(2);
  mlirContextAttachDiagnosticHandler(context, quiet, NULL, NULL);
  return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  MlirOperation module =
      tileParseModule(context, mlirStringRefCreate((const char *)data, size),
                      mlirStringRefCreateFromCString("fuzz.mlir"));
  if (mlirOperationIsNull(module))
    return 0;
  TileCompileOptions options = {part, NULL, NULL, partsOnly};
  TileArtifact *artifact = tileCompileWithOptions(backend, module, &options);
  tileArtifactDestroy(artifact);
  mlirOperationDestroy(module);
  return 0;
}
