/*===-- tile/tile.h - The tile-mlir C API ---------------------------------===*\
|*                                                                            *|
|* Umbrella header: everything a caller needs to read, verify and lower tile  *|
|* IR in its own MlirContext and pass managers.                               *|
|*                                                                            *|
|* Thread safety: tileRegisterUpstreamPasses fills MLIR's pass registry,      *|
|* which has no lock: call it once, before any thread builds a pipeline.      *|
|* Each header below states the rules of its own functions.                   *|
\*===----------------------------------------------------------------------===*/
#ifndef TILE_TILE_H
#define TILE_TILE_H

#include "tile/artifact.h"
#include "tile/backend.h"
#include "tile/cache.h"
#include "tile/diagnostics.h"
#include "tile/dialect.h"
#include "tile/passes.h"
#include "tile/pipeline.h"
#include "tile/runtime.h"
#include "tile/target.h"

#ifdef __cplusplus
extern "C" {
#endif

/// The version of tile-mlir, e.g. "0.1.0": a static string, never freed.
/// Thread-safe.
MLIR_CAPI_EXPORTED const char *tileGetVersion(void);

/// Registers MLIR's own passes so that pipelines can name them. Call once,
/// before building pipelines; registering twice is harmless. Not
/// thread-safe: it must not overlap with itself or with any pipeline being
/// built or parsed.
MLIR_CAPI_EXPORTED void tileRegisterUpstreamPasses(void);

#ifdef __cplusplus
}
#endif

#endif // TILE_TILE_H
