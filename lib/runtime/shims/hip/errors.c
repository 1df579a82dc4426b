/* Failures: one "tile_rt_hip: error:" line, then exit status 1, or a
   refusal its caller catches. */
#include "../common/fatal.h"
#include "shim.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

_Noreturn void tileRtHipFatal(const char *format, ...) {
  va_list args;
  va_start(args, format);
  tileRtFatalV("tile_rt_hip: error: ", NULL, format, args);
}

_Noreturn void tileRtHipRefuse(const char *format, ...) {
  va_list args;
  va_start(args, format);
  tileRtRefuseV("tile_rt_hip", format, args);
}

void tileRtHipDescribe(const TileRtHipRuntime *runtime, hipError_t result,
                       char *buffer, size_t size) {
  const char *name = runtime->getErrorName(result);
  const char *text = runtime->getErrorString(result);
  /* Some runtimes describe a result by its name again. */
  if (name && text && strcmp(name, text) != 0)
    snprintf(buffer, size, "%s (%s)", name, text);
  else if (name)
    snprintf(buffer, size, "%s", name);
  else
    snprintf(buffer, size, "HIP error %d", (int)result);
}

_Noreturn static void failCall(hipError_t result, const char *call,
                               bool refuse) {
  const char *why = NULL;
  const TileRtHipRuntime *runtime = tileRtHipRuntimeLoad(&why);
  char description[256] = "";
  if (runtime)
    tileRtHipDescribe(runtime, result, description, sizeof(description));
  if (refuse)
    tileRtHipRefuse("%s failed: %s", call, description);
  tileRtHipFatal("%s failed: %s", call, description);
}

void tileRtHipCheck(hipError_t result, const char *call) {
  if (result != hipSuccess)
    failCall(result, call, false);
}

/* failCall with the call described by a format. */
__attribute__((format(printf, 3, 0))) _Noreturn static void
failCallV(hipError_t result, bool refuse, const char *format, va_list args) {
  char call[512];
  vsnprintf(call, sizeof(call), format, args);
  failCall(result, call, refuse);
}

void tileRtHipCheckf(hipError_t result, const char *format, ...) {
  if (result == hipSuccess)
    return;
  va_list args;
  va_start(args, format);
  failCallV(result, false, format, args);
}

void tileRtHipCheckAllocation(hipError_t result, const char *format, ...) {
  if (result == hipSuccess)
    return;
  va_list args;
  va_start(args, format);
  failCallV(result, result == hipErrorOutOfMemory, format, args);
}

TileRtSpan tileRtHipMemRefSpan(const char *entry, int64_t rank,
                               const TileRtHipMemRef *memref,
                               int64_t elementSizeBytes) {
  TileRtSpan span = {NULL, 0};
  char why[256];
  if (tileRtMemRefSpan(rank, memref, elementSizeBytes, &span, why, sizeof(why)))
    tileRtHipFatal("%s: %s", entry, why);
  return span;
}
