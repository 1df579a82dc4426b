/* Allocation that does not return NULL: out of memory aborts, here only. */
#include "support/alloc.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void tileOutOfMemory(void) {
  fputs("tile: out of memory\n", stderr);
  abort();
}

static void *checked(void *memory) {
  if (!memory)
    tileOutOfMemory();
  return memory;
}

void *tileMalloc(size_t size) { return checked(malloc(size ? size : 1)); }

void *tileMallocAligned(size_t alignment, size_t size) {
  /* aligned_alloc wants a size that is a multiple of the alignment. */
  if (size > SIZE_MAX - alignment)
    tileOutOfMemory();
  size_t rounded = (size + alignment - 1) / alignment * alignment;
  return checked(aligned_alloc(alignment, rounded ? rounded : alignment));
}

void *tileCallocArray(size_t count, size_t size) {
  return checked(calloc(count ? count : 1, size ? size : 1));
}

void *tileReallocArray(void *items, size_t count, size_t size) {
  if (size && count > SIZE_MAX / size)
    tileOutOfMemory();
  size_t bytes = count * size;
  return checked(realloc(items, bytes ? bytes : 1));
}

char *tileStrDup(const char *text) { return checked(strdup(text)); }

char *tileStrNDup(const char *text, size_t length) {
  return checked(strndup(text, length));
}
