/* tile-cuda-verify: the target-neutral rules of the tile_cuda dialect's
 * ops (cuda/extension.h), checked before the cuda lowering reads them. */
#include "cuda/extension.h"
#include "passes/pass.h"

static void run(MlirOperation op, MlirExternalPass pass,
                const TileOptionValue *values) {
  (void)values;
  if (tileCudaVerifyExtensionOps(op))
    mlirExternalPassSignalFailure(pass);
}

const TilePassDescriptor tileCudaVerifyPass = {
    .argument = "tile-cuda-verify",
    .name = "TileCudaVerify",
    .summary = "Check the tile_cuda ops: each directly in a kernel body, at "
               "most one of each per kernel, a known path name, i64 attributes "
               "in range",
    .anchor = "func.func",
    .run = run,
};
