/* The passes of lib/passes, the ones every pipeline uses: tile-verify first,
 * tile-expect-lowered once a backend's passes are done, and the expansions
 * of ops some targets do not lower (math, memref.copy, rounding modes,
 * atomics, the index dialect, reshapes into several dynamic sizes, vector
 * accesses of i1 memory). */
#include "passes/pass.h"

extern const TilePassDescriptor tileVerifyPass;
extern const TilePassDescriptor tileExpectLoweredPass;
extern const TilePassDescriptor tileMathExpandPass;
extern const TilePassDescriptor tileExpandCopiesPass;
extern const TilePassDescriptor tileCheckFloatTypesPass;
extern const TilePassDescriptor tileCheckUnloweredPass;
extern const TilePassDescriptor tileCheckMemorySpacesPass;
extern const TilePassDescriptor tileExpandRoundingPass;
extern const TilePassDescriptor tileExpandAtomicsPass;
extern const TilePassDescriptor tileExpandBoolVectorsPass;
extern const TilePassDescriptor tileIndexToArithPass;
extern const TilePassDescriptor tileExpandShapesPass;
extern const TilePassDescriptor tileExpandVectorsPass;
extern const TilePassDescriptor tileHostSymbolNamesPass;
extern const TilePassDescriptor tileHostCWrappersPass;

static const TilePassDescriptor *const passes[] = {
    &tileVerifyPass,
    &tileExpectLoweredPass,
    &tileMathExpandPass,
    &tileExpandCopiesPass,
    &tileCheckFloatTypesPass,
    &tileCheckUnloweredPass,
    &tileCheckMemorySpacesPass,
    &tileExpandRoundingPass,
    &tileExpandAtomicsPass,
    &tileIndexToArithPass,
    &tileExpandShapesPass,
    &tileExpandVectorsPass,
    &tileExpandBoolVectorsPass,
    &tileHostSymbolNamesPass,
    &tileHostCWrappersPass,
};

const TilePassList tileCorePasses = {passes, TILE_COUNT(passes)};
