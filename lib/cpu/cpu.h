/* The cpu backend: targets, codegen and passes. */
#ifndef TILE_CPU_CPU_H
#define TILE_CPU_CPU_H

#include "tile/backend.h"

MlirLogicalResult tileCpuNormalizeTarget(TileTarget *target,
                                         TileErrorSink errors);
bool tileCpuDetectTarget(TileTarget *target);
/* Whether this machine runs code for `target` (jit): it has every feature
 * the target's chip and features need; says which it lacks otherwise. */
bool tileCpuJitAvailable(const TileTarget *target, TileErrorSink why);
MlirLogicalResult tileCpuDeviceCodegen(const TileBackendContext *ctx,
                                       MlirOperation module, bool compile,
                                       TileArtifact *artifact);

#endif
