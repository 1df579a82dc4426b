/* The rocm backend: targets, codegen. */
#ifndef TILE_ROCM_ROCM_H
#define TILE_ROCM_ROCM_H

#include "support/strbuf.h"
#include "tile/backend.h"

#include <stdbool.h>
#include <stdint.h>

/* An AMDGPU chip the backend compiles for, and its limits. */
typedef struct {
  const char *name;      /* "gfx942" */
  int64_t sharedBytes;   /* LDS per workgroup */
  int64_t privateBytes;  /* scratch per thread (LLVM's stack frame limit) */
  int64_t maxWavesPerEU; /* waves a SIMD holds at most */
  bool directToLds;      /* global loads that write LDS directly */
} TileRocmChip;

/* The chips the backend knows, as its module lists them. */
#define TILE_ROCM_CHIPS "gfx908, gfx90a, gfx942, gfx950, gfx1100, gfx1201"

/* The chip named `name`, or NULL when the backend does not know it. The
 * table is static and immutable. */
const TileRocmChip *tileRocmFindChip(const char *name);

/* Whether `chip` is a chip the backend knows; what is wrong in *why when
 * not (the check of rocm targets and of the rocm passes' chip options). */
bool tileRocmCheckChip(const char *chip, TileStrBuf *why);

MlirLogicalResult tileRocmNormalizeTarget(TileTarget *target,
                                          TileErrorSink errors);
bool tileRocmDetectTarget(TileTarget *target);
bool tileRocmDriverAvailable(const TileTarget *target, TileErrorSink why);
MlirLogicalResult tileRocmDeviceCodegen(const TileBackendContext *ctx,
                                        MlirOperation module, bool compile,
                                        TileArtifact *artifact);

#endif
