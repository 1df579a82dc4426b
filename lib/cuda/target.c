/* cuda targets: cuda[:sm_XX[a]][,features=+ptxNN]; driver detection. */
#include "cuda/cuda.h"

#include "backend/backend.h"
#include "support/count.h"

#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

/* The chips and what a block may use on each: the opt-in maximum of
 * shared memory per block (cudaDevAttrMaxSharedMemoryPerBlockOptin; the
 * compute-capability tables of NVIDIA's CUDA programming guide: 64 KiB on
 * 7.5, 163 KiB on 8.0 and 8.7, 99 KiB on 8.6 and 8.9, 227 KiB on 9.0, the
 * SM's capacity less the 1 KiB the driver reserves per block from 8.0 on).
 * Every chip: 1024 threads per block, grids of 2^31 - 1 x 65535 x 65535. */
static const TileCudaChip chips[] = {
    {"sm_75", 64 * 1024, 63},   {"sm_80", 163 * 1024, 70},
    {"sm_86", 99 * 1024, 71},   {"sm_87", 163 * 1024, 74},
    {"sm_89", 99 * 1024, 78},   {"sm_90", 227 * 1024, 78},
    {"sm_90a", 227 * 1024, 80},
};

/* The PTX ISA versions (x 10) LLVM 22's NVPTX backend knows
 * (`llc -march=nvptx64 -mattr=help`). */
static const int ptxVersions[] = {32, 40, 41, 42, 43, 50, 60, 61, 62, 63, 64,
                                  65, 70, 71, 72, 73, 74, 75, 76, 77, 78, 80,
                                  81, 82, 83, 84, 85, 86, 87, 88, 90};

int tileCudaPtxVersion(const char *features) {
  int version = 0, length = 0;
  if (sscanf(features, "+ptx%2d%n", &version, &length) != 1 ||
      features[length] != '\0' || length != 6)
    return 0;
  for (size_t i = 0; i < TILE_COUNT(ptxVersions); ++i)
    if (ptxVersions[i] == version)
      return version;
  return 0;
}

bool tileCudaCheckFeatures(const char *features, TileStrBuf *why) {
  if (tileCudaPtxVersion(features))
    return true;
  tileStrBufPrintf(why,
                   "cuda features '%s' are not a PTX ISA version LLVM knows "
                   "(+ptxNN, e.g. +ptx80; from +ptx32 to +ptx90)",
                   features);
  return false;
}

bool tileCudaCheckChip(const char *chip, TileStrBuf *why) {
  if (tileCudaFindChip(chip))
    return true;
  tileStrBufPrintf(why, "unknown cuda chip '%s' (valid: %s)", chip,
                   TILE_CUDA_CHIPS);
  return false;
}

/* The only feature of a cuda target is the PTX ISA version; LLVM aborts on
 * one too old for the chip and ignores unknown ones with a warning. */
static MlirLogicalResult checkFeatures(const TileTarget *t,
                                       const TileCudaChip *chip,
                                       TileErrorSink errors) {
  if (!tileReportCheck(tileCudaCheckFeatures, t->features, errors))
    return mlirLogicalResultFailure();
  int version = tileCudaPtxVersion(t->features);
  if (version < chip->minPtx) {
    tileReport(errors,
               "PTX ISA %d.%d does not know %s; it needs +ptx%d or later",
               version / 10, version % 10, chip->name, chip->minPtx);
    return mlirLogicalResultFailure();
  }
  return mlirLogicalResultSuccess();
}

const TileCudaChip *tileCudaFindChip(const char *name) {
  for (size_t i = 0; i < TILE_COUNT(chips); ++i)
    if (strcmp(name, chips[i].name) == 0)
      return &chips[i];
  return NULL;
}

MlirLogicalResult tileCudaNormalizeTarget(TileTarget *t, TileErrorSink errors) {
  if (!t->chip[0])
    strcpy(t->chip, "sm_80");
  if (!tileReportCheck(tileCudaCheckChip, t->chip, errors))
    return mlirLogicalResultFailure();
  /* PTX ISA 8.0 is the first to know sm_90a; it serves every chip above.
   * sm_90a's TMA kernels fence their descriptors (fence.proxy.tensormap),
   * which needs 8.3. */
  if (!t->features[0])
    strcpy(t->features, strcmp(t->chip, "sm_90a") == 0 ? "+ptx83" : "+ptx80");
  if (mlirLogicalResultIsFailure(
          checkFeatures(t, tileCudaFindChip(t->chip), errors)))
    return mlirLogicalResultFailure();
  if (t->numOptions) {
    tileReport(errors, "unknown cuda target option '%s' (valid: features, opt)",
               t->options[0].key);
    return mlirLogicalResultFailure();
  }
  return mlirLogicalResultSuccess();
}

typedef int (*CuInit)(unsigned);
typedef int (*CuDeviceGetCount)(int *);
typedef int (*CuDeviceGetAttribute)(int *, int, int);

enum { ComputeCapabilityMajor = 75, ComputeCapabilityMinor = 76 };

/* Opens the CUDA driver and reads device 0's compute capability. */
static bool probeDriver(int *major, int *minor, const char **why) {
  void *lib = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!lib) {
    *why = "the CUDA driver (libcuda.so.1) is not installed";
    return false;
  }
  CuInit init = (CuInit)dlsym(lib, "cuInit");
  CuDeviceGetCount count = (CuDeviceGetCount)dlsym(lib, "cuDeviceGetCount");
  CuDeviceGetAttribute attr =
      (CuDeviceGetAttribute)dlsym(lib, "cuDeviceGetAttribute");
  int n = 0;
  bool ok = init && count && attr && init(0) == 0 && count(&n) == 0 && n > 0 &&
            attr(major, ComputeCapabilityMajor, 0) == 0 &&
            attr(minor, ComputeCapabilityMinor, 0) == 0;
  if (!ok)
    *why = "the CUDA driver reports no usable device";
  dlclose(lib);
  return ok;
}

bool tileCudaDetectTarget(TileTarget *t) {
  int major = 0, minor = 0;
  const char *why;
  if (!probeDriver(&major, &minor, &why))
    return false;
  strcpy(t->kind, "cuda");
  snprintf(t->chip, sizeof(t->chip), "sm_%d%d%s", major, minor,
           major == 9 ? "a" : "");
  return true;
}

bool tileCudaDriverAvailable(const TileTarget *target, TileErrorSink why) {
  (void)target;
  int major, minor;
  const char *reason = NULL;
  if (probeDriver(&major, &minor, &reason))
    return true;
  tileReport(why, "%s", reason);
  return false;
}
