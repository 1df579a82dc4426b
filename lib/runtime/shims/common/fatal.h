/* The error contract both GPU runtimes share: one line on stderr, exit 1. */
#ifndef TILE_RUNTIME_COMMON_FATAL_H
#define TILE_RUNTIME_COMMON_FATAL_H

#include <stdarg.h>

/* Prints "PREFIXMESSAGE" on stderr, then `log` (a driver's multi-line log)
   when it is not empty, and exits with status 1. A failure reported while
   the process is already leaving (an atexit handler, a global destructor,
   another thread) prints nothing more and leaves with _exit(1). Each
   runtime library compiles its own copy, so the flag is per library. */
_Noreturn void tileRtFatalV(const char *prefix, const char *log,
                            const char *format, va_list args)
    __attribute__((format(printf, 3, 0)));

#endif
