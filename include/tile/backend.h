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
|*                                                                            *|
|* Thread safety: the registry takes a lock to register and none to read, so  *|
|* tileRegisterBackend, tileRegisterBuiltinBackends and the lookups may run   *|
|* from any thread at any time; a backend becomes visible to contexts created *|
|* after its registration returned. A TileBackendContext is immutable: its    *|
|* Get functions, tileBackendContextPrintPipeline, RunCallback and            *|
|* tileCompile may use one context from several threads at once (each         *|
|* compilation on its own MlirContext: MLIR does not allow two threads to     *|
|* work on one context's IR, see tileCompile). Destroying a context must not  *|
|* overlap with other uses of it.                                             *|
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

/// Validates `module` and publishes it, or reports through `errors` what is
/// wrong with it and registers nothing. The manifest stays owned by the
/// caller and must outlive every use of the registry (a static). Registering
/// the same manifest again is a no-op; another manifest under a registered
/// name is an error. At most 32 backends can be registered. The registry is
/// only ever appended to, under a lock: registration may happen at any
/// time and from any thread, though a program normally registers at
/// start-up, before it creates its first context.
MLIR_CAPI_EXPORTED MlirLogicalResult
tileRegisterBackend(const TileBackendModule *module, TileErrorSink errors);

/// Registers the built-in backends cuda, rocm, vulkan and cpu, in that order
/// (the order `auto` tries them in); registering again is a no-op. The
/// built-in manifests are statics of libtile. Thread-safe.
MLIR_CAPI_EXPORTED void tileRegisterBuiltinBackends(void);

/// The number of registered backends. Thread-safe; the count only grows.
MLIR_CAPI_EXPORTED intptr_t tileGetNumBackends(void);
/// The backend registered `index`-th (0 first), or NULL when out of range.
/// The manifest is the one that was registered (owned by its registrant,
/// valid for the life of the process). Thread-safe.
MLIR_CAPI_EXPORTED const TileBackendModule *tileGetBackend(intptr_t index);
/// The registered backend named `name`, or NULL. The manifest is the one
/// that was registered (owned by its registrant, valid for the life of the
/// process). Thread-safe.
MLIR_CAPI_EXPORTED const TileBackendModule *tileFindBackend(const char *name);

/// Loads the IRDL extensions of every registered backend into `ctx` (after
/// tileContextLoadDialects). Errors are reported as diagnostics on `ctx`.
/// Like any change to a context, it must not overlap with other work on
/// `ctx`.
MLIR_CAPI_EXPORTED MlirLogicalResult
tileContextLoadBackendDialects(MlirContext ctx);

//===--------------------------------------------------------------------===//
// Context
//===--------------------------------------------------------------------===//

/// Resolves `target` ("auto", "" or NULL for auto), `targetHost` (NULL for the
/// host CPU) and `executionBackend` (NULL or "auto" for the first available
/// one in the module's order) into a new context, or returns NULL after
/// reporting why. The strings are read, not kept. The caller owns the
/// context and frees it with tileBackendContextDestroy; it holds no
/// MlirContext and may outlive every artifact compiled with it.
MLIR_CAPI_EXPORTED TileBackendContext *
tileBackendContextCreate(const char *target, const char *targetHost,
                         const char *executionBackend, TileErrorSink errors);

/// Frees a context created by tileBackendContextCreate. NULL is ignored.
MLIR_CAPI_EXPORTED void tileBackendContextDestroy(TileBackendContext *ctx);

/// The backend manifest the context selected (owned by its registrant,
/// valid for the life of the process).
MLIR_CAPI_EXPORTED const TileBackendModule *
tileBackendContextGetModule(const TileBackendContext *ctx);
/// The normalised target (chip and options filled in by the backend),
/// owned by the context and valid until it is destroyed.
MLIR_CAPI_EXPORTED const TileTarget *
tileBackendContextGetTarget(const TileBackendContext *ctx);
/// The normalised host target, owned by the context and valid until it is
/// destroyed.
MLIR_CAPI_EXPORTED const TileTarget *
tileBackendContextGetHostTarget(const TileBackendContext *ctx);
/// The execution backend the context selected: an entry of the manifest's
/// table (owned by its registrant, valid for the life of the process).
MLIR_CAPI_EXPORTED const TileExecutionBackendSpec *
tileBackendContextGetExecutionBackend(const TileBackendContext *ctx);

/// Prints the resolved pipeline the compile driver runs: tile-verify, then
/// the backend's pipeline with its parameters filled in, then the pipeline
/// of the host codegen, if any. `callback` receives the whole text in one
/// call; the text is valid only during the call.
MLIR_CAPI_EXPORTED void
tileBackendContextPrintPipeline(const TileBackendContext *ctx,
                                MlirStringCallback callback, void *userData);

/// Runs the toolchain callback `name` of the context's backend on `input`,
/// adding what it produces to `artifact` (which the caller keeps owning).
/// Fails, reporting through `errors`, when the backend has no such
/// callback or the callback fails.
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
/// The caller owns the returned artifact and frees it with
/// tileArtifactDestroy before the module's MlirContext (the artifact's host
/// module lives there). Compilations on different MlirContexts may run at
/// the same time; two on one MlirContext must not (MLIR's rule for any work
/// on a context's IR).
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
  /// The caller reads only wantedParts: the artifact need not be one that
  /// runs, so device code is compiled only as far as those parts need
  /// (rocm's `isa` alone: one run of the AMDGPU code generation instead of
  /// two). Such compilations bypass tileCompileCached's cache.
  bool partsOnly;
} TileCompileOptions;

/// tileCompile with options; `options` may be NULL. Ownership, failure and
/// thread-safety are those of tileCompile; the hook runs on the calling
/// thread.
MLIR_CAPI_EXPORTED TileArtifact *
tileCompileWithOptions(const TileBackendContext *ctx, MlirOperation module,
                       const TileCompileOptions *options);

#ifdef __cplusplus
}
#endif

#endif // TILE_BACKEND_H
