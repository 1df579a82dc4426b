/* The tile_rocm dialect (dialects/tile_rocm.irdl.mlir): the choices a
 * kernel states for the rocm backend, read from the ops in its body. */
#ifndef TILE_ROCM_EXTENSION_H
#define TILE_ROCM_EXTENSION_H

#include "mlir-c/IR.h"

#include <stdbool.h>
#include <stdint.h>

/* The tile_rocm ops of one kernel; a null op where the kernel states no
 * such choice. Values are read only after tile-rocm-verify's rules hold. */
typedef struct {
  MlirOperation matrixShape; /* tile_rocm.matrix_shape {m, n, k} */
  MlirOperation ldsLayout;   /* tile_rocm.lds_layout {pad} */
  MlirOperation directLoads; /* tile_rocm.direct_loads */
  int64_t m, n, k, pad;
} TileRocmChoices;

/* Reads the tile_rocm ops directly in `kernel`'s body. */
void tileRocmReadChoices(MlirOperation kernel, TileRocmChoices *choices);

/* Erases the ops `choices` holds (once honoured). */
void tileRocmEraseChoices(TileRocmChoices *choices);

/* Checks the rules of every tile_rocm op under `root` that do not depend on
 * the chip (placement, one op of each kind per kernel, attribute types and
 * ranges), reporting each broken one at its op; returns the error count. */
unsigned tileRocmVerifyExtensionOps(MlirOperation root);

#endif
