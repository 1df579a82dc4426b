/* tile-verify: checks every semantic rule of tile IR, first in a pipeline. */
#include "ir/verify.h"
#include "passes/pass.h"

enum { OptKernelRequired };

static const TilePassOption options[] = {
    [OptKernelRequired] = {"kernel-required", TileOptionBool, "true",
                           "require ops on shared or fragment buffers, gemm "
                           "and reduce to be inside a kernel loop",
                           NULL, NULL},
};

static void run(MlirOperation op, MlirExternalPass pass,
                const TileOptionValue *values) {
  TileVerifyOptions verifyOptions = {.kernelRequired =
                                         values[OptKernelRequired].b};
  if (tileVerify(op, &verifyOptions))
    mlirExternalPassSignalFailure(pass);
}

const TilePassDescriptor tileVerifyPass = {
    .argument = "tile-verify",
    .name = "TileVerify",
    .summary = "Check the semantic rules of tile IR (shapes, element types, "
               "scopes, structure attributes)",
    .anchor = "",
    .options = options,
    .numOptions = TILE_COUNT(options),
    .run = run,
};
