/* Running helper programs from inside libtile, which may be loaded in a
 * multi-threaded process (MLIR's pass threads, a Python program's threads):
 * posix_spawn only, never fork without exec, and a deadline, so a helper
 * that hangs cannot hang the compiler. */
#ifndef TILE_SUPPORT_SUBPROCESS_H
#define TILE_SUPPORT_SUBPROCESS_H

#include "support/strbuf.h"

#include <stdbool.h>

typedef enum {
  TileProgramExited,   /* *status is the exit status */
  TileProgramSignaled, /* *status is the signal */
  TileProgramTimedOut, /* killed at the deadline */
  TileProgramNotRun,   /* could not be started; errno says why */
} TileProgramResult;

/* Runs argv[0] (a path, or a name looked up in PATH) with argv, stdin from
 * /dev/null, and appends what it writes to stdout (and to stderr too when
 * `captureStderr`; else stderr goes to /dev/null) to `output`. Kills it
 * after `seconds`. */
TileProgramResult tileRunProgram(char *const argv[], bool captureStderr,
                                 int seconds, TileStrBuf *output, int *status);

/* Finds a program installed with libtile: <dir>/../bin/<name>, then
 * <dir>/<name>, where <dir> holds the binary libtile is part of (the
 * shared library, or the program it is linked into). */
bool tileFindProgram(const char *name, char *path, size_t size);

/* Runs the program `name` installed with libtile (tileFindProgram), with no
 * arguments, and appends its stdout to `output`. Returns false when it is
 * not installed, does not exit with status 0 within `seconds`, or is
 * killed; `why` then says so, naming `subject` (e.g. "the Vulkan driver")
 * as what the program was asking. */
bool tileRunHelperProgram(const char *name, const char *subject, int seconds,
                          TileStrBuf *output, TileStrBuf *why);

#endif
