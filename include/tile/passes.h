/*===-- tile/passes.h - The tile pass registry ----------------------------===*\
|*                                                                            *|
|* Every tile pass is described by one descriptor (argument, summary, anchor  *|
|* op, options). Passes are created by argument with options in the textual   *|
|* pipeline syntax, e.g. "tile-verify" with options "kernel-required=false".  *|
|*                                                                            *|
|* Thread safety: every function here only reads the pass list and may be     *|
|* called from any thread at any time.                                        *|
\*===----------------------------------------------------------------------===*/
#ifndef TILE_PASSES_H
#define TILE_PASSES_H

#include "tile/diagnostics.h"

#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Number of tile passes.
MLIR_CAPI_EXPORTED intptr_t tileGetNumPasses(void);

/// The command-line argument of the pass at `index`, e.g. "tile-verify", or
/// "" when out of range. The text is static data of libtile, never freed.
MLIR_CAPI_EXPORTED MlirStringRef tilePassGetArgument(intptr_t index);

/// A one-line summary of what the pass at `index` does ("" when out of
/// range); static data of libtile, never freed.
MLIR_CAPI_EXPORTED MlirStringRef tilePassGetSummary(intptr_t index);

/// The operation the pass at `index` runs on ("" for any operation, and when
/// out of range); static data of libtile, never freed.
MLIR_CAPI_EXPORTED MlirStringRef tilePassGetAnchor(intptr_t index);

/// Prints the options of the pass at `index` (one per line: name, type,
/// default, help) through `callback`, in one call whose text is valid only
/// during the call. Prints nothing when out of range.
MLIR_CAPI_EXPORTED void tilePassPrintOptions(intptr_t index,
                                             MlirStringCallback callback,
                                             void *userData);

/// Returns the index of the tile pass named `argument`, or -1.
MLIR_CAPI_EXPORTED intptr_t tileFindPass(MlirStringRef argument);

/// Creates the tile pass named `argument` with `options` (the text between
/// the braces of `tile-pass{...}`, possibly empty). On an unknown pass or a
/// bad option, reports a message through `errors` and returns a null pass.
/// The caller owns the pass until it is added to a pass manager.
MLIR_CAPI_EXPORTED MlirPass tileCreatePass(MlirStringRef argument,
                                           MlirStringRef options,
                                           TileErrorSink errors);

#ifdef __cplusplus
}
#endif

#endif // TILE_PASSES_H
