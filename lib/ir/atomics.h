/* Atomic updates of memory no other thread sees: they need no atomicity,
 * and become a load, the update and a store. */
#ifndef TILE_IR_ATOMICS_H
#define TILE_IR_ATOMICS_H

#include "mlir-c/IR.h"

#include <stdbool.h>

/* Whether `op`, a memref.atomic_rmw or memref.generic_atomic_rmw, updates
 * memory that only the thread running it sees: a local tile, or a
 * memref.alloca (through views) with no parallel loop between the alloca
 * and the update (an scf.forall other than a kernel's loop over its
 * threads, scf.parallel, gpu.launch or an OpenMP construct, whose
 * iterations may share it). */
bool tileAtomicIsPrivate(MlirOperation op);

/* Replaces `op` (as above; an atomic_rmw of a known kind) with a load of
 * the element, the update and a store; the load is its result, the old
 * value. The body of a generic_atomic_rmw moves before it and reads the
 * loaded value. */
void tileExpandAtomicInPlace(MlirOperation op);

#endif
