/*===-- tile/dialect.h - Loading the tile dialects ------------------------===*\
|*                                                                            *|
|* The tile dialect is defined in IRDL (dialects/tile.irdl.mlir) and embedded *|
|* into libtile. These functions make it, and the upstream dialects tile IR   *|
|* is written with, available in a caller's MlirContext.                      *|
|*                                                                            *|
|* Thread safety: functions that take an MlirContext (loading, parsing) must  *|
|* not overlap with other work on that context, as MLIR requires; different   *|
|* contexts may be used from different threads. The others (embedded files,   *|
|* scopes) read only constants and the given type: any thread, any time.      *|
\*===----------------------------------------------------------------------===*/
#ifndef TILE_DIALECT_H
#define TILE_DIALECT_H

#include "mlir-c/IR.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Makes tile IR parseable in `ctx`: registers the upstream dialects
/// (func, scf, arith, memref, gpu, ...) and loads the tile dialect. Safe to
/// call more than once. Errors are reported as diagnostics on `ctx`.
MLIR_CAPI_EXPORTED MlirLogicalResult tileContextLoadDialects(MlirContext ctx);

/// Loads every dialect defined by the IRDL module in `source` into `ctx`
/// (what `tile-opt --irdl-file` does). `sourceName` names the text in
/// diagnostics.
MLIR_CAPI_EXPORTED MlirLogicalResult tileContextLoadIRDL(
    MlirContext ctx, MlirStringRef source, MlirStringRef sourceName);

/// Parses tile IR text into a new builtin.module that the caller owns
/// (mlirOperationDestroy), naming the text `sourceName` in locations, as
/// tile-opt and tile-run read their input: a single top-level op that is not
/// a module is wrapped into one, and input that MLIR's parser or folders
/// would crash on (braces nested more than 1000 deep, negative constant
/// dim indices) is refused; compiling also refuses a constant dim index
/// past the rank. `source` need not be NUL-terminated.
/// Returns a null operation after reporting errors as diagnostics on `ctx`.
MLIR_CAPI_EXPORTED MlirOperation tileModuleCreateParse(
    MlirContext ctx, MlirStringRef source, MlirStringRef sourceName);

/// Returns the embedded IRDL text of the tile dialect: static data of
/// libtile, never freed.
MLIR_CAPI_EXPORTED MlirStringRef tileGetDialectSource(void);

/// Returns the embedded text of dialects/<fileName> (e.g.
/// "tile_cuda.irdl.mlir"), or a null reference. The text is static data of
/// libtile, never freed.
MLIR_CAPI_EXPORTED MlirStringRef tileGetDialectFile(const char *fileName);

/// The scope of a tile buffer, read off the memory space of its memref type.
typedef enum {
  TileScopeGlobal,   ///< no memory space: device (or host) memory
  TileScopeShared,   ///< #gpu.address_space<workgroup>: one copy per block
  TileScopeFragment, ///< #tile.fragment: distributed over the threads
  TileScopeLocal,    ///< #gpu.address_space<private>: one copy per thread
  TileScopeInvalid   ///< any other memory space, or not a memref
} TileScope;

/// The scope of a memref type, read off its memory space (TileScopeInvalid
/// for a type that is not a memref or an unknown memory space). Never emits a
/// diagnostic.
MLIR_CAPI_EXPORTED TileScope tileMemRefTypeGetScope(MlirType type);

/// Returns the memory space attribute of a scope (null for global).
MLIR_CAPI_EXPORTED MlirAttribute tileScopeGetMemorySpace(MlirContext ctx,
                                                         TileScope scope);

/// Returns "global", "shared", "fragment", "local" or "invalid" (static
/// strings).
MLIR_CAPI_EXPORTED const char *tileScopeGetName(TileScope scope);

#ifdef __cplusplus
}
#endif

#endif // TILE_DIALECT_H
