/* Entering a call and choosing the device it runs on. */
#include "shim.h"

TileRtHipRuntime *tileRtHipEnter(void) { return tileRtHipRuntime(); }

int tileRtHipCurrentDevice(TileRtHipRuntime *runtime) {
  int device = 0;
  tileRtHipCheck(runtime->getDevice(&device), "hipGetDevice");
  if (device < 0 || device >= TILE_RT_HIP_MAX_DEVICES)
    tileRtHipFatal("device %d is beyond the %d devices this runtime handles",
                   device, TILE_RT_HIP_MAX_DEVICES);
  return device;
}

static bool gone(hipError_t result) {
  return result == hipErrorDeinitialized ||
         result == hipErrorContextIsDestroyed;
}

TileRtHipRuntime *tileRtHipEnterToRelease(void) {
  TileRtHipRuntime *runtime = tileRtHipRuntime();
  int device = 0;
  hipError_t result = runtime->getDevice(&device);
  if (gone(result))
    return NULL;
  tileRtHipCheck(result, "hipGetDevice");
  return runtime;
}

bool tileRtHipReleased(hipError_t result, const char *call) {
  if (gone(result))
    return false;
  tileRtHipCheck(result, call);
  return true;
}

void mgpuSetDefaultDevice(int32_t device) {
  TileRtHipRuntime *runtime = tileRtHipEnter();
  if (device < 0 || device >= runtime->deviceCount)
    tileRtHipFatal("device %d does not exist: the HIP runtime sees %d "
                   "device(s)",
                   (int)device, runtime->deviceCount);
  tileRtHipCheckf(runtime->setDevice((int)device), "hipSetDevice(%d)",
                  (int)device);
}
