/* Objects a runtime holds for the life of the process or until released,
   in an intrusive list under the caller's lock. */
#ifndef TILE_RUNTIME_COMMON_HELD_H
#define TILE_RUNTIME_COMMON_HELD_H

#include <stddef.h>

/* The first member of a held object. */
typedef struct TileRtHeld {
  struct TileRtHeld *next, *previous;
} TileRtHeld;

static inline void tileRtHold(TileRtHeld **list, TileRtHeld *object) {
  object->previous = NULL;
  object->next = *list;
  if (object->next)
    object->next->previous = object;
  *list = object;
}

static inline void tileRtRelease(TileRtHeld **list, TileRtHeld *object) {
  if (object->previous)
    object->previous->next = object->next;
  else
    *list = object->next;
  if (object->next)
    object->next->previous = object->previous;
}

#endif
