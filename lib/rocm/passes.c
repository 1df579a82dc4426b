/* The passes of the rocm backend, in the order pipelines/rocm.pipeline runs
 * them. */
#include "passes/pass.h"

extern const TilePassDescriptor tileRocmVerifyPass;
extern const TilePassDescriptor tileRocmLimitsPass;
extern const TilePassDescriptor tileRocmMatrixPass;
extern const TilePassDescriptor tileRocmReluPass;
extern const TilePassDescriptor tileRocmWavesPass;
extern const TilePassDescriptor tileRocmAssertsPass;
extern const TilePassDescriptor tileRocmPrivateAllocasPass;

static const TilePassDescriptor *const passes[] = {
    &tileRocmVerifyPass,         &tileRocmLimitsPass, &tileRocmMatrixPass,
    &tileRocmReluPass,           &tileRocmWavesPass,  &tileRocmAssertsPass,
    &tileRocmPrivateAllocasPass,
};

const TilePassList tileRocmPasses = {passes, TILE_COUNT(passes)};
