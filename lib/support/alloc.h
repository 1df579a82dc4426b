/* Allocation that cannot fail silently: out of memory ends the process with
 * "tile: out of memory" and status 1, as TileStrBuf does. For the small
 * records of the compiler and the runtime; sizes a user chooses (buffers,
 * files) are checked where they are asked for, with an error that names
 * them. */
#ifndef TILE_SUPPORT_ALLOC_H
#define TILE_SUPPORT_ALLOC_H

#include <stddef.h>

/* `count` zeroed elements of `size` bytes (at least one byte); never NULL.
 * free() it. */
void *tileAlloc(size_t count, size_t size);

/* `p` (NULL or from tileAlloc/tileRealloc) grown or shrunk to `count`
 * elements of `size` bytes; never NULL. The new elements are not zeroed. */
void *tileRealloc(void *p, size_t count, size_t size);

/* A copy of the NUL-terminated `s`, or NULL when `s` is NULL. */
char *tileStrdup(const char *s);

#endif
