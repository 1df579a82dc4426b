/* The passes of the cuda backend, in the order pipelines/cuda.pipeline runs
 * them. */
#include "passes/pass.h"

extern const TilePassDescriptor tileCudaVerifyPass;
extern const TilePassDescriptor tileCudaLimitsPass;
extern const TilePassDescriptor tileCudaPathPass;
extern const TilePassDescriptor tileCudaWgmmaWsPass;
extern const TilePassDescriptor tileCudaWgmmaPass;
extern const TilePassDescriptor tileCudaMmaPass;
extern const TilePassDescriptor tileCudaDynamicSharedPass;
extern const TilePassDescriptor tileCudaLaunchSharedPass;
extern const TilePassDescriptor tileCudaMathPass;
extern const TilePassDescriptor tileCudaExternSharedPass;
extern const TilePassDescriptor tileCudaRegisterCapPass;
extern const TilePassDescriptor tileCudaLineInfoPass;
extern const TilePassDescriptor tileCudaSymbolNamesPass;

static const TilePassDescriptor *const passes[] = {
    &tileCudaVerifyPass,        &tileCudaLimitsPass,
    &tileCudaPathPass,          &tileCudaWgmmaWsPass,
    &tileCudaWgmmaPass,         &tileCudaMmaPass,
    &tileCudaDynamicSharedPass, &tileCudaLaunchSharedPass,
    &tileCudaSymbolNamesPass,   &tileCudaMathPass,
    &tileCudaExternSharedPass,  &tileCudaRegisterCapPass,
    &tileCudaLineInfoPass,
};

const TilePassList tileCudaPasses = {passes, TILE_COUNT(passes)};
