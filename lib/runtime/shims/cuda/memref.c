/* The byte range a strided memref spans, whatever its layout. */
#include "memref.h"

#include "shim.h"

TileRtSpan tileRtCudaMemRefSpan(const char *entry, int64_t rank,
                                const TileRtCudaMemRef *memref,
                                int64_t elementSizeBytes) {
  TileRtSpan span = {NULL, 0};
  char why[256];
  if (tileRtMemRefSpan(rank, memref, elementSizeBytes, &span, why, sizeof(why)))
    tileRtCudaFatal("%s: %s", entry, why);
  return span;
}
