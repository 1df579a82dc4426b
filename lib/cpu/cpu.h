/* The cpu backend: targets, codegen and passes. */
#ifndef TILE_CPU_CPU_H
#define TILE_CPU_CPU_H

#include "tile/backend.h"

MlirLogicalResult tileCpuNormalizeTarget(TileTarget *target,
                                         TileErrorSink errors);
bool tileCpuDetectTarget(TileTarget *target);
MlirLogicalResult tileCpuDeviceCodegen(const TileBackendContext *ctx,
                                       MlirOperation module, bool compile,
                                       TileArtifact *artifact);

#endif
