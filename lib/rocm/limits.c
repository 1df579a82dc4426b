/* tile-rocm-limits: every kernel fits the chip's limits per workgroup (LDS,
 * threads, grid) and per thread (scratch). LLVM refused kernels beyond the
 * first and the last only at code generation, with no location ("error:
 * <unknown>:0:0: local memory (262144) exceeds limit (65536) in function
 * 'k_kernel'"). The grid: blocks per dimension are int32, and a dispatch
 * counts at most 2^32 - 1 work-items along a dimension (the HSA dispatch
 * packet's 32-bit grid size). */
#include "gpu/limits.h"
#include "ir/ir.h"
#include "passes/pass.h"
#include "rocm/rocm.h"

#include <stdio.h>

enum { OptChip };

static const TilePassOption options[] = {
    [OptChip] = {"chip", TileOptionString, "gfx942", "the AMDGPU chip", NULL,
                 tileRocmCheckChip},
};

static void run(MlirOperation op, MlirExternalPass pass,
                const TileOptionValue *values) {
  const TileRocmChip *chip = tileRocmFindChip(values[OptChip].s);
  if (!chip) {
    tileEmitOpError(op, "tile-rocm-limits: unknown rocm chip '%s'",
                    values[OptChip].s);
    mlirExternalPassSignalFailure(pass);
    return;
  }
  char target[40];
  snprintf(target, sizeof(target), "rocm:%s", chip->name);
  TileGpuLimits limits = {
      .target = target,
      .sharedBytes = chip->sharedBytes,
      .privateBytes = chip->privateBytes,
      .threads = 1024,
      .grid = {INT32_MAX, INT32_MAX, INT32_MAX},
      .gridWorkItemsX = UINT32_MAX,
  };
  if (tileGpuCheckLimits(op, &limits))
    mlirExternalPassSignalFailure(pass);
}

const TilePassDescriptor tileRocmLimitsPass = {
    .argument = "tile-rocm-limits",
    .name = "TileRocmLimits",
    .summary = "Check every kernel against the chip's limits: LDS, threads "
               "and grid per workgroup, scratch per thread",
    .anchor = "func.func",
    .options = options,
    .numOptions = TILE_COUNT(options),
    .run = run,
};
