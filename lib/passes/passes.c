/* The passes of lib/passes, the ones every pipeline uses: tile-verify first,
 * tile-expect-lowered once a backend's passes are done. */
#include "passes/pass.h"

extern const TilePassDescriptor tileVerifyPass;
extern const TilePassDescriptor tileExpectLoweredPass;
extern const TilePassDescriptor tileMathExpandPass;

static const TilePassDescriptor *const passes[] = {
    &tileVerifyPass,
    &tileExpectLoweredPass,
    &tileMathExpandPass,
};

const TilePassList tileCorePasses = {passes, TILE_COUNT(passes)};
