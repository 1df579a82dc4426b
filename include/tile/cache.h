/*===-- tile/cache.h - The kernel cache -----------------------------------===*\
|*                                                                            *|
|* Compiled artifacts kept on disk so that compiling the same IR for the      *|
|* same target again loads the result instead. tile-run, the Python package   *|
|* and any C caller share one directory: $TILE_CACHE_DIR, else                *|
|* $XDG_CACHE_HOME/tile-mlir, else $HOME/.cache/tile-mlir. TILE_CACHE=off     *|
|* turns it off.                                                              *|
|*                                                                            *|
|* Thread safety: an open cache holds no mutable state, so every function     *|
|* but tileCacheClose may use one cache from several threads at once (and     *|
|* several processes may share one directory); tileCacheClose must not        *|
|* overlap with other uses of the cache. tileCompileCached follows the rule   *|
|* of tileCompile for the module's MlirContext.                               *|
\*===----------------------------------------------------------------------===*/
#ifndef TILE_CACHE_H
#define TILE_CACHE_H

#include "tile/backend.h"

#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct TileCache TileCache;

/// Opens the cache in `directory`, or in the default directory when it is
/// NULL (see above), creating the directory. Returns NULL without reporting
/// when `directory` is NULL and $TILE_CACHE is "off", "0", "no" or
/// "false"; returns NULL after reporting through `errors` when the
/// directory cannot be created. A cache may be used from several threads;
/// several processes may use one directory at the same time. `directory`
/// is copied. The caller owns the cache and frees it with tileCacheClose.
MLIR_CAPI_EXPORTED TileCache *tileCacheOpen(const char *directory,
                                            TileErrorSink errors);
/// Frees the cache (its entries stay on disk). NULL is ignored.
MLIR_CAPI_EXPORTED void tileCacheClose(TileCache *cache);

/// The directory of the cache (no trailing '/'), owned by the cache and
/// valid until it is closed.
MLIR_CAPI_EXPORTED const char *tileCacheGetDirectory(const TileCache *cache);

/// Writes the key of compiling `module` for `ctx` with `wantedParts` (may
/// be NULL) into `hex` (64 hex digits and a NUL): a SHA-256 of the module
/// as printed in generic form with locations, the target, host target and
/// execution backend, the resolved pipeline, the wanted parts, the versions
/// of tile-mlir and LLVM, the build of libtile that runs (its GNU build ID)
/// and the LLVM library it runs with, and the machine (its CPU name and
/// features, and $TILE_HOST_CPU), so that an entry made by another build of
/// the compiler or on another machine is never taken for this one's.
MLIR_CAPI_EXPORTED void tileCacheKey(const TileBackendContext *ctx,
                                     MlirOperation module,
                                     const char *wantedParts, char hex[65]);

/// tileCompileWithOptions through the cache. On a hit, the stored artifact
/// is returned (its host module parsed into the module's context) and
/// `module` is left as it was; on a miss, `module` is compiled (and
/// transformed in place, as by tileCompileWithOptions) and the artifact
/// stored: written to a temporary file in the directory, then renamed to
/// its entry, so that no process ever reads a partial entry. An entry
/// whose length or SHA-256 checksum does not match what it holds (a
/// truncated or damaged file) is never loaded: it counts as a miss and is
/// replaced. `hit` (may be NULL) says which happened. Compilations with a
/// pass manager hook (IR printing, timing) always compile and store
/// nothing. Failing to store an entry is not an error: the artifact is
/// returned all the same. Diagnostics of a compilation (warnings included)
/// are not stored: a hit repeats none. A NULL `cache` compiles without
/// one. Returns NULL as tileCompileWithOptions does; the caller owns the
/// returned artifact (tileArtifactDestroy, before the module's context).
MLIR_CAPI_EXPORTED TileArtifact *
tileCompileCached(TileCache *cache, const TileBackendContext *ctx,
                  MlirOperation module, const TileCompileOptions *options,
                  bool *hit);

#ifdef __cplusplus
}
#endif

#endif // TILE_CACHE_H
