/* tile-run's buffers are the runtime's guarded buffers
 * (tileBufferCreateGuarded); this file remembers which argument each one is
 * for the fault guard. */
#include "guarded_memory.h"

#include "support/count.h"

#include <string.h>

typedef struct {
  const TileBuffer *buffer; /* NULL for a free slot */
  unsigned argument;
} Region;

/* Process state by nature: the fault guard's signal handler looks the
 * faulting address up here. The arguments of a run, their reference copy
 * and the copy of timed runs are alive at once. */
static Region regions[3 * TILE_MAX_KERNEL_ARGS];

TileBuffer *guardedBufferCreate(TileElementType type, int rank,
                                const int64_t *sizes, unsigned argument) {
  TileBuffer *b = tileBufferCreateGuarded(type, rank, sizes);
  if (!b)
    return NULL;
  for (size_t i = 0; i < TILE_COUNT(regions); ++i)
    if (!regions[i].buffer) {
      regions[i] = (Region){b, argument};
      break;
    }
  /* More buffers than a run makes are guarded but not named. */
  return b;
}

TileBuffer *guardedBufferClone(const TileBuffer *from, unsigned argument) {
  if (tileBufferGetMemoryKind(from) != TileMemoryHost)
    return NULL;
  TileBuffer *b = guardedBufferCreate(tileBufferGetElementType(from),
                                      tileBufferGetRank(from),
                                      tileBufferGetSizes(from), argument);
  if (b && tileBufferGetByteSize(b))
    memcpy(tileBufferGetData(b), tileBufferGetConstData(from),
           tileBufferGetByteSize(b));
  return b;
}

void guardedBufferDestroy(TileBuffer *buffer) {
  for (size_t i = 0; buffer && i < TILE_COUNT(regions); ++i)
    if (regions[i].buffer == buffer) {
      regions[i] = (Region){0};
      break;
    }
  tileBufferDestroy(buffer);
}

bool guardedMemoryFind(uintptr_t address, GuardedHit *hit) {
  for (size_t i = 0; i < TILE_COUNT(regions); ++i) {
    const TileBuffer *b = regions[i].buffer;
    int64_t element;
    if (b && tileBufferGuardHit(b, address, &element)) {
      *hit = (GuardedHit){regions[i].argument, element,
                          tileBufferGetNumElements(b)};
      return true;
    }
  }
  return false;
}

bool guardedMemoryCheckPadding(GuardedHit *hit) {
  for (size_t i = 0; i < TILE_COUNT(regions); ++i) {
    const TileBuffer *b = regions[i].buffer;
    int64_t element;
    if (b && !tileBufferCheckPadding(b, &element)) {
      *hit = (GuardedHit){regions[i].argument, element,
                          tileBufferGetNumElements(b)};
      return false;
    }
  }
  return true;
}
