/* TMA descriptors (sm_90): encoded for a memref, read from device memory. */
#include "memref.h"
#include "shim.h"

#include <stdio.h>
#include <string.h>

#define TILE_RT_CUDA_TENSOR_MAP_MAX_RANK 5

/* Bytes per element of each CUtensorMapDataType, in enum order: UINT8,
   UINT16, UINT32, INT32, UINT64, INT64, FLOAT16, FLOAT32, FLOAT64, BFLOAT16,
   FLOAT32_FTZ, TFLOAT32, TFLOAT32_FTZ. */
static const int elementBytes[TILE_CU_TENSOR_MAP_DATA_TYPE_COUNT] = {
    1, 2, 4, 4, 8, 8, 2, 4, 8, 2, 4, 4, 4};

static TileRtCudaDriver *encoder(void) {
  TileRtCudaDriver *driver = tileRtCudaEnter();
  if (!driver->tensorMapEncodeTiled)
    tileRtCudaFatal("TMA descriptors need cuTensorMapEncodeTiled, which this "
                    "CUDA driver lacks (CUDA 12.0 or newer has it)");
  return driver;
}

/* "64x128" for the box of messages, outermost dimension first. */
static void describeBox(uint32_t rank, const uint32_t *box, char *buffer,
                        size_t size) {
  size_t used = 0;
  buffer[0] = '\0';
  for (uint32_t i = rank; box && i > 0 && used < size; --i)
    used += (size_t)snprintf(buffer + used, size - used, "%s%u",
                             i == rank ? "" : "x", box[i - 1]);
}

void mgpuTensorMapEncodeTiled(struct CUtensorMap_st *tensorMap, int dataType,
                              uint32_t rank, void *globalAddress,
                              const uint64_t *globalDim,
                              const uint64_t *globalStrides,
                              const uint32_t *boxDim,
                              const uint32_t *elementStrides, int interleave,
                              int swizzle, int l2Promotion, int oobFill) {
  const TileRtCudaDriver *driver = encoder();
  CUresult result = driver->tensorMapEncodeTiled(
      tensorMap, dataType, rank, globalAddress, globalDim, globalStrides,
      boxDim, elementStrides, interleave, swizzle, l2Promotion, oobFill);
  if (result == CUDA_SUCCESS)
    return;
  char box[64];
  describeBox(rank <= TILE_RT_CUDA_TENSOR_MAP_MAX_RANK ? rank : 0, boxDim, box,
              sizeof(box));
  tileRtCudaCheckf(result,
                   "cuTensorMapEncodeTiled (rank %u, data type %d, box %s, "
                   "swizzle %d, address %p)",
                   rank, dataType, box, swizzle, globalAddress);
}

/* The driver's arrays run innermost dimension first; a memref's outermost. */
typedef struct {
  uint64_t dims[TILE_RT_CUDA_TENSOR_MAP_MAX_RANK];
  uint64_t strides[TILE_RT_CUDA_TENSOR_MAP_MAX_RANK - 1]; /* bytes, dims 1.. */
  uint32_t box[TILE_RT_CUDA_TENSOR_MAP_MAX_RANK];
  uint32_t elementStrides[TILE_RT_CUDA_TENSOR_MAP_MAX_RANK];
} Geometry;

static void checkMemRef(int64_t rank, const TileRtCudaMemRef *memref,
                        int64_t dataType, const int64_t *boxDims) {
  if (rank < 1 || rank > TILE_RT_CUDA_TENSOR_MAP_MAX_RANK)
    tileRtCudaFatal("mgpuTensorMapEncodeTiledMemref: rank %lld is outside the "
                    "1 to %d a TMA descriptor supports",
                    (long long)rank, TILE_RT_CUDA_TENSOR_MAP_MAX_RANK);
  if (dataType < 0 || dataType >= TILE_CU_TENSOR_MAP_DATA_TYPE_COUNT)
    tileRtCudaFatal(
        "mgpuTensorMapEncodeTiledMemref: unknown TMA data type %lld",
        (long long)dataType);
  if (!memref || !boxDims)
    tileRtCudaFatal("mgpuTensorMapEncodeTiledMemref: the memref descriptor or "
                    "the box is null");
  if (tileRtCudaMemRefStrides(memref, rank)[rank - 1] != 1)
    tileRtCudaFatal("mgpuTensorMapEncodeTiledMemref: the innermost stride is "
                    "%lld; TMA needs contiguous rows (stride 1)",
                    (long long)tileRtCudaMemRefStrides(memref, rank)[rank - 1]);
}

static Geometry geometryOf(int64_t rank, const TileRtCudaMemRef *memref,
                           int elementSize, const int64_t *boxDims) {
  const int64_t *sizes = tileRtCudaMemRefSizes(memref);
  const int64_t *strides = tileRtCudaMemRefStrides(memref, rank);
  Geometry g;
  memset(&g, 0, sizeof(g));
  for (int64_t r = 0; r < rank; ++r) {
    int64_t from = rank - 1 - r;
    g.dims[r] = (uint64_t)sizes[from];
    g.box[r] = (uint32_t)boxDims[from];
    g.elementStrides[r] = 1;
    if (r > 0)
      g.strides[r - 1] = (uint64_t)strides[from] * (uint64_t)elementSize;
  }
  return g;
}

void *mgpuTensorMapEncodeTiledMemref(int64_t rank, TileRtCudaMemRef *memref,
                                     int64_t dataType, int64_t interleave,
                                     int64_t swizzle, int64_t l2Promotion,
                                     int64_t oobFill, int64_t *boxDims) {
  TileRtCudaDriver *driver = encoder();
  checkMemRef(rank, memref, dataType, boxDims);
  int elementSize = elementBytes[dataType];
  Geometry g = geometryOf(rank, memref, elementSize, boxDims);
  char *address = memref->aligned + memref->offset * elementSize;
  CUtensorMap map;
  memset(&map, 0, sizeof(map));
  mgpuTensorMapEncodeTiled(&map, (int)dataType, (uint32_t)rank, address, g.dims,
                           g.strides, g.box, g.elementStrides, (int)interleave,
                           (int)swizzle, (int)l2Promotion, (int)oobFill);
  return tileRtCudaTensorMapOnDevice(driver, &map);
}
