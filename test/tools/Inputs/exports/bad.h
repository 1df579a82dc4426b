/* A public header as scripts/check-exports.py must refuse it: no paragraph
 * on thread safety, an undocumented export, and a documented export that
 * returns a pointer without saying who owns it. */
#include "mlir-c/Support.h"

/// Documented, and returns nothing to own.
MLIR_CAPI_EXPORTED void tileGood(void);

MLIR_CAPI_EXPORTED int tileUndocumented(void);

/// Returns the name of something.
MLIR_CAPI_EXPORTED const char *
tileOwnerUnsaid(int index, const char *aLongNameThatMakesTheLineWrap);

/// Returns a string that is static data of the library.
MLIR_CAPI_EXPORTED const char *tileOwnerSaid(void);
