/* How upstream ops touch memory: the memref operand a load, store,
 * transfer or atomic reads or writes, views of buffers, and buffers that
 * are a thread's own. */
#ifndef TILE_IR_ACCESSES_H
#define TILE_IR_ACCESSES_H

#include "mlir-c/IR.h"

#include <stdbool.h>

/* An op reads and/or writes the elements of its memref operand `operand`. */
typedef struct {
  const char *name;
  unsigned operand;
  bool reads, writes;
} TileAccess;

/* The rows describing `op` (memref.copy has two, one per buffer), and
 * their number in *count; none for an op that is not a memref or vector
 * load, store, transfer or atomic, or a subgroup matrix load or store. */
const TileAccess *tileAccessesOf(MlirOperation op, unsigned *count);

/* Whether `op` takes a buffer without touching its elements: a view of it
 * (memref.subview, cast, reinterpret_cast, expand_shape, ...) or a query
 * of its sizes or address (memref.dim, extract_strided_metadata, ...). */
bool tileTakesBufferOnly(MlirOperation op);

/* Whether `op` may write a memref operand for which `target` holds: one it
 * stores, transfers or atomically updates into, or, for an op that is not
 * a load, store, transfer or atomic, nor a view or query, any memref
 * operand (a call may write what it takes). */
bool tileOpMayWrite(MlirOperation op,
                    bool (*target)(MlirValue buffer, const void *data),
                    const void *data);

/* The buffer a chain of views of `v` (subview, cast, reinterpret_cast,
 * collapse_shape, expand_shape, view, transpose, memory_space_cast,
 * assume_alignment) is taken of; `v` itself when it is no view. */
MlirValue tileViewRoot(MlirValue v);

/* Whether `root`, a buffer as tileViewRoot returns it, is a thread's own
 * memory: a local tile (private memory space) or a memref.alloca that is
 * not in workgroup memory. */
bool tileIsThreadPrivate(MlirValue root);

/* The first op nested in `loop` that may write thread-private memory
 * allocated outside `loop` (a store, transfer or atomic into it, or any
 * other op that takes it and is not a view or query, such as a call);
 * a null op when there is none. */
MlirOperation tileFirstPrivateWrite(MlirOperation loop);

#endif
