/* Internals shared by the registry, the context and the compile driver. */
#ifndef TILE_BACKEND_BACKEND_H
#define TILE_BACKEND_BACKEND_H

#include "tile/backend.h"

#include "support/strbuf.h"

struct TileBackendContext {
  const TileBackendModule *module;
  TileTarget target;
  TileTarget hostTarget;
  const TileExecutionBackendSpec *executionBackend;
};

/* The built-in backends, in the order lib/CMakeLists.txt adds their folders
 * (the order `auto` asks them in). Generated into libtile from the MODULE of
 * each folder's tile_add_backend (lib/builtins.c.in). */
extern const TileBackendModule *const tileBuiltinBackends[];
extern const unsigned tileBuiltinBackendsCount;

/* The embedded text of pipelines/<file>, or a null reference. */
MlirStringRef tileGetPipelineFile(const char *file);

/* Appends the pipeline in `file` with comments stripped and the parameters
 * {kind}, {chip}, {features}, {opt} and {option:KEY} filled from `target`.
 * Returns false (after reporting) on an unknown file or parameter. */
bool tileExpandPipelineFile(const char *file, const TileTarget *target,
                            TileStrBuf *out, TileErrorSink errors);

/* Runs a textual pipeline (anchored on the op's name) on `op` for the
 * compilation that produces `a` (whose pass manager hook it applies);
 * failures are reported as diagnostics, naming `what`. */
MlirLogicalResult tileRunPipeline(const TileArtifact *a, MlirOperation op,
                                  const char *pipeline, const char *what);

/* Host codegen shared by backends: translates the LLVM-dialect host module
 * to LLVM IR ("llvm" part) and, when asked, machine code for the host target
 * ("obj", "asm"). */
MlirLogicalResult tileHostCodegenLLVM(const TileBackendContext *ctx,
                                      MlirOperation module, TileArtifact *a);

/* Marks every defined llvm.func of `module` without a target_cpu as
 * compiled for `chip` with `features` on top (target_cpu, target_features;
 * "native": this machine, and nothing to mark without features). C
 * interface wrappers become no_inline, so that the JIT's own wrappers
 * (compiled for the machine it runs on) do not take their code in. */
void tileSetHostFunctionTarget(MlirOperation module, const char *chip,
                               const char *features);

/* Device codegen shared by GPU backends: runs gpu-module-to-binary with
 * `format` (offload, assembly, bin, fatbin) and stores the objects of all
 * resulting gpu.binary ops as artifact part `part`. */
MlirLogicalResult tileSerializeGpuModules(MlirOperation module,
                                          const char *format,
                                          TileArtifact *artifact,
                                          const char *part);

/* The name `op` calls when it is an llvm.call of a symbol, into `name`;
 * false for any other op (an indirect call too). */
bool tileLlvmCallee(MlirOperation op, MlirStringRef *name);

/* Calls `report` (when not NULL) on each llvm.call under `module` whose
 * callee's name starts with `prefix` (a device library's: "__nv_",
 * "__ocml_"), with the callee's name, once per callee and location;
 * returns how many calls there are. */
typedef void (*TileLibraryCallFn)(MlirOperation call, MlirStringRef callee,
                                  void *userData);
unsigned tileLibraryCalls(MlirOperation module, const char *prefix,
                          TileLibraryCallFn report, void *userData);

/* Artifact plumbing used by the compile driver. */
void tileArtifactSetWanted(TileArtifact *a, const char *wantedParts);
void tileArtifactSetRuntimeLibrary(TileArtifact *a, const char *library);
void tileArtifactTakeHostModule(TileArtifact *a, MlirOperation module);
void tileArtifactSetPassManagerHook(TileArtifact *a, TilePassManagerHook hook,
                                    void *userData);
void tileArtifactConfigurePassManager(const TileArtifact *a,
                                      MlirPassManager pm);
TileKernelInfo *tileArtifactAddKernel(TileArtifact *a, const char *name);
TileEntryInfo *tileArtifactAddEntry(TileArtifact *a, const char *name);
/* Copies a string into storage owned by the artifact. */
const char *tileArtifactIntern(TileArtifact *a, MlirStringRef text);

/* Appends the bytes of `a` (parts, device format, runtime library, kernels,
 * entries, the host module as bytecode; not the pass manager hook or the
 * wanted parts) to `out`. */
bool tileArtifactSerialize(const TileArtifact *a, TileStrBuf *out);
/* Reads what tileArtifactSerialize wrote, parsing the host module into
 * `ctx`; NULL when the bytes are not such an artifact. */
TileArtifact *tileArtifactDeserialize(MlirContext ctx, MlirStringRef bytes);

#endif
