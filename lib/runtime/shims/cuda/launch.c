/* Kernel launches: plain and clustered, with shared-memory opt-in. */
#include "shim.h"

#include <limits.h>
#include <stdint.h>
#include <stdio.h>

/* Blocks get up to 48 KiB of shared memory without opting in. */
#define TILE_RT_CUDA_DEFAULT_SHARED_BYTES (48 * 1024)
/* Clusters larger than this need the non-portable size attribute. */
#define TILE_RT_CUDA_PORTABLE_CLUSTER_BLOCKS 8

typedef struct {
  unsigned int x, y, z;
} Dims;

/* Names the kernel in messages when the driver can (CUDA 12.3 and newer). */
static const char *kernelName(const TileRtCudaDriver *driver,
                              CUfunction function) {
  const char *name = NULL;
  if (driver->funcGetName && driver->funcGetName(&name, function) == 0 && name)
    return name;
  return "?";
}

/* Zero means "nothing to launch"; negative or oversized is a caller bug. */
static unsigned int launchDim(intptr_t value, const char *what, char axis) {
  if (value < 0 || (uintmax_t)value > UINT_MAX)
    tileRtCudaRefuse("launch %s dimension %c is %jd, outside 0 to %u", what,
                     axis, (intmax_t)value, UINT_MAX);
  return (unsigned int)value;
}

static Dims launchDims(intptr_t x, intptr_t y, intptr_t z, const char *what) {
  Dims dims = {launchDim(x, what, 'x'), launchDim(y, what, 'y'),
               launchDim(z, what, 'z')};
  return dims;
}

static bool isEmpty(Dims dims) { return !dims.x || !dims.y || !dims.z; }

static void checkKernel(CUfunction function, const char *entry) {
  if (!function)
    tileRtCudaRefuse("%s: the kernel handle is null", entry);
}

/* Attribute `attribute` (named `name`) of the current context's device. */
static int deviceLimit(const TileRtCudaDriver *driver, int attribute,
                       const char *name) {
  CUdevice device;
  int limit = 0;
  tileRtCudaCheck(driver->ctxGetDevice(&device), "cuCtxGetDevice");
  tileRtCudaCheckf(driver->deviceGetAttribute(&limit, attribute, device),
                   "cuDeviceGetAttribute(%s)", name);
  return limit;
}

/* The opt-in limit of the device of the current context. */
static int maxSharedBytes(const TileRtCudaDriver *driver) {
  return deviceLimit(driver,
                     CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN,
                     "MAX_SHARED_MEMORY_PER_BLOCK_OPTIN");
}

/* What every device of compute capability 3.0 and later allows; launches
   within it need no question to the driver. */
static const unsigned int PortableGrid[3] = {INT_MAX, 65535, 65535};
static const unsigned int PortableBlock[3] = {1024, 1024, 64};
enum { PortableThreads = 1024 };

static bool portable(Dims grid, Dims block) {
  return grid.x <= PortableGrid[0] && grid.y <= PortableGrid[1] &&
         grid.z <= PortableGrid[2] && block.x <= PortableBlock[0] &&
         block.y <= PortableBlock[1] && block.z <= PortableBlock[2] &&
         (uint64_t)block.x * block.y * block.z <= PortableThreads;
}

/* Grid and block sizes come from the host code, computed at run time for
   dynamic grids: beyond the device's limits, the launch fails here with
   both named, not with the driver's CUDA_ERROR_INVALID_VALUE. */
static void checkShape(const TileRtCudaDriver *driver, CUfunction function,
                       Dims grid, Dims block) {
  if (portable(grid, block))
    return;
  int g[3], b[3];
  for (int i = 0; i < 3; ++i) {
    g[i] = deviceLimit(driver, CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_X + i,
                       "MAX_GRID_DIM");
    b[i] = deviceLimit(driver, CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_X + i,
                       "MAX_BLOCK_DIM");
  }
  int threads = deviceLimit(driver, CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK,
                            "MAX_THREADS_PER_BLOCK");
  if (grid.x > (unsigned)g[0] || grid.y > (unsigned)g[1] ||
      grid.z > (unsigned)g[2])
    tileRtCudaRefuse("kernel '%s' launched with a grid of %u x %u x %u blocks; "
                     "the device launches at most %d x %d x %d",
                     kernelName(driver, function), grid.x, grid.y, grid.z, g[0],
                     g[1], g[2]);
  if (block.x > (unsigned)b[0] || block.y > (unsigned)b[1] ||
      block.z > (unsigned)b[2] ||
      (uint64_t)block.x * block.y * block.z > (uint64_t)threads)
    tileRtCudaRefuse(
        "kernel '%s' launched with blocks of %u x %u x %u threads; "
        "the device runs at most %d threads per block (%d x %d x "
        "%d)",
        kernelName(driver, function), block.x, block.y, block.z, threads, b[0],
        b[1], b[2]);
}

