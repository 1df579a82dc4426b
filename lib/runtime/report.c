/* Reporting through error sinks for the execution layer. */
#include "runtime/runtime.h"

#include "support/strbuf.h"

void tileRuntimeReport(TileErrorSink sink, const char *fmt, ...) {
  va_list args;
  va_start(args, fmt);
  tileVReportTo(sink.callback, sink.userData, fmt, args);
  va_end(args);
}
