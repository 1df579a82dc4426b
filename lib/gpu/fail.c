/* The one error report of the GPU lowering (see fail.h). */
#include "gpu/fail.h"

#include "ir/ir.h"
#include "support/strbuf.h"

#include <stdarg.h>

void tileGpuFail(unsigned *errors, MlirOperation op, const char *fmt, ...) {
  TileStrBuf text = TILE_STRBUF_INIT;
  va_list args;
  va_start(args, fmt);
  tileStrBufVPrintf(&text, fmt, args);
  va_end(args);
  tileEmitOpError(op, "%s", tileStrBufGet(&text));
  tileStrBufFree(&text);
  ++*errors;
}
