/* Failures: one "tile_rt_cuda: error:" line, then exit status 1. */
#include "shim.h"

#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define TILE_CUDA_PREFIX "tile_rt_cuda: error: "

/* The mgpu* ABI has no error results, and carrying on after a failed
   allocation or launch only turns the failure into a crash elsewhere, so a
   failure ends the process. exit() may run only once per process, and a
   failure reported while the process is already leaving (an atexit handler
   or a global destructor calling back in, another thread) adds nothing:
   those leave with _exit() and print nothing more. The line is written
   before the flag is set, so no line is lost to a concurrent _exit(). */
static atomic_bool exiting;

__attribute__((format(printf, 2, 0))) _Noreturn static void
report(const char *log, const char *format, va_list args) {
  if (atomic_load(&exiting))
    _exit(1);
  char message[1024];
  vsnprintf(message, sizeof(message), format, args);
  fprintf(stderr, TILE_CUDA_PREFIX "%s\n", message);
  if (log && *log)
    fprintf(stderr, "%s%s", log, log[strlen(log) - 1] == '\n' ? "" : "\n");
  if (atomic_exchange(&exiting, true))
    _exit(1);
  exit(1);
}

_Noreturn void tileCudaFatal(const char *format, ...) {
  va_list args;
  va_start(args, format);
  report(NULL, format, args);
}

_Noreturn void tileCudaFatalWithLog(const char *log, const char *format, ...) {
  va_list args;
  va_start(args, format);
  report(log, format, args);
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

void tileCudaDescribe(const TileCudaDriver *driver, CUresult result,
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

_Noreturn static void failCall(CUresult result, const char *call) {
  const char *why = NULL;
  const TileCudaDriver *driver = tileCudaDriverLoad(&why);
  char description[256] = "";
  if (driver)
    tileCudaDescribe(driver, result, description, sizeof(description));
  tileCudaFatal("%s failed: %s", call, description);
}

void tileCudaCheck(CUresult result, const char *call) {
  if (result != CUDA_SUCCESS)
    failCall(result, call);
}

void tileCudaCheckf(CUresult result, const char *format, ...) {
  if (result == CUDA_SUCCESS)
    return;
  char call[512];
  va_list args;
  va_start(args, format);
  vsnprintf(call, sizeof(call), format, args);
  va_end(args);
  failCall(result, call);
}
