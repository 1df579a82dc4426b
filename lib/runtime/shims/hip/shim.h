/* What the runtime's files share: entering a call, reporting failures. */
#ifndef TILE_RUNTIME_HIP_SHIM_H
#define TILE_RUNTIME_HIP_SHIM_H

#include "runtime.h"
#include "tile_rt_hip.h"

#include <stddef.h>

/* Every exported entry point starts here: loads the runtime, or exits with
   the reason. HIP keeps the current device per thread (device 0 until
   mgpuSetDefaultDevice picks another), so there is no context to set. */
TileRtHipRuntime *tileRtHipEnter(void);

/* tileRtHipEnter for the calls that release something (module unload, frees,
   stream and event destruction). A host program may tear the runtime down
   before its global destructors unload modules: returns NULL when the
   runtime says it is deinitialised, and then there is nothing left to
   release and nothing to report. */
TileRtHipRuntime *tileRtHipEnterToRelease(void);

/* For the result of a release call: false, silently, when the runtime is
   gone; exits on any other failure; true on success. */
bool tileRtHipReleased(hipError_t result, const char *call);

/* The calling thread's current device: an ordinal below
   TILE_RT_HIP_MAX_DEVICES, else a fatal error. */
int tileRtHipCurrentDevice(TileRtHipRuntime *runtime);

/* Prints "tile_rt_hip: error: MESSAGE" on stderr and exits with status 1. */
_Noreturn void tileRtHipFatal(const char *format, ...)
    __attribute__((format(printf, 1, 2)));

/* The same for a launch refused before the runtime saw it: a caller that
   catches refusals (common/refusals.h) gets it instead. */
_Noreturn void tileRtHipRefuse(const char *format, ...)
    __attribute__((format(printf, 1, 2)));

/* Writes "NAME (description)" for a runtime result, falling back to the
   numeric code when the runtime cannot describe it. */
void tileRtHipDescribe(const TileRtHipRuntime *runtime, hipError_t result,
                       char *buffer, size_t size);

/* Exits with "CALL failed: NAME (description)" unless result is success. */
void tileRtHipCheck(hipError_t result, const char *call);

/* Same, with the call described by a format ("hipModuleGetFunction for
   kernel 'k'"). */
void tileRtHipCheckf(hipError_t result, const char *format, ...)
    __attribute__((format(printf, 2, 3)));

/* Same for an allocation, where running out of memory is a refusal
   (common/refusals.h): nothing was allocated. */
void tileRtHipCheckAllocation(hipError_t result, const char *format, ...)
    __attribute__((format(printf, 2, 3)));

/* The span of a memref descriptor, or a fatal error naming `entry`. */
TileRtSpan tileRtHipMemRefSpan(const char *entry, int64_t rank,
                               const TileRtHipMemRef *memref,
                               int64_t elementSizeBytes);

#endif
