/* The byte range a strided memref spans, whatever its layout. */
#include "memref.h"

#include "shim.h"

static void checkDescriptor(const char *entry, int64_t rank,
                            const TileRtCudaMemRef *memref,
                            int64_t elementSizeBytes) {
  if (!memref)
    tileCudaFatal("%s: the memref descriptor is null", entry);
  if (rank < 0)
    tileCudaFatal("%s: memref rank %lld is negative", entry, (long long)rank);
  if (elementSizeBytes <= 0)
    tileCudaFatal("%s: element size %lld is not positive", entry,
                  (long long)elementSizeBytes);
  const int64_t *sizes = tileCudaMemRefSizes(memref);
  for (int64_t i = 0; i < rank; ++i)
    if (sizes[i] < 0)
      tileCudaFatal("%s: memref size %lld of dimension %lld is negative", entry,
                    (long long)sizes[i], (long long)i);
}

/* Elements may sit below the offset when a stride is negative; the span
   runs from the lowest element to the end of the highest. */
TileCudaSpan tileCudaMemRefSpan(const char *entry, int64_t rank,
                                const TileRtCudaMemRef *memref,
                                int64_t elementSizeBytes) {
  checkDescriptor(entry, rank, memref, elementSizeBytes);
  const int64_t *sizes = tileCudaMemRefSizes(memref);
  const int64_t *strides = tileCudaMemRefStrides(memref, rank);
  int64_t low = 0, high = 0;
  for (int64_t i = 0; i < rank; ++i) {
    if (sizes[i] == 0) {
      TileCudaSpan empty = {NULL, 0};
      return empty;
    }
    int64_t reach = (sizes[i] - 1) * strides[i];
    if (reach < 0)
      low += reach;
    else
      high += reach;
  }
  TileCudaSpan span = {memref->aligned +
                           (memref->offset + low) * elementSizeBytes,
                       (size_t)(high - low + 1) * (size_t)elementSizeBytes};
  return span;
}
