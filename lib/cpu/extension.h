/* The tile_cpu dialect (dialects/tile_cpu.irdl.mlir): the choices a kernel
 * states for the cpu GEMM path, read from the ops in its body. */
#ifndef TILE_CPU_EXTENSION_H
#define TILE_CPU_EXTENSION_H

#include "mlir-c/IR.h"

#include <stdbool.h>
#include <stdint.h>

/* The tile_cpu ops of one kernel; a null op where the kernel states no
 * such choice. Values are read only after tile-cpu-verify's rules hold. */
typedef struct {
  MlirOperation microKernel; /* tile_cpu.micro_kernel {rows, vectors, unroll} */
  MlirOperation packing;     /* tile_cpu.packing {a, b} */
  MlirOperation prefetch;    /* tile_cpu.prefetch {distance} */
  int64_t rows, vectors, unroll;
  bool packA, packB;
  int64_t distance;
} TileCpuChoices;

/* Reads the tile_cpu ops directly in `kernel`'s body; with a null
 * `kernel` (a GEMM outside kernels), no choices. */
void tileCpuReadChoices(MlirOperation kernel, TileCpuChoices *choices);

/* Whether `choices` holds any op. */
bool tileCpuHasChoices(const TileCpuChoices *choices);

/* Erases the ops `choices` holds (once honoured). */
void tileCpuEraseChoices(TileCpuChoices *choices);

/* Checks the rules of every tile_cpu op under `root` that do not depend on
 * the chip or the kernel's GEMMs (placement, one op of each kind per
 * kernel, attribute types and ranges), reporting each broken one at its
 * op; returns the error count. */
unsigned tileCpuVerifyExtensionOps(MlirOperation root);

#endif
