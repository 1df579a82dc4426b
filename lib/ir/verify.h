/* The semantic rules of tile IR, checked with located diagnostics. */
#ifndef TILE_IR_VERIFY_H
#define TILE_IR_VERIFY_H

#include "mlir-c/IR.h"

#include <stdbool.h>
#include <stdint.h>

/* The most stages a pipelined loop may have: each stage is a buffer set in
 * shared memory and an unrolled copy of the body (a thousand made the
 * lowering run for ever). */
#define TILE_MAX_STAGES 16

/* The most bytes one tile.alloc may hold: 2 GiB, far above any target's
 * shared memory per block; the targets check their own limits. Also keeps
 * byte-size arithmetic in int64 everywhere after verification. */
#define TILE_MAX_ALLOC_BYTES ((uint64_t)1 << 31)

typedef struct {
  /* Ops on shared or fragment buffers, gemm and reduce must sit inside a
   * kernel loop. Off for libraries of device helpers checked in isolation. */
  bool kernelRequired;
  /* Also accept the attributes that lowering passes leave on kernel loops
   * (tile.dynamic_shared_bytes, tile.subgroup_size), for passes that check
   * partly lowered IR.
   * Off for input: a hand-written one would go unchecked. */
  bool loweringAttributes;
} TileVerifyOptions;

/* Checks every tile rule under `root` (root included), emitting one error
 * per violation. Returns the number of violations. The rules that follow
 * calls look into the functions called only where they are inside `root`:
 * a pass on one function (or kernel) may not read the others, which MLIR
 * may be changing on other threads meanwhile. */
unsigned tileVerify(MlirOperation root, const TileVerifyOptions *options);

/* Checks that the tile ops and thread-parallel loops that `kernel`'s
 * block runs together are reached by all of its threads, with operands
 * that are the same on every thread (verify_block.c), emitting one error
 * per violation; calls are followed into the functions inside `root`
 * only. Returns the number of violations. */
unsigned tileVerifyWholeBlock(MlirOperation kernel, MlirOperation root);

#endif
