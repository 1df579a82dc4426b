/* The rocm backend: targets, codegen. */
#ifndef TILE_ROCM_ROCM_H
#define TILE_ROCM_ROCM_H

#include "tile/backend.h"

MlirLogicalResult tileRocmNormalizeTarget(TileTarget *target,
                                          TileErrorSink errors);
bool tileRocmDetectTarget(TileTarget *target);
bool tileRocmDriverAvailable(const TileTarget *target, TileErrorSink why);
MlirLogicalResult tileRocmDeviceCodegen(const TileBackendContext *ctx,
                                        MlirOperation module, bool compile,
                                        TileArtifact *artifact);

#endif
