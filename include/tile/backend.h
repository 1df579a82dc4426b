/*===-- tile/backend.h - Backend manifests, registry and context ----------===*\
|*                                                                            *|
|* A target backend (cpu, cuda, rocm, vulkan, or one of yours) is described   *|
|* by one TileBackendModule manifest: the target kinds it owns, one pipeline  *|
|* file and one device codegen per kind, host codegens and hooks, the shared  *|
|* execution backends that can run its output (in auto-preference order),     *|
|* named toolchain callbacks and its IRDL dialect extension.                  *|
|*                                                                            *|
|* tileRegisterBackend validates a manifest completely and publishes it once. *|
|* tileBackendContextCreate resolves a target, a host target and an execution *|
|* backend exactly once into an immutable TileBackendContext that every later *|
|* stage receives.                                                            *|
\*===----------------------------------------------------------------------===*/
#ifndef TILE_BACKEND_H
#define TILE_BACKEND_H

#include "tile/artifact.h"
#include "tile/target.h"

#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"

#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct TileBackendContext TileBackendContext;

/// Generates device code for the device part of a lowered module. With
/// `compile`, emits a loadable binary (e.g. cubin), else source (e.g. PTX).
/// Device modules (gpu.module ops) are replaced by what the host refers to.
typedef MlirLogicalResult (*TileDeviceCodegenFn)(const TileBackendContext *ctx,
                                                 MlirOperation module,
                                                 bool compile,
                                                 TileArtifact *artifact);

/// Turns the host part of a lowered module into host code (LLVM IR, objects).
typedef MlirLogicalResult (*TileHostCodegenFn)(const TileBackendContext *ctx,
                                               MlirOperation module,
                                               TileArtifact *artifact);

/// Prepares host IR before host codegen (e.g. marks runtime entry points).
typedef MlirLogicalResult (*TileHostCodegenHookFn)(
    const TileBackendContext *ctx, MlirOperation module);

/// A named toolchain step (e.g. "ptxas": PTX text in, cubin out).
typedef MlirLogicalResult (*TileToolchainFn)(const TileBackendContext *ctx,
                                             MlirStringRef input,
                                             TileArtifact *artifact,
                                             TileErrorSink errors);

typedef struct {
  const char *alias; ///< e.g. "nvptx"
  const char *kind;  ///< e.g. "cuda"
} TileTargetAlias;

typedef struct {
  const char *kind;
  const char *file; ///< a file in pipelines/, e.g. "cuda.pipeline"
} TilePipelineEntry;

typedef struct {
  const char *kind;
  const char *name;
  TileDeviceCodegenFn codegen;
} TileDeviceCodegen;

typedef struct {
  const char *hostKind; ///< the host target kind, e.g. "cpu"
  const char *name;
  TileHostCodegenFn codegen;
  const char *pipeline; ///< optional pipeline file run before `codegen`
} TileHostCodegen;

typedef struct {
  const char *kind; ///< the owned target kind the hook applies to
  const char *name;
  TileHostCodegenHookFn hook;
} TileHostCodegenHook;

typedef struct {
  const char *name;
  TileToolchainFn run;
} TileToolchainCallback;

/// A shared execution backend as a target backend uses it: how to check it
/// can run here, and what it needs from compilation.
typedef struct {
  const char *name; ///< e.g. "jit", "aot"
  /// Whether it can run on this machine; explains why not through `why`.
  bool (*isAvailable)(const TileTarget *target, TileErrorSink why);
  /// Optional: whether it can run code for `target`.
  bool (*supportsTarget)(const TileTarget *target);
  bool needsHostCodegen;
  /// Device code must be compiled to a binary (else source suffices).
  bool needsEagerDeviceCompile;
  /// The runtime library that provides the mgpu* ABI for this backend's
  /// device code (e.g. "tile_rt_vulkan"), or NULL.
  const char *runtimeLibrary;
  /// Kernels read memref arguments from device memory: the runtime places
  /// them there (mgpuMemAlloc, mgpuMemcpy of the runtime library) around
  /// calls, and keeps them there across the timed calls of a benchmark.
  bool argumentsInDeviceMemory;
} TileExecutionBackendSpec;

typedef struct {
  const char *name;
  const char *const *targetKinds;
  unsigned numTargetKinds;
  const TileTargetAlias *aliases;
  unsigned numAliases;
  /// Optional predicate on a normalised target; required for every module
  /// when several share a kind.
  bool (*supportsTarget)(const TileTarget *target);
  /// Validates the chip and options of an owned kind and fills defaults.
  MlirLogicalResult (*normalizeTarget)(TileTarget *target,
                                       TileErrorSink errors);
  /// Optional: for `auto`, fills a target when this machine can run this
  /// backend's code (checked in registration order).
  bool (*detectTarget)(TileTarget *target);
  /// Chips to list in --list-targets, e.g. "sm_80, sm_90, sm_90a".
  const char *chips;
  const TilePipelineEntry *pipelines;
  unsigned numPipelines;
  const TileDeviceCodegen *deviceCodegens;
  unsigned numDeviceCodegens;
  const TileHostCodegen *hostCodegens;
  unsigned numHostCodegens;
  const TileHostCodegenHook *hostCodegenHooks;
  unsigned numHostCodegenHooks;
  const TileExecutionBackendSpec *executionBackends;
  unsigned numExecutionBackends;
  const TileToolchainCallback *callbacks;
  unsigned numCallbacks;
  /// Optional IRDL file of backend language extensions (in dialects/).
  const char *dialectExtension;
} TileBackendModule;

