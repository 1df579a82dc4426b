/* The cuda backend: targets, codegen, toolchain. */
#ifndef TILE_CUDA_CUDA_H
#define TILE_CUDA_CUDA_H

#include "support/strbuf.h"
#include "tile/backend.h"

#include <stdbool.h>
#include <stdint.h>

/* A CUDA chip the backend compiles for, and its limits per block. */
typedef struct {
  const char *name;    /* "sm_80" */
  int64_t sharedBytes; /* opt-in maximum of shared memory per block */
  int minPtx;          /* the first PTX ISA version that knows it, x 10 */
} TileCudaChip;

/* The attribute that says how many bytes of dynamic shared memory a kernel
 * uses: on the kernel loop and on every gpu.dynamic_shared_memory op of the
 * kernel (tile-cuda-dynamic-shared), read back by tile-cuda-launch-shared. */
#define TILE_CUDA_DYNAMIC_SHARED_BYTES "tile.dynamic_shared_bytes"

/* The chips the backend knows, as its module lists them. */
#define TILE_CUDA_CHIPS "sm_75, sm_80, sm_86, sm_87, sm_89, sm_90, sm_90a"

/* The chip named `name`, or NULL when the backend does not know it. The
 * table is static and immutable. */
const TileCudaChip *tileCudaFindChip(const char *name);

/* The PTX ISA version (x 10) that target features "+ptxNN" name, or 0 when
 * they are anything else or a version LLVM 22 does not know. */
int tileCudaPtxVersion(const char *features);

/* Whether `chip` is a chip the backend knows, and whether `features` name
 * a PTX ISA version LLVM knows; what is wrong in *why when not (the checks
 * of cuda targets and of the cuda passes' chip and features options). */
bool tileCudaCheckChip(const char *chip, TileStrBuf *why);
bool tileCudaCheckFeatures(const char *features, TileStrBuf *why);

MlirLogicalResult tileCudaNormalizeTarget(TileTarget *target,
                                          TileErrorSink errors);
bool tileCudaDetectTarget(TileTarget *target);
bool tileCudaDriverAvailable(const TileTarget *target, TileErrorSink why);
MlirLogicalResult tileCudaDeviceCodegen(const TileBackendContext *ctx,
                                        MlirOperation module, bool compile,
                                        TileArtifact *artifact);
/* Toolchain callback "ptxas": PTX in, cubin ("cubin" part) out. */
MlirLogicalResult tileCudaPtxas(const TileBackendContext *ctx,
                                MlirStringRef ptx, TileArtifact *artifact,
                                TileErrorSink errors);
/* The ptxas this machine has ($TILE_PTXAS, $CUDA_HOME/bin/ptxas,
 * /usr/local/cuda/bin/ptxas or PATH), or NULL. */
const char *tileCudaFindPtxas(char *buffer, size_t size);

#endif
