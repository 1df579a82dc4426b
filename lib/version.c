/* Version and one-time registration entry points of libtile. */
#include "tile/tile.h"

#include "mlir-c/RegisterEverything.h"

const char *tileGetVersion(void) { return TILE_VERSION; }

void tileRegisterUpstreamPasses(void) { mlirRegisterAllPasses(); }
