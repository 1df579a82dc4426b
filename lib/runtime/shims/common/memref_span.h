/* The bytes a strided memref descriptor spans, for host registration. */
#ifndef TILE_RUNTIME_COMMON_MEMREF_SPAN_H
#define TILE_RUNTIME_COMMON_MEMREF_SPAN_H

#include <stddef.h>
#include <stdint.h>

/* A ranked memref descriptor as MLIR lays it out: sizes[rank] then
   strides[rank] follow the offset. */
typedef struct {
  char *allocated;
  char *aligned;
  int64_t offset;
  int64_t sizesAndStrides[];
} TileRtMemRefDescriptor;

typedef struct {
  char *start;  /* lowest byte an element occupies; NULL when empty */
  size_t bytes; /* through the end of the highest element */
} TileRtSpan;

/* Computes the span of any layout, dense or not (negative strides put
   elements below the offset). Returns NULL, or what is malformed about the
   descriptor (written to `why`). */
const char *tileRtMemRefSpan(int64_t rank, const void *memref,
                             int64_t elementSizeBytes, TileRtSpan *span,
                             char *why, size_t size);

#endif
