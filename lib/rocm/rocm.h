/* The rocm backend: targets, codegen. */
#ifndef TILE_ROCM_ROCM_H
#define TILE_ROCM_ROCM_H

#include "tile/backend.h"

#include <stdint.h>

/* An AMDGPU chip the backend compiles for, and its limits. */
typedef struct {
  const char *name;      /* "gfx942" */
  int64_t sharedBytes;   /* LDS per workgroup */
  int64_t privateBytes;  /* scratch per thread (LLVM's stack frame limit) */
  int64_t maxWavesPerEU; /* waves a SIMD holds at most */
  bool directToLds;      /* global loads that write LDS directly */
} TileRocmChip;

/* The chip named `name`, or NULL when the backend does not know it. The
 * table is static and immutable. */
const TileRocmChip *tileRocmFindChip(const char *name);

MlirLogicalResult tileRocmNormalizeTarget(TileTarget *target,
                                          TileErrorSink errors);
bool tileRocmDetectTarget(TileTarget *target);
bool tileRocmDriverAvailable(const TileTarget *target, TileErrorSink why);
MlirLogicalResult tileRocmDeviceCodegen(const TileBackendContext *ctx,
                                        MlirOperation module, bool compile,
                                        TileArtifact *artifact);

#endif
