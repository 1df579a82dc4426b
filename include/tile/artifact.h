/*===-- tile/artifact.h - The result of a compilation ---------------------===*\
|*                                                                            *|
|* A TileArtifact holds what a compilation produced, as named parts ("mlir",  *|
|* "llvm", "ptx", "cubin", "isa", "hsaco", "spirv", "spirv-asm", "obj",       *|
|* "asm"), the format of the device code, the host module, and the launch     *|
|* metadata of every kernel and host entry point.                             *|
|*                                                                            *|
|* Thread safety: an artifact has no lock. Functions that only read it (the   *|
|* Get functions, tileArtifactWantsPart, tileArtifactWritePart) may run on    *|
|* one artifact from several threads at once; a function that changes it      *|
|* (Set, Destroy) must not overlap with any other call on that artifact.      *|
|* Distinct artifacts are independent.                                        *|
\*===----------------------------------------------------------------------===*/
#ifndef TILE_ARTIFACT_H
#define TILE_ARTIFACT_H

#include "tile/diagnostics.h"

#include "mlir-c/IR.h"

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct TileArtifact TileArtifact;

#define TILE_MAX_KERNEL_ARGS 32

/// A device kernel and how the host launches it.
typedef struct {
  const char *name;           ///< kernel symbol (module::kernel for GPU code)
  int64_t grid[3];            ///< blocks; -1 where computed at run time
  int64_t block[3];           ///< threads per block
  int64_t sharedBytes;        ///< static shared memory in bytes
  int64_t dynamicSharedBytes; ///< -1 where computed at run time
  unsigned numArgs;
  const char *argTypes[TILE_MAX_KERNEL_ARGS]; ///< printed MLIR types
} TileKernelInfo;

/// A host function a program calls to run the compiled code.
typedef struct {
  const char *name;
  unsigned numArgs;
  const char *argTypes[TILE_MAX_KERNEL_ARGS]; ///< printed MLIR types
} TileEntryInfo;

/// Creates an empty artifact (no parts, kernels or entries) that the caller
/// owns and frees with tileArtifactDestroy. Device codegens and toolchain
/// callbacks fill the artifact a compilation hands them; a caller of the API
/// normally receives a finished one from tileCompile.
MLIR_CAPI_EXPORTED TileArtifact *tileArtifactCreate(void);
/// Frees `artifact` with its parts, kernel and entry tables and its host
/// module; every pointer and reference obtained from it dies with it. NULL
/// is ignored.
MLIR_CAPI_EXPORTED void tileArtifactDestroy(TileArtifact *artifact);

/// Adds (or replaces) a part; the name and the bytes are copied.
MLIR_CAPI_EXPORTED void tileArtifactSetPart(TileArtifact *artifact,
                                            const char *name,
                                            MlirStringRef bytes);
/// Returns a part's bytes, or a null reference (data == NULL). The bytes
/// are owned by the artifact, followed by a NUL that the length does not
/// count, and stay valid until the part is replaced or the artifact is
/// destroyed.
MLIR_CAPI_EXPORTED MlirStringRef tileArtifactGetPart(const TileArtifact *a,
                                                     const char *name);
/// The number of parts, for tileArtifactGetPartName.
MLIR_CAPI_EXPORTED intptr_t tileArtifactGetNumParts(const TileArtifact *a);
/// The name of the part at `index` (0 to tileArtifactGetNumParts - 1, in the
/// order they were added), or NULL when out of range. The name is owned by
/// the artifact and valid until it is destroyed.
MLIR_CAPI_EXPORTED const char *tileArtifactGetPartName(const TileArtifact *a,
                                                       intptr_t index);
/// Writes a part to the file `path`, whole or not at all: the bytes go to a
/// temporary file beside it that replaces `path` only once every write and
/// the close succeeded, so a failure leaves an existing file as it was.
/// Devices (e.g. /dev/null) are written in place and never removed. Fails,
/// reporting through `errors`, when the part does not exist or the file
/// cannot be written. Safe to call from several threads on distinct paths.
MLIR_CAPI_EXPORTED MlirLogicalResult
tileArtifactWritePart(const TileArtifact *artifact, const char *part,
                      const char *path, TileErrorSink errors);
/// Whether the caller of the compilation asked for a part (e.g. "obj").
MLIR_CAPI_EXPORTED bool tileArtifactWantsPart(const TileArtifact *a,
                                              const char *name);

/// The name of the part holding the device code ("ptx", "spirv", ...), or
/// "" when the target has no separate device code (cpu). The string is
/// owned by the artifact and valid until the format is set again or the
/// artifact is destroyed.
MLIR_CAPI_EXPORTED const char *
tileArtifactGetDeviceFormat(const TileArtifact *a);
/// Records which part holds the device code (copied; at most 31 characters
/// are kept; NULL means ""). Device codegens call it.
MLIR_CAPI_EXPORTED void tileArtifactSetDeviceFormat(TileArtifact *a,
                                                    const char *format);

/// The runtime library host code calls into (e.g. "tile_rt_vulkan"), or
/// NULL when there is none. The string is owned by the artifact (or by the
/// backend manifest, which outlives it) and valid while the artifact lives.
MLIR_CAPI_EXPORTED const char *
tileArtifactGetRuntimeLibrary(const TileArtifact *a);

/// The host module (LLVM dialect) in the MlirContext of the compiled module,
/// or a null operation for an empty artifact. It is owned by the artifact
/// (never destroy it) and valid until the artifact is destroyed; the
/// context must outlive the artifact.
MLIR_CAPI_EXPORTED MlirOperation
tileArtifactGetHostModule(const TileArtifact *a);

/// The number of device kernels the compilation produced (0 for cpu code,
/// whose kernels are host functions).
MLIR_CAPI_EXPORTED intptr_t tileArtifactGetNumKernels(const TileArtifact *a);
/// The kernel at `index`, or NULL when out of range. The record and its
/// strings are owned by the artifact and valid until it is destroyed or a
/// kernel is added to it.
MLIR_CAPI_EXPORTED const TileKernelInfo *
tileArtifactGetKernel(const TileArtifact *a, intptr_t index);
/// The number of host entry points a program can call.
MLIR_CAPI_EXPORTED intptr_t tileArtifactGetNumEntries(const TileArtifact *a);
/// The entry point at `index`, or NULL when out of range. The record and its
/// strings are owned by the artifact and valid until it is destroyed or an
/// entry is added to it.
MLIR_CAPI_EXPORTED const TileEntryInfo *
tileArtifactGetEntry(const TileArtifact *a, intptr_t index);

#ifdef __cplusplus
}
#endif

#endif // TILE_ARTIFACT_H
