/* Kernel launches, checked against the device's limits first. */
#include "shim.h"

#include <limits.h>
#include <stdint.h>

typedef struct {
  unsigned int x, y, z;
} Dims;

/* Names the kernel in messages when the runtime can (hipKernelNameRef). */
static const char *kernelName(const TileRtHipRuntime *runtime,
                              hipFunction_t function) {
  const char *name =
      runtime->kernelNameRef ? runtime->kernelNameRef(function) : NULL;
  return name ? name : "?";
}

/* Zero means "nothing to launch"; negative or oversized is a caller bug. */
static unsigned int launchDim(intptr_t value, const char *what, char axis) {
  if (value < 0 || (uintmax_t)value > UINT_MAX)
    tileRtHipRefuse("launch %s dimension %c is %jd, outside 0 to %u", what,
                    axis, (intmax_t)value, UINT_MAX);
  return (unsigned int)value;
}

static Dims launchDims(intptr_t x, intptr_t y, intptr_t z, const char *what) {
  Dims dims = {launchDim(x, what, 'x'), launchDim(y, what, 'y'),
               launchDim(z, what, 'z')};
  return dims;
}

static bool isEmpty(Dims dims) { return !dims.x || !dims.y || !dims.z; }

static int attribute(TileRtHipRuntime *runtime, int device, int which,
                     const char *name) {
  int value = 0;
  tileRtHipCheckf(runtime->deviceGetAttribute(&value, which, device),
                  "hipDeviceGetAttribute(%s, device %d)", name, device);
  return value;
}

static void readLimits(TileRtHipRuntime *runtime, int device,
                       TileRtHipLimits *limits) {
  for (int i = 0; i < 3; ++i) {
    limits->grid[i] =
        attribute(runtime, device, hipDeviceAttributeMaxGridDimX + i,
                  "hipDeviceAttributeMaxGridDim");
    limits->block[i] =
        attribute(runtime, device, hipDeviceAttributeMaxBlockDimX + i,
                  "hipDeviceAttributeMaxBlockDim");
  }
  limits->threads =
      attribute(runtime, device, hipDeviceAttributeMaxThreadsPerBlock,
                "hipDeviceAttributeMaxThreadsPerBlock");
  limits->sharedBytes =
      attribute(runtime, device, hipDeviceAttributeMaxSharedMemoryPerBlock,
                "hipDeviceAttributeMaxSharedMemoryPerBlock");
  limits->known = true;
}

/* The current device's limits, asked once per device and kept. */
static TileRtHipLimits deviceLimits(TileRtHipRuntime *runtime) {
  int device = tileRtHipCurrentDevice(runtime);
  pthread_mutex_lock(&runtime->limitsLock);
  TileRtHipLimits *slot = &runtime->limits[device];
  if (!slot->known)
    readLimits(runtime, device, slot);
  TileRtHipLimits limits = *slot;
  pthread_mutex_unlock(&runtime->limitsLock);
  return limits;
}

/* Grid and block sizes come from the host code, computed at run time for
   dynamic grids: beyond the device's limits, the launch fails here with
   both named, not with the runtime's hipErrorInvalidConfiguration. An AMD
   dispatch also counts work-items (grid times block) in 32 bits along each
   axis. */
static void checkShape(const TileRtHipRuntime *runtime, hipFunction_t function,
                       const TileRtHipLimits *l, Dims grid, Dims block) {
  const char *name = kernelName(runtime, function);
  if (grid.x > (unsigned)l->grid[0] || grid.y > (unsigned)l->grid[1] ||
      grid.z > (unsigned)l->grid[2])
    tileRtHipRefuse("kernel '%s' launched with a grid of %u x %u x %u blocks; "
                    "the device launches at most %d x %d x %d",
                    name, grid.x, grid.y, grid.z, l->grid[0], l->grid[1],
                    l->grid[2]);
  if (block.x > (unsigned)l->block[0] || block.y > (unsigned)l->block[1] ||
      block.z > (unsigned)l->block[2] ||
      (uint64_t)block.x * block.y * block.z > (uint64_t)l->threads)
    tileRtHipRefuse("kernel '%s' launched with blocks of %u x %u x %u threads; "
                    "the device runs at most %d threads per block (%d x %d x "
                    "%d)",
                    name, block.x, block.y, block.z, l->threads, l->block[0],
                    l->block[1], l->block[2]);
  const unsigned g[3] = {grid.x, grid.y, grid.z};
  const unsigned b[3] = {block.x, block.y, block.z};
  for (int i = 0; i < 3; ++i)
    if ((uint64_t)g[i] * b[i] > UINT32_MAX)
      tileRtHipRefuse("kernel '%s' launched with %llu work-items along %c; an "
                      "AMD GPU dispatches at most %u",
                      name, (unsigned long long)g[i] * b[i], "xyz"[i],
                      UINT32_MAX);
}

/* The kernel's static LDS, which the code object records, counts against
   the same per-block limit as the dynamic bytes. */
static unsigned int checkSharedMemory(TileRtHipRuntime *runtime,
                                      hipFunction_t function,
                                      const TileRtHipLimits *limits,
                                      int32_t sharedBytes) {
  const char *name = kernelName(runtime, function);
  if (sharedBytes < 0)
    tileRtHipRefuse("kernel '%s': dynamic shared memory size %d is negative",
                    name, (int)sharedBytes);
  int staticBytes = 0;
  tileRtHipCheckf(
      runtime->funcGetAttribute(&staticBytes,
                                HIP_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES, function),
      "hipFuncGetAttribute(SHARED_SIZE_BYTES) for kernel '%s'", name);
  int64_t total = (int64_t)staticBytes + sharedBytes;
  if (total > limits->sharedBytes)
    tileRtHipRefuse("kernel '%s' asks for %lld bytes of shared memory (LDS: %d "
                    "static + %d dynamic); the device allows at most %d per "
                    "block",
                    name, (long long)total, staticBytes, (int)sharedBytes,
                    limits->sharedBytes);
  return (unsigned int)sharedBytes;
}

void mgpuLaunchKernel(struct ihipModuleSymbol_t *function, intptr_t gridX,
                      intptr_t gridY, intptr_t gridZ, intptr_t blockX,
                      intptr_t blockY, intptr_t blockZ, int32_t sharedBytes,
                      struct ihipStream_t *stream, void **params, void **extra,
                      size_t paramsCount) {
  TileRtHipRuntime *runtime = tileRtHipEnter();
  (void)paramsCount; /* the runtime reads params by the kernel's signature */
  if (!function)
    tileRtHipRefuse("mgpuLaunchKernel: the kernel handle is null");
  Dims grid = launchDims(gridX, gridY, gridZ, "grid");
  Dims block = launchDims(blockX, blockY, blockZ, "block");
  if (isEmpty(grid) || isEmpty(block))
    return;
  TileRtHipLimits limits = deviceLimits(runtime);
  checkShape(runtime, function, &limits, grid, block);
  unsigned int shared =
      checkSharedMemory(runtime, function, &limits, sharedBytes);
  tileRtHipCheckf(runtime->moduleLaunchKernel(function, grid.x, grid.y, grid.z,
                                              block.x, block.y, block.z, shared,
                                              stream, params, extra),
                  "hipModuleLaunchKernel of kernel '%s' (grid %ux%ux%u, block "
                  "%ux%ux%u, %u shared bytes)",
                  kernelName(runtime, function), grid.x, grid.y, grid.z,
                  block.x, block.y, block.z, shared);
}
