/* Transfers of rank 0 (the element at their indices), which no conversion
 * to LLVM or SPIR-V lowers with a mask and SPIR-V's not at all:
 * tile-expand-vectors makes memory ops of them on every LLVM target,
 * and the vulkan target (tile-vulkan-unroll-vectors) does too. */
#ifndef TILE_PASSES_EXPAND_VECTORS_H
#define TILE_PASSES_EXPAND_VECTORS_H

#include "ir/ir.h"

#include "mlir-c/IR.h"

#include <stdbool.h>

/* Whether `op` is a vector.transfer_read or transfer_write of a vector of
 * rank 0 on a memref of at most TILE_MAX_RANK dimensions; `t` describes
 * it. */
bool tileIsRankZeroTransfer(MlirOperation op, TileTransfer *t);
/* Replaces such a transfer by memref.load (then vector.broadcast) or
 * vector.extract and memref.store, under scf.if where it has a mask (a
 * read of a masked-off element is its padding). */
void tileLowerRankZeroTransfer(MlirOperation op, const TileTransfer *t);

#endif
