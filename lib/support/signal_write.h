/* Writing from a signal handler: write() alone, no formatting of the C
 * library (which a handler may not call). */
#ifndef TILE_SUPPORT_SIGNAL_WRITE_H
#define TILE_SUPPORT_SIGNAL_WRITE_H

#include <stddef.h>
#include <stdint.h>

/* Writes all `size` bytes of `data` to `fd`, as far as write() lets it. */
void tileSignalWrite(int fd, const char *data, size_t size);
/* tileSignalWrite of a NUL-terminated string. */
void tileSignalWriteString(int fd, const char *s);
/* `value` in decimal. */
void tileSignalWriteInteger(int fd, int64_t value);

#endif
