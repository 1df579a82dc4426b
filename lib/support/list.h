/* Lists written as one string with a separator: "a,b,c" (pass options),
 * "x|y|z" (an option's choices). */
#ifndef TILE_SUPPORT_LIST_H
#define TILE_SUPPORT_LIST_H

#include <stdbool.h>
#include <stddef.h>

/* Whether `item` (its first `n` characters) is an entry of `list`, whose
 * entries `separator` divides. */
bool tileListContains(const char *list, char separator, const char *item,
                      size_t n);

#endif
