/* Registration of the built-in backends, from the one list the build
 * generates out of the backend folders' declarations (lib/builtins.c.in). */
#include "backend/backend.h"

#include <stdio.h>

static void reportInvalidBuiltin(MlirStringRef message, void *userData) {
  (void)userData;
  fprintf(stderr, "tile: invalid built-in backend: %.*s\n", (int)message.length,
          message.data);
}

void tileRegisterBuiltinBackends(void) {
  for (unsigned i = 0; i < tileBuiltinBackendsCount; ++i)
    tileRegisterBackend(tileBuiltinBackends[i],
                        (TileErrorSink){reportInvalidBuiltin, NULL});
}
