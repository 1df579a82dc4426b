/* Failures: one "tile_rt_cuda: error:" line, then exit status 1, or a
   refusal its caller catches. */
#include "../common/fatal.h"
#include "shim.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#define TILE_RT_CUDA_PREFIX "tile_rt_cuda: error: "

_Noreturn void tileRtCudaFatal(const char *format, ...) {
  va_list args;
  va_start(args, format);
  tileRtFatalV(TILE_RT_CUDA_PREFIX, NULL, format, args);
}

_Noreturn void tileRtCudaRefuse(const char *format, ...) {
  tileRtCudaTensorMapsLaunched(tileRtCudaDriver(), NULL);
  va_list args;
  va_start(args, format);
  tileRtRefuseV("tile_rt_cuda", format, args);
}

_Noreturn void tileRtCudaFatalWithLog(const char *log, const char *format,
                                      ...) {
  va_list args;
  va_start(args, format);
  tileRtFatalV(TILE_RT_CUDA_PREFIX, log, format, args);
}

/* Names for the results a driver that failed to initialise (or the
   toolkit's stub library) cannot describe itself. */
static const char *knownName(CUresult result) {
  switch (result) {
  case CUDA_ERROR_INVALID_VALUE:
    return "CUDA_ERROR_INVALID_VALUE";
  case CUDA_ERROR_OUT_OF_MEMORY:
    return "CUDA_ERROR_OUT_OF_MEMORY";
  case CUDA_ERROR_NOT_INITIALIZED:
    return "CUDA_ERROR_NOT_INITIALIZED";
  case CUDA_ERROR_DEINITIALIZED:
    return "CUDA_ERROR_DEINITIALIZED";
  case CUDA_ERROR_STUB_LIBRARY:
    return "CUDA_ERROR_STUB_LIBRARY (the toolkit's stub libcuda.so was "
           "loaded, not a driver)";
  case CUDA_ERROR_INSUFFICIENT_DRIVER:
    return "CUDA_ERROR_INSUFFICIENT_DRIVER";
  case CUDA_ERROR_NO_DEVICE:
    return "CUDA_ERROR_NO_DEVICE";
  case CUDA_ERROR_INVALID_DEVICE:
    return "CUDA_ERROR_INVALID_DEVICE";
  default:
    return NULL;
  }
}

void tileRtCudaDescribe(const TileRtCudaDriver *driver, CUresult result,
                        char *buffer, size_t size) {
  const char *name = NULL, *text = NULL;
  if (driver->getErrorName(result, &name) != CUDA_SUCCESS)
    name = NULL;
  if (driver->getErrorString(result, &text) != CUDA_SUCCESS)
    text = NULL;
  if (!name)
    name = knownName(result);
  if (name && text)
    snprintf(buffer, size, "%s (%s)", name, text);
  else if (name)
    snprintf(buffer, size, "%s", name);
  else
    snprintf(buffer, size, "CUDA error %d", (int)result);
}

_Noreturn static void failCall(CUresult result, const char *call, bool refuse) {
  const char *why = NULL;
  const TileRtCudaDriver *driver = tileRtCudaDriverLoad(&why);
  char description[256] = "";
  if (driver)
    tileRtCudaDescribe(driver, result, description, sizeof(description));
  if (refuse)
    tileRtCudaRefuse("%s failed: %s", call, description);
  tileRtCudaFatal("%s failed: %s", call, description);
}

void tileRtCudaCheck(CUresult result, const char *call) {
  if (result != CUDA_SUCCESS)
    failCall(result, call, false);
}

/* failCall with the call described by a format. */
__attribute__((format(printf, 3, 0))) _Noreturn static void
failCallV(CUresult result, bool refuse, const char *format, va_list args) {
  char call[512];
  vsnprintf(call, sizeof(call), format, args);
  failCall(result, call, refuse);
}

void tileRtCudaCheckf(CUresult result, const char *format, ...) {
  if (result == CUDA_SUCCESS)
    return;
  va_list args;
  va_start(args, format);
  failCallV(result, false, format, args);
}

void tileRtCudaCheckAllocation(CUresult result, const char *format, ...) {
  if (result == CUDA_SUCCESS)
    return;
  va_list args;
  va_start(args, format);
  failCallV(result, result == CUDA_ERROR_OUT_OF_MEMORY, format, args);
}