//===--------------------------------------------------------------------===//
// Registry
//===--------------------------------------------------------------------===//

/// Validates `module` and publishes it. The manifest must outlive the
/// process (a static). Registering the same manifest again is a no-op;
/// another manifest under a registered name is an error. The registry is
/// filled at start-up and only ever appended to; registering and the
/// lookups below are thread-safe.
MLIR_CAPI_EXPORTED MlirLogicalResult
tileRegisterBackend(const TileBackendModule *module, TileErrorSink errors);

/// Registers the built-in backends cuda, rocm, vulkan and cpu, in that order
/// (the order `auto` tries them in); registering again is a no-op.
MLIR_CAPI_EXPORTED void tileRegisterBuiltinBackends(void);

MLIR_CAPI_EXPORTED intptr_t tileGetNumBackends(void);
MLIR_CAPI_EXPORTED const TileBackendModule *tileGetBackend(intptr_t index);
MLIR_CAPI_EXPORTED const TileBackendModule *tileLookupBackend(const char *name);

/// Loads the IRDL extensions of every registered backend into `ctx` (after
/// tileContextLoadDialects).
MLIR_CAPI_EXPORTED MlirLogicalResult
tileContextLoadBackendDialects(MlirContext ctx);

//===--------------------------------------------------------------------===//
// Context
//===--------------------------------------------------------------------===//

/// Resolves `target` ("auto", "" or NULL for auto), `targetHost` (NULL for the
/// host CPU) and `executionBackend` (NULL or "auto" for the first available
/// one in the module's order) into a new context, or returns NULL after
/// reporting why.
MLIR_CAPI_EXPORTED TileBackendContext *
tileBackendContextCreate(const char *target, const char *targetHost,
                         const char *executionBackend, TileErrorSink errors);

MLIR_CAPI_EXPORTED void tileBackendContextDestroy(TileBackendContext *ctx);

MLIR_CAPI_EXPORTED const TileBackendModule *
tileBackendContextGetModule(const TileBackendContext *ctx);
MLIR_CAPI_EXPORTED const TileTarget *
tileBackendContextGetTarget(const TileBackendContext *ctx);
MLIR_CAPI_EXPORTED const TileTarget *
tileBackendContextGetHostTarget(const TileBackendContext *ctx);
MLIR_CAPI_EXPORTED const TileExecutionBackendSpec *
tileBackendContextGetExecutionBackend(const TileBackendContext *ctx);

/// Prints the resolved pipeline the compile driver runs: tile-verify, then
/// the backend's pipeline with its parameters filled in.
MLIR_CAPI_EXPORTED void
tileBackendContextPrintPipeline(const TileBackendContext *ctx,
                                MlirStringCallback callback, void *userData);

/// Runs the toolchain callback `name` of the context's backend.
MLIR_CAPI_EXPORTED MlirLogicalResult tileBackendContextRunCallback(
    const TileBackendContext *ctx, const char *name, MlirStringRef input,
    TileArtifact *artifact, TileErrorSink errors);

//===--------------------------------------------------------------------===//
// Compilation
//===--------------------------------------------------------------------===//

/// Compiles the tile IR in `module` (a builtin.module, transformed in place)
/// for `ctx`: tile-verify, the backend pipeline, host/device split, device
/// codegen (compiled or source-only, as the execution backend needs), host
/// codegen hooks, host codegen. `wantedParts` (comma separated, may be NULL)
/// asks for extra artifact parts such as "obj" or "asm". IR errors are
/// reported as diagnostics on the module's context; returns NULL on failure.
MLIR_CAPI_EXPORTED TileArtifact *tileCompile(const TileBackendContext *ctx,
                                             MlirOperation module,
                                             const char *wantedParts);

/// Called on every pass manager a compilation creates, before it runs, so
/// that a driver can turn on what its flags ask for (timing, statistics, IR
/// printing, the verifier) for the passes of the backend pipelines too.
typedef void (*TilePassManagerHook)(MlirPassManager pm, void *userData);

typedef struct {
  const char *wantedParts;                  ///< as for tileCompile; may be NULL
  TilePassManagerHook configurePassManager; ///< may be NULL
  void *userData;                           ///< passed to configurePassManager
} TileCompileOptions;

/// tileCompile with options; `options` may be NULL.
MLIR_CAPI_EXPORTED TileArtifact *
tileCompileWithOptions(const TileBackendContext *ctx, MlirOperation module,
                       const TileCompileOptions *options);

#ifdef __cplusplus
}
#endif

#endif // TILE_BACKEND_H
