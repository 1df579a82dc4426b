/*===-- tile/artifact.h - The result of a compilation ---------------------===*\
|*                                                                            *|
|* A TileArtifact holds what a compilation produced, as named parts ("mlir",  *|
|* "llvm", "ptx", "cubin", "isa", "hsaco", "spirv", "spirv-asm", "obj",       *|
|* "asm"), the format of the device code, the host module, and the launch     *|
|* metadata of every kernel and host entry point.                             *|
\*===----------------------------------------------------------------------===*/
#ifndef TILE_ARTIFACT_H
#define TILE_ARTIFACT_H

#include "mlir-c/IR.h"

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct TileArtifact TileArtifact;

/// Reports problems; `userData` is what the caller passed along.
typedef struct {
  MlirStringCallback callback;
  void *userData;
} TileErrorSink;

#define TILE_MAX_KERNEL_ARGS 32

/// A device kernel and how the host launches it.
typedef struct {
  const char *name;         ///< kernel symbol (module::kernel for GPU code)
  int64_t grid[3];          ///< blocks; -1 where computed at run time
  int64_t block[3];         ///< threads per block
  int64_t sharedBytes;      ///< static shared memory in bytes
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

MLIR_CAPI_EXPORTED TileArtifact *tileArtifactCreate(void);
MLIR_CAPI_EXPORTED void tileArtifactDestroy(TileArtifact *artifact);

/// Adds (or replaces) a part; the bytes are copied.
MLIR_CAPI_EXPORTED void tileArtifactSetPart(TileArtifact *artifact,
                                            const char *name,
                                            MlirStringRef bytes);
/// Returns a part's bytes, or a null reference (data == NULL).
MLIR_CAPI_EXPORTED MlirStringRef tileArtifactGetPart(const TileArtifact *a,
                                                     const char *name);
MLIR_CAPI_EXPORTED intptr_t tileArtifactGetNumParts(const TileArtifact *a);
MLIR_CAPI_EXPORTED const char *tileArtifactGetPartName(const TileArtifact *a,
                                                       intptr_t index);
/// Writes a part to the file `path`, whole or not at all: the bytes go to a
/// temporary file beside it that replaces `path` only once every write and
/// the close succeeded, so a failure leaves an existing file as it was.
/// Devices (e.g. /dev/null) are written in place and never removed. Fails,
/// reporting through `errors`, when the part does not exist or the file
/// cannot be written. Safe to call from several threads on distinct paths.
MLIR_CAPI_EXPORTED MlirLogicalResult tileArtifactWritePart(
    const TileArtifact *artifact, const char *part, const char *path,
    TileErrorSink errors);
/// Whether the caller of the compilation asked for a part (e.g. "obj").
MLIR_CAPI_EXPORTED bool tileArtifactWantsPart(const TileArtifact *a,
                                              const char *name);

/// The name of the part holding the device code ("ptx", "spirv", ...), or
/// "" when the target has no separate device code (cpu).
MLIR_CAPI_EXPORTED const char *
tileArtifactGetDeviceFormat(const TileArtifact *a);
MLIR_CAPI_EXPORTED void tileArtifactSetDeviceFormat(TileArtifact *a,
                                                    const char *format);

/// The runtime library host code calls into (e.g. "tile_rt_vulkan"), if any.
MLIR_CAPI_EXPORTED const char *
tileArtifactGetRuntimeLibrary(const TileArtifact *a);

/// The host module (LLVM dialect), owned by the artifact.
MLIR_CAPI_EXPORTED MlirOperation
tileArtifactGetHostModule(const TileArtifact *a);

MLIR_CAPI_EXPORTED intptr_t tileArtifactGetNumKernels(const TileArtifact *a);
MLIR_CAPI_EXPORTED const TileKernelInfo *
tileArtifactGetKernel(const TileArtifact *a, intptr_t index);
MLIR_CAPI_EXPORTED intptr_t tileArtifactGetNumEntries(const TileArtifact *a);
MLIR_CAPI_EXPORTED const TileEntryInfo *
tileArtifactGetEntry(const TileArtifact *a, intptr_t index);

#ifdef __cplusplus
}
#endif

#endif // TILE_ARTIFACT_H
