/* Reporting through error sinks for the execution layer. */
#include "runtime/runtime.h"

#include "support/strbuf.h"

void tileRuntimeReport(TileErrorSink sink, const char *fmt, ...) {
  if (!sink.callback)
    return;
  TileStrBuf text = TILE_STRBUF_INIT;
  va_list args;
  va_start(args, fmt);
  tileStrBufVPrintf(&text, fmt, args);
  va_end(args);
  sink.callback(mlirStringRefCreate(tileStrBufGet(&text), text.size),
                sink.userData);
  tileStrBufFree(&text);
}
