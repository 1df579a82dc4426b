/* tileRtHipAvailable: can HIP work run here, and if not, why. */
#include "shim.h"

#include <stdio.h>

bool tileRtHipAvailable(char *why, size_t size) {
  const char *reason = NULL;
  if (tileRtHipRuntimeLoad(&reason))
    return true;
  if (why && size > 0)
    snprintf(why, size, "%s", reason);
  return false;
}
