/* tileRtCudaAvailable: can CUDA work run here, and if not, why. */
#include "shim.h"

#include <stdio.h>

bool tileRtCudaAvailable(char *why, size_t size) {
  const char *reason = NULL;
  if (tileRtCudaDriverLoad(&reason))
    return true;
  if (why && size > 0)
    snprintf(why, size, "%s", reason);
  return false;
}
