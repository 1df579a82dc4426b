/* The tile_cuda dialect (dialects/tile_cuda.irdl.mlir): the choices a
 * kernel states for the cuda backend, read from the ops in its body. */
#ifndef TILE_CUDA_EXTENSION_H
#define TILE_CUDA_EXTENSION_H

#include "mlir-c/IR.h"

#include <stdbool.h>
#include <stdint.h>

/* The kernel paths, in the order the cuda pipeline tries them. */
typedef enum {
  TileCudaPathNone, /* no path stated */
  TileCudaPathWgmmaWs,
  TileCudaPathWgmma,
  TileCudaPathMma,
  TileCudaPathSimt,
} TileCudaPath;

/* The name tile_cuda.path spells `path` with ("wgmma_ws", ...). */
const char *tileCudaPathName(TileCudaPath path);

/* The tile_cuda ops of one kernel; a null op where the kernel states no
 * such choice. Values are read only after tile-cuda-verify's rules hold. */
/* The register counts setmaxnreg takes (multiples of 8 in between). */
enum { TileCudaMinRegisters = 24, TileCudaMaxRegisters = 256 };

typedef struct {
  MlirOperation path;           /* tile_cuda.path {path} */
  MlirOperation mmaShape;       /* tile_cuda.mma_shape {m, n, k} */
  MlirOperation swizzle;        /* tile_cuda.swizzle {a, b} */
  MlirOperation warpSpecialize; /* tile_cuda.warp_specialize {...} */
  MlirOperation rasterize;      /* tile_cuda.rasterize {group_rows} */
  TileCudaPath pathValue;
  int64_t m, n, k;
  int64_t swizzleA, swizzleB;
  int64_t producerRegisters, consumerRegisters;
  int64_t groupRows;
} TileCudaChoices;

/* Whether `op` belongs to the tile_cuda dialect. */
bool tileCudaIsExtensionOp(MlirOperation op);

/* Reads the tile_cuda ops directly in `kernel`'s body; returns whether
 * there is any. */
bool tileCudaReadChoices(MlirOperation kernel, TileCudaChoices *choices);

/* Erases the ops `choices` holds (once honoured). */
void tileCudaEraseChoices(TileCudaChoices *choices);

/* Checks the rules of every tile_cuda op under `root` that do not depend on
 * the chip (placement, one op of each kind per kernel, attribute types and
 * values), reporting each broken one at its op; returns the error count. */
unsigned tileCudaVerifyExtensionOps(MlirOperation root);

#endif
