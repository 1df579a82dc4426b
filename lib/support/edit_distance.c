#include "support/edit_distance.h"

#include "support/alloc.h"

#include <stdlib.h>
#include <string.h>

size_t tileEditDistance(const char *a, size_t aLength, const char *b) {
  size_t n = strlen(b);
  size_t *row = tileCallocArray(n + 1, sizeof(size_t));
  for (size_t j = 0; j <= n; ++j)
    row[j] = j;
  for (size_t i = 1; i <= aLength; ++i) {
    size_t diagonal = row[0];
    row[0] = i;
    for (size_t j = 1; j <= n; ++j) {
      size_t up = row[j];
      size_t best = diagonal + (a[i - 1] == b[j - 1] ? 0 : 1);
      if (up + 1 < best)
        best = up + 1;
      if (row[j - 1] + 1 < best)
        best = row[j - 1] + 1;
      row[j] = best;
      diagonal = up;
    }
  }
  size_t d = row[n];
  free(row);
  return d;
}
