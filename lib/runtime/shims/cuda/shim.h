/* What the runtime's files share: entering a call, reporting failures. */
#ifndef TILE_RUNTIME_CUDA_SHIM_H
#define TILE_RUNTIME_CUDA_SHIM_H

#include "driver.h"
#include "tile_rt_cuda.h"

#include <stddef.h>

/* Every exported entry point starts here: loads the driver (or exits with
   the reason), and makes sure the calling thread has a current context:
   the one it already has, else device 0's primary context. */
TileRtCudaDriver *tileRtCudaEnter(void);

/* The calling thread's current context, made device 0's primary context
   when it has none. */
CUcontext tileRtCudaCurrentContext(TileRtCudaDriver *driver);

/* tileRtCudaEnter for the calls that release something (module unload, frees,
   stream and event destruction). A host program may tear the driver down
   before its global destructors unload modules (PyTorch does at exit):
   returns NULL when the driver says it is deinitialised, and then there is
   nothing left to release and nothing to report. */
TileRtCudaDriver *tileRtCudaEnterToRelease(void);

/* For the result of a release call: false, silently, when the driver is
   deinitialised; exits on any other failure; true on success. */
bool tileRtCudaReleased(CUresult result, const char *call);

/* The primary context of a device ordinal, retained on first use. */
CUcontext tileRtCudaPrimaryContext(TileRtCudaDriver *driver, int ordinal);

/* Prints "tile_rt_cuda: error: MESSAGE" on stderr and exits with status 1. */
_Noreturn void tileRtCudaFatal(const char *format, ...)
    __attribute__((format(printf, 1, 2)));

/* The same for a launch refused before the driver saw it (common/
   refusals.h): the descriptors this thread encoded for it are let go, and
   a caller that catches refusals gets it instead. */
_Noreturn void tileRtCudaRefuse(const char *format, ...)
    __attribute__((format(printf, 1, 2)));

/* Same, with the driver's multi-line log printed after the message. */
_Noreturn void tileRtCudaFatalWithLog(const char *log, const char *format, ...)
    __attribute__((format(printf, 2, 3)));

/* Writes "NAME (description)" for a driver result, falling back to the
   numeric code when the driver cannot describe it. */
void tileRtCudaDescribe(const TileRtCudaDriver *driver, CUresult result,
                        char *buffer, size_t size);

/* Exits with "CALL failed: NAME (description)" unless result is success. */
void tileRtCudaCheck(CUresult result, const char *call);

/* Same, with the call described by a format ("cuModuleGetFunction for
   kernel 'k'"). */
void tileRtCudaCheckf(CUresult result, const char *format, ...)
    __attribute__((format(printf, 2, 3)));

/* Same for an allocation, where running out of memory is a refusal
   (common/refusals.h): nothing was allocated. */
void tileRtCudaCheckAllocation(CUresult result, const char *format, ...)
    __attribute__((format(printf, 2, 3)));

/* The device copy of an encoded TMA descriptor, shared by every call that
   encodes the same bytes in the current context; owned by the runtime. */
void *tileRtCudaTensorMapOnDevice(TileRtCudaDriver *driver,
                                  const CUtensorMap *map);

/* The calling thread has launched (or skipped) the kernel its descriptors
   were for, on `stream`: the copies it was handed may be freed again,
   unless the launch was captured into a CUDA graph, which may be launched
   again at any time: those are kept for the life of the process. */
void tileRtCudaTensorMapsLaunched(TileRtCudaDriver *driver, CUstream stream);

/* Whether `stream` is capturing work into a CUDA graph (false where the
   driver cannot tell, which is before CUDA 10.1). */
bool tileRtCudaCapturing(const TileRtCudaDriver *driver, CUstream stream);

/* The calling thread's stream-capture mode made relaxed, for calls that
   the default (global) mode refuses while a capture is under way
   (allocations, module loads), as PyTorch's allocator does; returns what
   tileRtCudaRestoreCapture takes to put the previous mode back (-1 where
   the driver has no modes, before CUDA 10.1). */
int tileRtCudaRelaxCapture(const TileRtCudaDriver *driver);
void tileRtCudaRestoreCapture(const TileRtCudaDriver *driver, int previous);

/* A stream of the runtime's own in `context` (never the caller's of
   tileRtCudaSetStream), and giving it back. */
CUstream tileRtCudaTakeStream(TileRtCudaDriver *driver, CUcontext context);
void tileRtCudaGiveStream(TileRtCudaDriver *driver, CUcontext context,
                          CUstream stream);

/* Device pointers are integers to the driver and pointers to generated code. */
static inline CUdeviceptr tileRtCudaDevicePtr(const void *ptr) {
  return (CUdeviceptr)(uintptr_t)ptr;
}

#endif
