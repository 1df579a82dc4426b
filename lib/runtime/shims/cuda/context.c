/* The context a call runs in: the thread's current one or a primary one. */
#include "shim.h"

static CUcontext retainPrimaryContext(TileCudaDriver *driver, int ordinal) {
  CUdevice device;
  CUcontext context = NULL;
  tileCudaCheckf(driver->deviceGet(&device, ordinal), "cuDeviceGet(%d)",
                 ordinal);
  tileCudaCheckf(driver->primaryCtxRetain(&context, device),
                 "cuDevicePrimaryCtxRetain(device %d)", ordinal);
  return context;
}

/* Called when a thread has no current context or picks a device: rare
   enough to take the lock every time. */
CUcontext tileCudaPrimaryContext(TileCudaDriver *driver, int ordinal) {
  if (ordinal < 0 || ordinal >= driver->deviceCount)
    tileCudaFatal("device %d does not exist: the CUDA driver sees %d "
                  "device(s)",
                  ordinal, driver->deviceCount);
  if (ordinal >= TILE_CUDA_MAX_DEVICES)
    tileCudaFatal("device %d is beyond the %d devices this runtime handles",
                  ordinal, TILE_CUDA_MAX_DEVICES);
  pthread_mutex_lock(&driver->primaryContextLock);
  CUcontext *slot = &driver->primaryContexts[ordinal];
  if (!*slot)
    *slot = retainPrimaryContext(driver, ordinal);
  CUcontext context = *slot;
  pthread_mutex_unlock(&driver->primaryContextLock);
  return context;
}

TileCudaDriver *tileCudaEnter(void) {
  TileCudaDriver *driver = tileCudaDriver();
  tileCudaCurrentContext(driver);
  return driver;
}

CUcontext tileCudaCurrentContext(TileCudaDriver *driver) {
  CUcontext current = NULL;
  tileCudaCheck(driver->ctxGetCurrent(&current), "cuCtxGetCurrent");
  if (current)
    return current;
  current = tileCudaPrimaryContext(driver, 0);
  tileCudaCheck(driver->ctxSetCurrent(current), "cuCtxSetCurrent");
  return current;
}

TileCudaDriver *tileCudaEnterToRelease(void) {
  TileCudaDriver *driver = tileCudaDriver();
  CUcontext current = NULL;
  CUresult result = driver->ctxGetCurrent(&current);
  if (result == CUDA_ERROR_DEINITIALIZED)
    return NULL;
  tileCudaCheck(result, "cuCtxGetCurrent");
  if (!current)
    tileCudaCurrentContext(driver);
  return driver;
}

bool tileCudaReleased(CUresult result, const char *call) {
  if (result == CUDA_ERROR_DEINITIALIZED)
    return false;
  tileCudaCheck(result, call);
  return true;
}

void mgpuSetDefaultDevice(int32_t device) {
  TileCudaDriver *driver = tileCudaDriver();
  tileCudaCheckf(
      driver->ctxSetCurrent(tileCudaPrimaryContext(driver, (int)device)),
      "cuCtxSetCurrent(device %d)", (int)device);
}
