/* Checked allocation: the one place that reports running out of memory. */
#include "support/alloc.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static _Noreturn void outOfMemory(void) {
  fputs("tile: out of memory\n", stderr);
  exit(1);
}

void *tileAlloc(size_t count, size_t size) {
  void *p = calloc(count ? count : 1, size ? size : 1);
  if (!p)
    outOfMemory();
  return p;
}

void *tileRealloc(void *p, size_t count, size_t size) {
  if (size && count > SIZE_MAX / size)
    outOfMemory();
  size_t bytes = count * size;
  void *q = realloc(p, bytes ? bytes : 1);
  if (!q)
    outOfMemory();
  return q;
}

char *tileStrdup(const char *s) {
  if (!s)
    return NULL;
  size_t n = strlen(s) + 1;
  char *copy = tileAlloc(n, 1);
  memcpy(copy, s, n);
  return copy;
}
