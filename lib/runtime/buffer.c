/* Runtime buffers: dense row-major memory behind a memref descriptor. */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS */

#include "runtime/runtime.h"

#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

/* Compiled code may use aligned vector loads on the aligned pointer. */
enum { BufferAlignment = TILE_BUFFER_ALIGNMENT };

/* What the padding of a guarded buffer holds (no float's common value). */
enum { PaddingPattern = 0xA5 };

struct TileBuffer {
  TileElementType type;
  int rank;
  int64_t sizes[TILE_MAX_BUFFER_RANK];
  int64_t numElements;
  size_t byteSize;
  void *data;
  bool owned; /* false for views of the caller's memory */
  TileMemoryKind memory;
  /* A guarded buffer's mapping: a guard page, the data's pages, another
   * guard page. NULL for the others. */
  char *mapping;
  size_t mappingSize;
  size_t page;
};

/* The element count, or -1 when a size is negative or it overflows. */
static int64_t countElements(int rank, const int64_t *sizes,
                             size_t elementSize) {
  int64_t n = 1;
  for (int d = 0; d < rank; ++d) {
    if (sizes[d] < 0)
      return -1;
    if (sizes[d] && n > (INT64_MAX / (int64_t)elementSize) / sizes[d])
      return -1;
    n *= sizes[d];
  }
  return n;
}

/* The byte size of a buffer, or -1 when the type, rank or sizes are
 * invalid or it overflows. */
static int64_t byteSizeOf(TileElementType type, int rank,
                          const int64_t *sizes) {
  size_t elementSize = tileElementTypeGetSize(type);
  if (!elementSize || rank < 0 || rank > TILE_MAX_BUFFER_RANK)
    return -1;
  int64_t n = countElements(rank, sizes, elementSize);
  if (n < 0 || (uint64_t)n * elementSize > SIZE_MAX - BufferAlignment)
    return -1;
  return n * (int64_t)elementSize;
}

static TileBuffer *describe(TileElementType type, int rank,
                            const int64_t *sizes, size_t bytes, void *data) {
  TileBuffer *b = calloc(1, sizeof(TileBuffer));
  if (!b)
    return NULL;
  b->type = type;
  b->rank = rank;
  if (rank)
    memcpy(b->sizes, sizes, (size_t)rank * sizeof(int64_t));
  b->numElements = (int64_t)(bytes / tileElementTypeGetSize(type));
  b->byteSize = bytes;
  b->data = data;
  b->owned = true;
  b->memory = TileMemoryHost;
  return b;
}

TileBuffer *tileBufferCreate(TileElementType type, int rank,
                             const int64_t *sizes) {
  int64_t size = byteSizeOf(type, rank, sizes);
  if (size < 0)
    return NULL;
  size_t bytes = (size_t)size;
  /* aligned_alloc wants a multiple of the alignment (and not zero). */
  size_t rounded =
      (bytes + BufferAlignment) / BufferAlignment * BufferAlignment;
  void *data = aligned_alloc(BufferAlignment, rounded);
  TileBuffer *b = data ? describe(type, rank, sizes, bytes, data) : NULL;
  if (!b) {
    free(data);
    return NULL;
  }
  memset(data, 0, rounded);
  return b;
}

