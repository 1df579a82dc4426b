/* tile-cpu-gemm's rules for a kernel's tile_cpu ops: whether its GEMMs can
 * take the choices they state on the target. */
#ifndef TILE_CPU_GEMM_CHOICES_H
#define TILE_CPU_GEMM_CHOICES_H

#include "cpu/extension.h"
#include "ir/ir.h"

/* The target the GEMM path compiles for. */
typedef struct {
  int vectorBits;
  const char *chip;     /* for messages */
  const char *features; /* for messages; may be empty */
} TileCpuGemmTarget;

/* Checks the choices `c` of a kernel against each of the kernel's GEMMs
 * (`gemms`) on `target`; reports at each op that cannot be honoured why
 * (once per op). Returns the number of ops refused. */
unsigned tileCpuCheckGemmChoices(const TileCpuChoices *c,
                                 const TileOpList *gemms,
                                 const TileCpuGemmTarget *target);

#endif