/* The kernel's static shared memory, which ptxas sized. */
static int staticSharedBytes(const TileRtCudaDriver *driver,
                             CUfunction function) {
  int bytes = 0;
  tileRtCudaCheckf(driver->funcGetAttribute(
                       &bytes, CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES, function),
                   "cuFuncGetAttribute(SHARED_SIZE_BYTES) for kernel '%s'",
                   kernelName(driver, function));
  return bytes;
}

/* A block gets 48 KiB of shared memory, static and dynamic together,
   unless the kernel's dynamic limit is raised; static + dynamic may then
   reach the device's opt-in maximum. The limit is only ever raised, under
   a lock: a thread that lowered it to its own size between another's
   raise and launch made that launch fail. */
static unsigned int prepareSharedMemory(TileRtCudaDriver *driver,
                                        CUfunction function,
                                        int32_t sharedBytes) {
  if (sharedBytes < 0)
    tileRtCudaRefuse("kernel '%s': dynamic shared memory size %d is negative",
                     kernelName(driver, function), (int)sharedBytes);
  int64_t total =
      (int64_t)staticSharedBytes(driver, function) + (int64_t)sharedBytes;
  if (total <= TILE_RT_CUDA_DEFAULT_SHARED_BYTES)
    return (unsigned int)sharedBytes;
  int limit = maxSharedBytes(driver);
  if (total > limit)
    tileRtCudaRefuse("kernel '%s' asks for %lld bytes of shared memory (%lld "
                     "static + %d dynamic); the device allows at most %d per "
                     "block",
                     kernelName(driver, function), (long long)total,
                     (long long)(total - sharedBytes), (int)sharedBytes, limit);
  pthread_mutex_lock(&driver->sharedLimitLock);
  int current = 0;
  tileRtCudaCheckf(
      driver->funcGetAttribute(
          &current, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, function),
      "cuFuncGetAttribute(MAX_DYNAMIC_SHARED_SIZE_BYTES) for kernel '%s'",
      kernelName(driver, function));
  if (current < sharedBytes)
    tileRtCudaCheckf(driver->funcSetAttribute(
                         function,
                         CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                         sharedBytes),
                     "cuFuncSetAttribute(MAX_DYNAMIC_SHARED_SIZE_BYTES=%d) for "
                     "kernel '%s'",
                     (int)sharedBytes, kernelName(driver, function));
  pthread_mutex_unlock(&driver->sharedLimitLock);
  return (unsigned int)sharedBytes;
}

void mgpuLaunchKernel(struct CUfunc_st *function, intptr_t gridX,
                      intptr_t gridY, intptr_t gridZ, intptr_t blockX,
                      intptr_t blockY, intptr_t blockZ, int32_t sharedBytes,
                      struct CUstream_st *stream, void **params, void **extra,
                      size_t paramsCount) {
  TileRtCudaDriver *driver = tileRtCudaEnter();
  (void)paramsCount; /* the driver reads params by the kernel's signature */
  checkKernel(function, "mgpuLaunchKernel");
  Dims grid = launchDims(gridX, gridY, gridZ, "grid");
  Dims block = launchDims(blockX, blockY, blockZ, "block");
  if (isEmpty(grid) || isEmpty(block)) {
    tileRtCudaTensorMapsLaunched(driver, stream);
    return;
  }
  checkShape(driver, function, grid, block);
  unsigned int shared = prepareSharedMemory(driver, function, sharedBytes);
  tileRtCudaCheckf(driver->launchKernel(function, grid.x, grid.y, grid.z,
                                        block.x, block.y, block.z, shared,
                                        stream, params, extra),
                   "cuLaunchKernel of kernel '%s' (grid %ux%ux%u, block "
                   "%ux%ux%u, %u shared bytes)",
                   kernelName(driver, function), grid.x, grid.y, grid.z,
                   block.x, block.y, block.z, shared);
  tileRtCudaTensorMapsLaunched(driver, stream);
}

