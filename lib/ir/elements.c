/* The element types that tile ops take on every target: the ones the
 * runtimes, tile-run's .npy files and the Python bindings carry. */
#include "ir/ir.h"

#include "support/strbuf.h"

bool tileIsSupportedElement(MlirType t) {
  if (mlirTypeIsAF16(t) || mlirTypeIsABF16(t) || mlirTypeIsAF32(t) ||
      mlirTypeIsAF64(t))
    return true;
  if (!mlirTypeIsAInteger(t) || !mlirIntegerTypeIsSignless(t))
    return false;
  unsigned w = mlirIntegerTypeGetWidth(t);
  return w == 8 || w == 16 || w == 32 || w == 64;
}

bool tileCheckElement(MlirOperation op, MlirType type, const char *what,
                      const char *target) {
  if (tileIsSupportedElement(type))
    return true;
  TileStrBuf text = TILE_STRBUF_INIT;
  tileEmitOpError(op,
                  "%s has %s elements, which the %s target does not "
                  "support (f16, bf16, f32, f64, i8, i16, i32 and i64 are)",
                  what, tileTypeStr(&text, type), target);
  tileStrBufFree(&text);
  return false;
}
