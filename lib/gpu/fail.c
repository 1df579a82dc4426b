/* The one error report of the GPU lowering (see fail.h). */
#include "gpu/fail.h"

#include "ir/ir.h"
#include "support/strbuf.h"

#include <stdarg.h>

void tileGpuFailV(unsigned *errors, MlirOperation op, const char *fmt,
                  va_list args) {
  TileStrBuf text = TILE_STRBUF_INIT;
  tileStrBufVPrintf(&text, fmt, args);
  tileEmitOpError(op, "%s", tileStrBufGet(&text));
  tileStrBufFree(&text);
  ++*errors;
}

void tileGpuFail(unsigned *errors, MlirOperation op, const char *fmt, ...) {
  va_list args;
  va_start(args, fmt);
  tileGpuFailV(errors, op, fmt, args);
  va_end(args);
}
