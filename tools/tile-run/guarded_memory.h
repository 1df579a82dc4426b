/* tile-run's host buffers lie between guard pages (the runtime's
 * tileBufferCreateGuarded): a kernel that reads or writes past the end of an
 * argument (or before its start) faults at once, inside the call, where the
 * fault guard names the argument, instead of corrupting the heap and
 * crashing later in tile-run or returning a wrong result silently. */
#ifndef TILE_RUN_GUARDED_MEMORY_H
#define TILE_RUN_GUARDED_MEMORY_H

#include "tile/runtime.h"

#include <stdint.h>

/* A zero-filled buffer whose data ends within TILE_BUFFER_ALIGNMENT bytes
 * of an inaccessible page, with another one before the page it starts in.
 * `argument` is the argument the buffer is passed as, for the fault guard.
 * NULL when tileBufferCreate would refuse the sizes or memory is exhausted.
 * Free it with guardedBufferDestroy. */
TileBuffer *guardedBufferCreate(TileElementType type, int rank,
                                const int64_t *sizes, unsigned argument);
/* A guarded copy of `from` (host memory) for `argument`, or NULL. */
TileBuffer *guardedBufferClone(const TileBuffer *from, unsigned argument);
/* Frees a buffer of guardedBufferCreate or guardedBufferClone, or any other
 * buffer with tileBufferDestroy. NULL is ignored. */
void guardedBufferDestroy(TileBuffer *buffer);

/* Which buffer's guard page holds `address`, for a signal handler (it reads
 * only memory that stays valid and does not allocate). */
typedef struct {
  unsigned argument;
  /* The element the address falls in: numElements or more past the end,
   * negative before the start. */
  int64_t element;
  int64_t numElements;
} GuardedHit;
bool guardedMemoryFind(uintptr_t address, GuardedHit *hit);
/* Whether every buffer's alignment padding (after its end, before the page
 * that faults) is as it was made; false with the first element written
 * there when a call wrote past an end without faulting. */
bool guardedMemoryCheckPadding(GuardedHit *hit);

#endif
