/* Each buffer is one mapping: an inaccessible page, the pages of the data
 * (which ends as close to the next page as TILE_BUFFER_ALIGNMENT allows),
 * and another inaccessible page. */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS */

#include "guarded_memory.h"

#include "support/count.h"

#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

typedef struct {
  char *base; /* the mapping; NULL for a free slot */
  size_t mapSize;
  size_t page; /* the size of each guard page */
  char *data;
  size_t bytes;
  unsigned argument;
  size_t elementSize;
} Region;

/* Process state by nature: the fault guard's signal handler looks the
 * faulting address up here. The arguments of a run, their reference copy
 * and the copy of timed runs are alive at once. */
static Region regions[3 * TILE_MAX_KERNEL_ARGS];

static size_t pageSize(void) { return (size_t)sysconf(_SC_PAGESIZE); }

/* The byte size of the sizes, or false when they overflow. */
static bool byteSize(TileElementType type, int rank, const int64_t *sizes,
                     size_t *bytes) {
  size_t n = tileElementTypeGetSize(type);
  if (!n || rank < 0 || rank > TILE_MAX_BUFFER_RANK)
    return false;
  for (int d = 0; d < rank; ++d)
    if (sizes[d] < 0 || __builtin_mul_overflow(n, (size_t)sizes[d], &n))
      return false;
  *bytes = n;
  return n <= SIZE_MAX / 2;
}

static Region *freeSlot(void) {
  for (size_t i = 0; i < TILE_COUNT(regions); ++i)
    if (!regions[i].base)
      return &regions[i];
  return NULL;
}

TileBuffer *guardedBufferCreate(TileElementType type, int rank,
                                const int64_t *sizes, unsigned argument) {
  size_t bytes;
  if (!byteSize(type, rank, sizes, &bytes))
    return NULL;
  Region *r = freeSlot();
  if (!r) /* more buffers than a run makes: unguarded */
    return tileBufferCreate(type, rank, sizes);
  size_t page = pageSize();
  size_t rounded = (bytes + TILE_BUFFER_ALIGNMENT - 1) / TILE_BUFFER_ALIGNMENT *
                   TILE_BUFFER_ALIGNMENT;
  size_t inner = (rounded + page - 1) / page * page;
  size_t mapSize = inner + 2 * page;
  char *base =
      mmap(NULL, mapSize, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (base == MAP_FAILED)
    return NULL;
  if (inner && mprotect(base + page, inner, PROT_READ | PROT_WRITE)) {
    munmap(base, mapSize);
    return NULL;
  }
  char *data = base + page + inner - rounded;
  TileBuffer *b = tileBufferCreateView(type, rank, sizes, data, TileMemoryHost);
  if (!b) {
    munmap(base, mapSize);
    return NULL;
  }
  *r = (Region){
      base, mapSize, page, data, bytes, argument, tileElementTypeGetSize(type)};
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
  if (!buffer)
    return;
  const char *data = tileBufferGetConstData(buffer);
  for (size_t i = 0; i < TILE_COUNT(regions); ++i)
    if (regions[i].base && regions[i].data == data &&
        tileBufferGetMemoryKind(buffer) == TileMemoryHost) {
      munmap(regions[i].base, regions[i].mapSize);
      regions[i] = (Region){0};
      break;
    }
  tileBufferDestroy(buffer);
}

bool guardedMemoryFind(uintptr_t address, GuardedHit *hit) {
  for (size_t i = 0; i < TILE_COUNT(regions); ++i) {
    const Region *r = &regions[i];
    if (!r->base)
      continue;
    /* sysconf is no call for a signal handler: the page size is kept. */
    uintptr_t page = r->page;
    uintptr_t base = (uintptr_t)r->base, data = (uintptr_t)r->data;
    uintptr_t end = data + r->bytes, tail = base + r->mapSize - page;
    bool before = address >= base && address < base + page;
    bool after = address >= tail && address < base + r->mapSize;
    if (!before && !after)
      continue;
    int64_t numElements = (int64_t)(r->bytes / r->elementSize);
    int64_t element =
        before
            ? -(int64_t)((data - address + r->elementSize - 1) / r->elementSize)
            : numElements + (int64_t)((address - end) / r->elementSize);
    *hit = (GuardedHit){r->argument, element, numElements};
    return true;
  }
  return false;
}