static void checkClusterFits(Dims cluster, Dims grid) {
  if (grid.x % cluster.x || grid.y % cluster.y || grid.z % cluster.z)
    tileRtCudaRefuse("launch grid %ux%ux%u is not a multiple of cluster "
                     "%ux%ux%u",
                     grid.x, grid.y, grid.z, cluster.x, cluster.y, cluster.z);
}

static void allowLargeClusters(const TileRtCudaDriver *driver,
                               CUfunction function, Dims cluster) {
  if ((uint64_t)cluster.x * cluster.y * cluster.z <=
      TILE_RT_CUDA_PORTABLE_CLUSTER_BLOCKS)
    return;
  tileRtCudaCheckf(
      driver->funcSetAttribute(
          function, CU_FUNC_ATTRIBUTE_NON_PORTABLE_CLUSTER_SIZE_ALLOWED, 1),
      "cuFuncSetAttribute(NON_PORTABLE_CLUSTER_SIZE_ALLOWED) for kernel '%s'",
      kernelName(driver, function));
}

void mgpuLaunchClusterKernel(struct CUfunc_st *function, intptr_t clusterX,
                             intptr_t clusterY, intptr_t clusterZ,
                             intptr_t gridX, intptr_t gridY, intptr_t gridZ,
                             intptr_t blockX, intptr_t blockY, intptr_t blockZ,
                             int32_t sharedBytes, struct CUstream_st *stream,
                             void **params, void **extra) {
  TileRtCudaDriver *driver = tileRtCudaEnter();
  checkKernel(function, "mgpuLaunchClusterKernel");
  if (!driver->launchKernelEx)
    tileRtCudaFatal("cluster launches need cuLaunchKernelEx, which this CUDA "
                    "driver lacks (CUDA 11.8 or newer has it)");
  Dims cluster = launchDims(clusterX, clusterY, clusterZ, "cluster");
  Dims grid = launchDims(gridX, gridY, gridZ, "grid");
  Dims block = launchDims(blockX, blockY, blockZ, "block");
  if (isEmpty(grid) || isEmpty(block)) {
    tileRtCudaTensorMapsLaunched(driver, stream);
    return;
  }
  if (isEmpty(cluster))
    tileRtCudaRefuse("launch cluster %ux%ux%u has an empty dimension",
                     cluster.x, cluster.y, cluster.z);
  checkClusterFits(cluster, grid);
  checkShape(driver, function, grid, block);
  unsigned int shared = prepareSharedMemory(driver, function, sharedBytes);
  allowLargeClusters(driver, function, cluster);

  CUlaunchAttribute attributes[2] = {{0}};
  attributes[0].id = CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION;
  attributes[0].value.clusterDim.x = cluster.x;
  attributes[0].value.clusterDim.y = cluster.y;
  attributes[0].value.clusterDim.z = cluster.z;
  attributes[1].id = CU_LAUNCH_ATTRIBUTE_CLUSTER_SCHEDULING_POLICY_PREFERENCE;
  attributes[1].value.clusterSchedulingPolicyPreference =
      CU_CLUSTER_SCHEDULING_POLICY_SPREAD;
  CUlaunchConfig config = {grid.x,  grid.y, grid.z, block.x,    block.y,
                           block.z, shared, stream, attributes, 2};
  tileRtCudaCheckf(driver->launchKernelEx(&config, function, params, extra),
                   "cuLaunchKernelEx of kernel '%s' (cluster %ux%ux%u, grid "
                   "%ux%ux%u, block %ux%ux%u, %u shared bytes)",
                   kernelName(driver, function), cluster.x, cluster.y,
                   cluster.z, grid.x, grid.y, grid.z, block.x, block.y, block.z,
                   shared);
  tileRtCudaTensorMapsLaunched(driver, stream);
}
