/* The number of elements of an array (not a pointer). */
#ifndef TILE_SUPPORT_COUNT_H
#define TILE_SUPPORT_COUNT_H

#define TILE_COUNT(array) (sizeof(array) / sizeof((array)[0]))

#endif
