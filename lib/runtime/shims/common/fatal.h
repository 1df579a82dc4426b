/* The error contract the GPU runtimes share: one line on stderr, exit 1,
   except for refusals a caller has asked to catch. */
#ifndef TILE_RUNTIME_COMMON_FATAL_H
#define TILE_RUNTIME_COMMON_FATAL_H

#include "refusals.h"

#include <stdarg.h>
#include <stdbool.h>

/* Prints "PREFIXMESSAGE" on stderr, then `log` (a driver's multi-line log)
   when it is not empty, and exits with status 1. A failure reported once
   another one has printed (from an exit handler, a global destructor,
   another thread) prints nothing and leaves with _exit(1). A failure
   reported while the process leaves normally (from a global destructor,
   or an exit handler registered before the library was loaded) prints its
   line, flushes stdio and leaves with _exit(1), as exit() must not run
   twice. Each runtime library
   compiles its own copy, so the state is per library. */
_Noreturn void tileRtFatalV(const char *prefix, const char *log,
                            const char *format, va_list args)
    __attribute__((format(printf, 3, 0)));

/* A refusal: a failure found before the call changed anything (a launch
   the device cannot run, checked before any lock is taken or any state
   moves), so that the caller of the host code may go on. When the thread
   has a catcher (tileRtCatchRefusals), it gets "RUNTIME: MESSAGE" and does
   not return; otherwise this is tileRtFatalV with "RUNTIME: error: ". */
_Noreturn void tileRtRefuseV(const char *runtime, const char *format,
                             va_list args)
    __attribute__((format(printf, 2, 0)));

/* What a call of host code allocated before a refusal ended it: while a
   catcher is set on this thread, a runtime records each allocation it
   makes for the host code with the function that frees it, and forgets
   one the host code frees; a refusal frees what is recorded, newest
   first, before it calls the catcher (what the call allocated stayed
   allocated: an autotuner retrying refused configurations leaked it per
   refusal). Setting or clearing a catcher forgets everything recorded. */
typedef void (*TileRtRelease)(void *object);
void tileRtRecordForRefusal(void *object, TileRtRelease release);
void tileRtForgetForRefusal(void *object);

/* Whether a failure is ending the process: then cleanup (destructors,
   unloads from exit handlers) must not run, as what it would release may
   be what failed. */
bool tileRtFailing(void);

#endif
