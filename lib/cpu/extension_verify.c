/* tile-cpu-verify: the target-neutral rules of the tile_cpu dialect's ops
 * (cpu/extension.h), checked before the cpu lowering reads them. */
#include "cpu/extension.h"
#include "passes/pass.h"

static void run(MlirOperation op, MlirExternalPass pass,
                const TileOptionValue *values) {
  (void)values;
  if (tileCpuVerifyExtensionOps(op))
    mlirExternalPassSignalFailure(pass);
}

const TilePassDescriptor tileCpuVerifyPass = {
    .argument = "tile-cpu-verify",
    .name = "TileCpuVerify",
    .summary = "Check the tile_cpu ops: each directly in a kernel body, at "
               "most one of each per kernel, i64 and bool attributes in range",
    .anchor = "func.func",
    .run = run,
};
