/*===-- tile/pipeline.h - Textual pass pipelines with tile passes ---------===*\
|*                                                                            *|
|* MLIR 22 has no C API that puts an external pass into its pass registry, so *|
|* a textual pipeline that names a tile pass cannot go through                *|
|* mlirParsePassPipeline. These functions read the same grammar, add tile     *|
|* passes as owned passes at their nesting and hand every run of upstream     *|
|* elements to MLIR. Upstream passes are found by name once                   *|
|* tileRegisterUpstreamPasses (tile/tile.h) has run.                          *|
|*                                                                            *|
|* Each call learns the anchor of the pass manager it is given by printing   *|
|* its pipeline (MLIR 22's C API cannot tell it otherwise), which prints the *|
|* options of the passes it holds: MLIR 22 reads past the pass object when   *|
|* it prints those of llvm-use-default-visibility, which can crash.          *|
|*                                                                            *|
|* Thread safety: these functions change the pass manager they are given and  *|
|* must not overlap with other uses of it or of its context; pass managers of *|
|* different contexts may be built from different threads at once.            *|
\*===----------------------------------------------------------------------===*/
#ifndef TILE_PIPELINE_H
#define TILE_PIPELINE_H

#include "tile/diagnostics.h"

#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Adds pipeline elements to `passManager`, relative to its anchor, like
/// mlirOpPassManagerAddPipeline, e.g. "func.func(tile-verify,canonicalize)".
/// Tile and upstream passes can be mixed at any nesting. Errors (syntax,
/// unknown passes or options, passes nested under the wrong op) are reported
/// through `errors`; on failure nothing is added.
MLIR_CAPI_EXPORTED MlirLogicalResult tileOpPassManagerAddPipeline(
    MlirOpPassManager passManager, MlirStringRef pipelineElements,
    TileErrorSink errors);

/// Adds a complete pipeline whose outermost element names the anchor of
/// `passManager`, e.g. "builtin.module(func.func(tile-verify),cse)". Errors
/// are reported through `errors`, as for tileOpPassManagerAddPipeline.
MLIR_CAPI_EXPORTED MlirLogicalResult
tileOpPassManagerParsePipeline(MlirOpPassManager passManager,
                               MlirStringRef pipeline, TileErrorSink errors);

/// Adds one pass by argument with options, nesting it implicitly under the
/// operation it runs on when that differs from the anchor of `passManager`
/// (as `mlir-opt --pass-name` does). Errors (an unknown pass, bad options)
/// are reported through `errors`; on failure nothing is added.
MLIR_CAPI_EXPORTED MlirLogicalResult
tileOpPassManagerAddPass(MlirOpPassManager passManager, MlirStringRef argument,
                         MlirStringRef options, TileErrorSink errors);

#ifdef __cplusplus
}
#endif

#endif // TILE_PIPELINE_H
