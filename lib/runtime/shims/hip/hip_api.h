/* The few HIP runtime types and constants this library uses, declared here
   so that building it needs no HIP headers. Values as hip_runtime_api.h of
   ROCm 5 and 6 defines them (the device attribute numbering of ROCm 5.0
   and later; libamdhip64.so.4 and older numbered them differently and are
   not loaded). */
#ifndef TILE_RUNTIME_HIP_HIP_API_H
#define TILE_RUNTIME_HIP_HIP_API_H

#include <stddef.h>
#include <stdint.h>

typedef int hipError_t;
typedef struct ihipModule_t *hipModule_t;
typedef struct ihipModuleSymbol_t *hipFunction_t;
typedef struct ihipStream_t *hipStream_t;
typedef struct ihipEvent_t *hipEvent_t;

enum {
  hipSuccess = 0,
  hipErrorInvalidValue = 1,
  hipErrorOutOfMemory = 2,
  hipErrorNotInitialized = 3,
  hipErrorDeinitialized = 4,
  hipErrorInsufficientDriver = 35,
  hipErrorNoDevice = 100,
  hipErrorInvalidDevice = 101,
  hipErrorInvalidImage = 200,
  hipErrorNoBinaryForGpu = 209,
  hipErrorNotFound = 500,
  hipErrorContextIsDestroyed = 709,
};

/* hipDeviceAttribute_t (ROCm 5.0 and later). */
enum {
  hipDeviceAttributeMaxBlockDimX = 26,
  hipDeviceAttributeMaxGridDimX = 29,
  hipDeviceAttributeMaxThreadsPerBlock = 56,
  hipDeviceAttributeMaxSharedMemoryPerBlock = 74,
};

/* hipFunction_attribute. */
enum { HIP_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES = 1 };

enum { hipStreamNonBlocking = 1 };
enum { hipEventDisableTiming = 2 };
enum { hipMemAttachGlobal = 1 };
enum { hipMemcpyDefault = 4 };
enum { hipHostRegisterPortable = 1, hipHostRegisterMapped = 2 };

#endif
