/* Objects a runtime holds for the life of the process or until released,
   in an intrusive list under the caller's lock. */
#ifndef TILE_RUNTIME_COMMON_HELD_H
#define TILE_RUNTIME_COMMON_HELD_H

#include <pthread.h>
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

/* The same under `lock`. */
static inline void tileRtHoldLocked(pthread_mutex_t *lock, TileRtHeld **list,
                                    TileRtHeld *object) {
  pthread_mutex_lock(lock);
  tileRtHold(list, object);
  pthread_mutex_unlock(lock);
}

static inline void tileRtReleaseLocked(pthread_mutex_t *lock, TileRtHeld **list,
                                       TileRtHeld *object) {
  pthread_mutex_lock(lock);
  tileRtRelease(list, object);
  pthread_mutex_unlock(lock);
}

#endif
