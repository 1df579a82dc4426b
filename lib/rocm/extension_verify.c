/* tile-rocm-verify: the target-neutral rules of the tile_rocm dialect's
 * ops (rocm/extension.h), checked before the rocm lowering reads them. */
#include "passes/pass.h"
#include "rocm/extension.h"

static void run(MlirOperation op, MlirExternalPass pass,
                const TileOptionValue *values) {
  (void)values;
  if (tileRocmVerifyExtensionOps(op))
    mlirExternalPassSignalFailure(pass);
}

const TilePassDescriptor tileRocmVerifyPass = {
    .argument = "tile-rocm-verify",
    .name = "TileRocmVerify",
    .summary = "Check the tile_rocm ops: each directly in a kernel body, at "
               "most one of each per kernel, i64 attributes in range",
    .anchor = "func.func",
    .run = run,
};
