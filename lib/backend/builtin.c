/* The built-in backends, registered explicitly from this one list. */
#include "backend/backend.h"

#include "support/count.h"

#include <stdio.h>

extern const TileBackendModule tileCpuBackend;
extern const TileBackendModule tileCudaBackend;
extern const TileBackendModule tileRocmBackend;
extern const TileBackendModule tileVulkanBackend;

/* `auto` asks the detectors in registration order: GPU backends first, then
 * cpu, which always detects the host. */
static const TileBackendModule *const builtins[] = {
    &tileCudaBackend,
    &tileRocmBackend,
    &tileVulkanBackend,
    &tileCpuBackend,
};

static void reportInvalidBuiltin(MlirStringRef message, void *userData) {
  (void)userData;
  fprintf(stderr, "tile: invalid built-in backend: %.*s\n", (int)message.length,
          message.data);
}

void tileRegisterBuiltinBackends(void) {
  for (size_t i = 0; i < TILE_COUNT(builtins); ++i)
    tileRegisterBackend(builtins[i],
                        (TileErrorSink){reportInvalidBuiltin, NULL});
}
