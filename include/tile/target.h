/*===-- tile/target.h - Compilation targets -------------------------------===*\
|*                                                                            *|
|* A target is written `kind[:chip][,key=value]...`, e.g. `cuda:sm_90a`,      *|
|* `rocm:gfx942`, `vulkan:v1.3`, `cpu:native,threads=4`, or `auto`. The       *|
|* common plumbing splits the text and resolves aliases; the backend that     *|
|* owns the kind validates the chip and options and fills in defaults.        *|
|*                                                                            *|
|* Thread safety: a TileTarget is a plain value; these functions touch only   *|
|* the target they are given and run from any thread.                         *|
\*===----------------------------------------------------------------------===*/
#ifndef TILE_TARGET_H
#define TILE_TARGET_H

#include "tile/diagnostics.h"

#include "mlir-c/Support.h"

#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

#define TILE_TARGET_MAX_OPTIONS 8

/// The host target when none is given: an alias that a backend resolves
/// (the cpu backend resolves it to this machine).
#define TILE_DEFAULT_HOST_TARGET "host"

typedef struct {
  char key[32];
  char value[96];
} TileTargetOption;

/// A parsed (and, once a backend normalised it, canonical) target.
typedef struct {
  char kind[32];      ///< e.g. "cuda" (aliases already resolved)
  char chip[64];      ///< e.g. "sm_90a", "gfx942", "v1.3", a CPU name
  char features[128]; ///< e.g. "+ptx80" or "+avx2,+fma"
  int optLevel;       ///< 0..3 (key "opt")
  unsigned numOptions;
  TileTargetOption options[TILE_TARGET_MAX_OPTIONS]; ///< backend-specific keys
} TileTarget;

/// Splits `text` into kind, chip and options without validating them against
/// a backend (no alias resolution) into the caller's `target`. Reports
/// malformed text through `errors` (once).
MLIR_CAPI_EXPORTED MlirLogicalResult tileTargetParse(MlirStringRef text,
                                                     TileTarget *target,
                                                     TileErrorSink errors);

/// Prints the canonical text of a target, e.g. "cuda:sm_90a,features=+ptx80",
/// through `callback`; the text is valid only during each call.
MLIR_CAPI_EXPORTED void tileTargetPrint(const TileTarget *target,
                                        MlirStringCallback callback,
                                        void *userData);

/// Returns the value of a backend-specific option, or NULL. The string lives
/// in `target` (owned by whoever owns the target) and is valid as long as
/// the target is unchanged.
MLIR_CAPI_EXPORTED const char *tileTargetGetOption(const TileTarget *target,
                                                   const char *key);

#ifdef __cplusplus
}
#endif

#endif // TILE_TARGET_H
