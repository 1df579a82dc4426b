/* The byte range a strided memref spans, whatever its layout. */
#include "memref_span.h"

#include <stdarg.h>
#include <stdio.h>

__attribute__((format(printf, 3, 4))) static const char *
say(char *why, size_t size, const char *format, ...) {
  va_list args;
  va_start(args, format);
  vsnprintf(why, size, format, args);
  va_end(args);
  return why;
}

static const char *malformed(int64_t rank, const TileRtMemRefDescriptor *m,
                             int64_t elementSizeBytes, char *why, size_t size) {
  if (!m)
    return say(why, size, "the memref descriptor is null");
  if (rank < 0)
    return say(why, size, "memref rank %lld is negative", (long long)rank);
  if (elementSizeBytes <= 0)
    return say(why, size, "element size %lld is not positive",
               (long long)elementSizeBytes);
  for (int64_t i = 0; i < rank; ++i)
    if (m->sizesAndStrides[i] < 0)
      return say(why, size, "memref size %lld of dimension %lld is negative",
                 (long long)m->sizesAndStrides[i], (long long)i);
  return NULL;
}

const char *tileRtMemRefSpan(int64_t rank, const void *memref,
                             int64_t elementSizeBytes, TileRtSpan *span,
                             char *why, size_t size) {
  const TileRtMemRefDescriptor *m = memref;
  const char *error = malformed(rank, m, elementSizeBytes, why, size);
  if (error)
    return error;
  const int64_t *sizes = m->sizesAndStrides;
  const int64_t *strides = m->sizesAndStrides + rank;
  int64_t low = 0, high = 0;
  for (int64_t i = 0; i < rank; ++i) {
    if (sizes[i] == 0) {
      span->start = NULL;
      span->bytes = 0;
      return NULL;
    }
    int64_t reach = (sizes[i] - 1) * strides[i];
    if (reach < 0)
      low += reach;
    else
      high += reach;
  }
  span->start = m->aligned + (m->offset + low) * elementSizeBytes;
  span->bytes = (size_t)(high - low + 1) * (size_t)elementSizeBytes;
  return NULL;
}
