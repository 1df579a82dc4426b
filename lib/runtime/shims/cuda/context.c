/* The context a call runs in: the thread's current one or a primary one. */
#include "shim.h"

static CUcontext retainPrimaryContext(TileRtCudaDriver *driver, int ordinal) {
  CUdevice device;
  CUcontext context = NULL;
  tileRtCudaCheckf(driver->deviceGet(&device, ordinal), "cuDeviceGet(%d)",
                   ordinal);
  tileRtCudaCheckf(driver->primaryCtxRetain(&context, device),
                   "cuDevicePrimaryCtxRetain(device %d)", ordinal);
  return context;
}

/* Called when a thread has no current context or picks a device: rare
   enough to take the lock every time. */
CUcontext tileRtCudaPrimaryContext(TileRtCudaDriver *driver, int ordinal) {
  if (ordinal < 0 || ordinal >= driver->deviceCount)
    tileRtCudaFatal("device %d does not exist: the CUDA driver sees %d "
                    "device(s)",
                    ordinal, driver->deviceCount);
  if (ordinal >= TILE_RT_CUDA_MAX_DEVICES)
    tileRtCudaFatal("device %d is beyond the %d devices this runtime handles",
                    ordinal, TILE_RT_CUDA_MAX_DEVICES);
  pthread_mutex_lock(&driver->primaryContextLock);
  CUcontext *slot = &driver->primaryContexts[ordinal];
  if (!*slot)
    *slot = retainPrimaryContext(driver, ordinal);
  CUcontext context = *slot;
  pthread_mutex_unlock(&driver->primaryContextLock);
  return context;
}

TileRtCudaDriver *tileRtCudaEnter(void) {
  TileRtCudaDriver *driver = tileRtCudaDriver();
  tileRtCudaCurrentContext(driver);
  return driver;
}

CUcontext tileRtCudaCurrentContext(TileRtCudaDriver *driver) {
  CUcontext current = NULL;
  tileRtCudaCheck(driver->ctxGetCurrent(&current), "cuCtxGetCurrent");
  if (current)
    return current;
  current = tileRtCudaPrimaryContext(driver, 0);
  tileRtCudaCheck(driver->ctxSetCurrent(current), "cuCtxSetCurrent");
  return current;
}

TileRtCudaDriver *tileRtCudaEnterToRelease(void) {
  TileRtCudaDriver *driver = tileRtCudaDriver();
  CUcontext current = NULL;
  CUresult result = driver->ctxGetCurrent(&current);
  if (result == CUDA_ERROR_DEINITIALIZED)
    return NULL;
  tileRtCudaCheck(result, "cuCtxGetCurrent");
  if (!current)
    tileRtCudaCurrentContext(driver);
  return driver;
}

bool tileRtCudaReleased(CUresult result, const char *call) {
  if (result == CUDA_ERROR_DEINITIALIZED)
    return false;
  tileRtCudaCheck(result, call);
  return true;
}

void mgpuSetDefaultDevice(int32_t device) {
  TileRtCudaDriver *driver = tileRtCudaDriver();
  tileRtCudaCheckf(
      driver->ctxSetCurrent(tileRtCudaPrimaryContext(driver, (int)device)),
      "cuCtxSetCurrent(device %d)", (int)device);
}
