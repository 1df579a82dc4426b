/* Allocation that does not return NULL: the one place out of memory is
 * handled. */
#ifndef TILE_SUPPORT_ALLOC_H
#define TILE_SUPPORT_ALLOC_H

#include <stddef.h>

/* Every function below ends the process with "tile: out of memory" and
 * abort() when memory is exhausted (or a size overflows), as LLVM does
 * (report_bad_alloc_error): a caller has no sensible way on, and NULL
 * handed on would crash later or silently drop data. Memory whose size
 * the input decides (file contents, a run's buffers) is not allocated
 * here: it fails with an error the input can be blamed for. Free the
 * results with free(). */

/* `size` bytes (at least one), uninitialised. */
void *tileMalloc(size_t size);
/* `size` bytes (at least one), uninitialised, at an address that is a
 * multiple of `alignment` (a power of two). */
void *tileMallocAligned(size_t alignment, size_t size);
/* A zeroed array of `count` elements of `size` bytes (at least one
 * element). */
void *tileCallocArray(size_t count, size_t size);
/* `items` (NULL or a result of these functions) resized to `count`
 * elements of `size` bytes; new elements are uninitialised. */
void *tileReallocArray(void *items, size_t count, size_t size);
/* A copy of the NUL-terminated `text`. */
char *tileStrDup(const char *text);
/* A NUL-terminated copy of the first `length` bytes of `text` (fewer when
 * it ends sooner). */
char *tileStrNDup(const char *text, size_t length);

/* Reports exhausted memory and aborts. */
_Noreturn void tileOutOfMemory(void);

#endif
