/* Lists written as one string with a separator. */
#include "support/list.h"

#include <string.h>

bool tileListContains(const char *list, char separator, const char *item,
                      size_t n) {
  for (const char *p = list; *p;) {
    const char *end = strchr(p, separator);
    size_t len = end ? (size_t)(end - p) : strlen(p);
    if (len == n && strncmp(p, item, n) == 0)
      return true;
    if (!end)
      break;
    p = end + 1;
  }
  return false;
}
