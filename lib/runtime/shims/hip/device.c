/* Entering a call and choosing the device it runs on. */
#include "shim.h"

TileHipRuntime *tileHipEnter(void) { return tileHipRuntime(); }

int tileHipCurrentDevice(TileHipRuntime *runtime) {
  int device = 0;
  tileHipCheck(runtime->getDevice(&device), "hipGetDevice");
  return device;
}

static bool gone(hipError_t result) {
  return result == hipErrorDeinitialized ||
         result == hipErrorContextIsDestroyed;
}

TileHipRuntime *tileHipEnterToRelease(void) {
  TileHipRuntime *runtime = tileHipRuntime();
  int device = 0;
  hipError_t result = runtime->getDevice(&device);
  if (gone(result))
    return NULL;
  tileHipCheck(result, "hipGetDevice");
  return runtime;
}

bool tileHipReleased(hipError_t result, const char *call) {
  if (gone(result))
    return false;
  tileHipCheck(result, call);
  return true;
}

void mgpuSetDefaultDevice(int32_t device) {
  TileHipRuntime *runtime = tileHipEnter();
  if (device < 0 || device >= runtime->deviceCount)
    tileHipFatal("device %d does not exist: the HIP runtime sees %d "
                 "device(s)",
                 (int)device, runtime->deviceCount);
  tileHipCheckf(runtime->setDevice((int)device), "hipSetDevice(%d)",
                (int)device);
}
