/* Levenshtein distance between two names, for "did you mean" suggestions. */
#ifndef TILE_SUPPORT_EDIT_DISTANCE_H
#define TILE_SUPPORT_EDIT_DISTANCE_H

#include <stddef.h>

/* The least number of insertions, deletions and replacements that turn the
 * first `aLength` characters of `a` into the string `b`. */
size_t tileEditDistance(const char *a, size_t aLength, const char *b);

#endif
