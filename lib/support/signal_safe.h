/* What signal handlers use: writing with write() alone, no formatting of
 * the C library (which a handler may not call), and what a fault's context
 * tells. */
#ifndef TILE_SUPPORT_SIGNAL_SAFE_H
#define TILE_SUPPORT_SIGNAL_SAFE_H

#include <stddef.h>
#include <stdint.h>

/* Writes all `size` bytes of `data` to `fd`, as far as write() lets it. */
void tileSignalWrite(int fd, const char *data, size_t size);
/* tileSignalWrite of a NUL-terminated string. */
void tileSignalWriteString(int fd, const char *s);
/* `value` in decimal. */
void tileSignalWriteInteger(int fd, int64_t value);

/* Whether the fault whose ucontext_t handler argument is `context` was a
 * write, where the processor says (x86-64's page fault error code); -1
 * where it cannot be told. */
int tileSignalFaultWasWrite(const void *context);

#endif
