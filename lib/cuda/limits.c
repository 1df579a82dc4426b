/* tile-cuda-limits: every kernel fits the chip's limits per block (shared
 * memory, threads, grid) and per thread (local memory). Run on the input, where
 * an oversized shared tile is reported at its tile.alloc, and again after
 * tile-cuda-dynamic-shared, which knows the bytes a kernel really asks for
 * (1024-byte aligned tiles, pipeline stages, mbarriers); before, a launch could
 * ask for more shared memory than any chip has and compile. */
#include "gpu/limits.h"
#include "cuda/cuda.h"
#include "ir/ir.h"
#include "passes/pass.h"

#include <stdio.h>

enum { OptChip };

static const TilePassOption options[] = {
    [OptChip] = {"chip", TileOptionString, "sm_80", "the CUDA chip", NULL,
                 tileCudaCheckChip},
};

static void run(MlirOperation op, MlirExternalPass pass,
                const TileOptionValue *values) {
  const TileCudaChip *chip = tileCudaFindChip(values[OptChip].s);
  if (!chip) {
    tileEmitOpError(op, "tile-cuda-limits: unknown cuda chip '%s'",
                    values[OptChip].s);
    mlirExternalPassSignalFailure(pass);
    return;
  }
  char target[40];
  snprintf(target, sizeof(target), "cuda:%s", chip->name);
  TileGpuLimits limits = {
      .target = target,
      .sharedBytes = chip->sharedBytes,
      .threads = 1024,
      .grid = {INT32_MAX, 65535, 65535},
      /* Local memory per thread, on every chip since sm_20; ptxas takes
       * more, and the launch then fails for lack of resources. */
      .privateBytes = 512 * 1024,
  };
  if (tileGpuCheckLimits(op, &limits))
    mlirExternalPassSignalFailure(pass);
}

const TilePassDescriptor tileCudaLimitsPass = {
    .argument = "tile-cuda-limits",
    .name = "TileCudaLimits",
    .summary = "Check every kernel against the chip's limits per block: "
               "shared memory, threads and grid, and local memory per thread",
    .anchor = "func.func",
    .options = options,
    .numOptions = TILE_COUNT(options),
    .run = run,
};