TileBuffer *tileBufferCreateGuarded(TileElementType type, int rank,
                                    const int64_t *sizes) {
  int64_t size = byteSizeOf(type, rank, sizes);
  if (size < 0)
    return NULL;
  size_t bytes = (size_t)size;
  size_t page = (size_t)sysconf(_SC_PAGESIZE);
  /* The data ends as close to the next page as the alignment allows. */
  size_t rounded =
      (bytes + BufferAlignment - 1) / BufferAlignment * BufferAlignment;
  size_t inner = (rounded + page - 1) / page * page;
  if (inner > SIZE_MAX - 2 * page)
    return NULL;
  size_t mapSize = inner + 2 * page;
  char *mapping =
      mmap(NULL, mapSize, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (mapping == MAP_FAILED)
    return NULL;
  /* Fresh anonymous pages are zero: no memset. */
  char *data = mapping + page + inner - rounded;
  TileBuffer *b = NULL;
  if (!inner || !mprotect(mapping + page, inner, PROT_READ | PROT_WRITE))
    b = describe(type, rank, sizes, bytes, data);
  if (!b) {
    munmap(mapping, mapSize);
    return NULL;
  }
  b->mapping = mapping;
  b->mappingSize = mapSize;
  b->page = page;
  /* The alignment padding after the data faults on no access: it holds a
   * pattern that tileBufferCheckPadding looks for after a call. */
  memset(data + bytes, PaddingPattern, rounded - bytes);
  return b;
}

bool tileBufferCheckPadding(const TileBuffer *b, int64_t *element) {
  if (!b->mapping)
    return true;
  const unsigned char *padding = (const unsigned char *)b->data + b->byteSize;
  size_t slack =
      (b->byteSize + BufferAlignment - 1) / BufferAlignment * BufferAlignment -
      b->byteSize;
  for (size_t i = 0; i < slack; ++i)
    if (padding[i] != PaddingPattern) {
      *element =
          b->numElements + (int64_t)(i / tileElementTypeGetSize(b->type));
      return false;
    }
  return true;
}

bool tileBufferGuardHit(const TileBuffer *b, uintptr_t address,
                        int64_t *element) {
  if (!b->mapping)
    return false;
  uintptr_t base = (uintptr_t)b->mapping, data = (uintptr_t)b->data;
  uintptr_t tail = base + b->mappingSize - b->page;
  size_t elementSize = tileElementTypeGetSize(b->type);
  if (address >= base && address < base + b->page)
    *element = -(int64_t)((data - address + elementSize - 1) / elementSize);
  else if (address >= tail && address < base + b->mappingSize)
    *element = b->numElements +
               (int64_t)((address - data - b->byteSize) / elementSize);
  else
    return false;
  return true;
}

TileBuffer *tileBufferCreateView(TileElementType type, int rank,
                                 const int64_t *sizes, void *data,
                                 TileMemoryKind kind) {
  int64_t size = byteSizeOf(type, rank, sizes);
  if (size < 0 || (size && !data) || (uintptr_t)data % BufferAlignment ||
      (kind != TileMemoryHost && kind != TileMemoryDevice))
    return NULL;
  TileBuffer *b = describe(type, rank, sizes, (size_t)size, data);
  if (b) {
    b->owned = false;
    b->memory = kind;
  }
  return b;
}

TileMemoryKind tileBufferGetMemoryKind(const TileBuffer *b) {
  return b->memory;
}

TileBuffer *tileBufferClone(const TileBuffer *b) {
  if (b->memory != TileMemoryHost)
    return NULL;
  TileBuffer *copy = b->mapping
                         ? tileBufferCreateGuarded(b->type, b->rank, b->sizes)
                         : tileBufferCreate(b->type, b->rank, b->sizes);
  if (copy && b->byteSize)
    memcpy(copy->data, b->data, b->byteSize);
  return copy;
}

void tileBufferDestroy(TileBuffer *b) {
  if (!b)
    return;
  if (b->mapping)
    munmap(b->mapping, b->mappingSize);
  else if (b->owned)
    free(b->data);
  free(b);
}

TileElementType tileBufferGetElementType(const TileBuffer *b) {
  return b->type;
}

int tileBufferGetRank(const TileBuffer *b) { return b->rank; }

const int64_t *tileBufferGetSizes(const TileBuffer *b) { return b->sizes; }

int64_t tileBufferGetNumElements(const TileBuffer *b) { return b->numElements; }

size_t tileBufferGetByteSize(const TileBuffer *b) { return b->byteSize; }

void *tileBufferGetData(TileBuffer *b) { return b->data; }

const void *tileBufferGetConstData(const TileBuffer *b) { return b->data; }

void tileBufferGetDescriptor(TileBuffer *b, int64_t *words) {
  intptr_t data = (intptr_t)b->data;
  words[0] = data;
  words[1] = data;
  words[2] = 0;
  int64_t stride = 1;
  for (int d = b->rank - 1; d >= 0; --d) {
    words[3 + d] = b->sizes[d];
    words[3 + b->rank + d] = stride;
    stride *= b->sizes[d] ? b->sizes[d] : 1;
  }
}
