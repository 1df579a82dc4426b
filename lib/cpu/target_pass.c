/* tile-cpu-target: the functions of the module are compiled for the
 * target's chip and features, whatever machine compiles them: each llvm.func
 * gets target_cpu and target_features ("native", the default, is the
 * machine compiling, or the chip $TILE_HOST_CPU names). */
#include "backend/backend.h"
#include "cpu/chips.h"
#include "cpu/lowering.h"

#include <string.h>

static void run(MlirOperation module, MlirExternalPass pass,
                const TileOptionValue *options) {
  (void)pass;
  const char *chip = options[0].s;
  if (!chip[0] || strcmp(chip, "native") == 0)
    chip = tileCpuNativeChip();
  tileSetHostFunctionTarget(module, chip, options[1].s);
}

static const TilePassOption options[] = {TILE_CPU_TARGET_OPTIONS};

const TilePassDescriptor tileCpuTargetPass = {
    .argument = "tile-cpu-target",
    .name = "TileCpuTarget",
    .summary = "Mark every llvm.func with the target's cpu and features "
               "(target_cpu, target_features), so that LLVM compiles it for "
               "that chip on any machine (cpu)",
    .anchor = "builtin.module",
    .options = options,
    .numOptions = TILE_COUNT(options),
    .run = run,
};
