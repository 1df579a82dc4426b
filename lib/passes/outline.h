/* Outlining: an op moves into a private function of its own, called where
 * it was. The cpu backend gives each kernel of a function its own function
 * (OpenMP's translation scans the whole function per parallel region), and
 * the cpu and GPU backends split blocks of many loop nests (LLVM's loop
 * passes and code generation grow faster than linearly with one function's
 * loops). */
#ifndef TILE_PASSES_OUTLINE_H
#define TILE_PASSES_OUTLINE_H

#include "mlir-c/IR.h"

#include <stdbool.h>
#include <stdint.h>

/* Moves `op` of `func` (a func.func or gpu.func) into a new private
 * func.func named after `func` with `suffix` (made unique in `table`, the
 * symbol table holding `func`), placed after `after`, and calls it where
 * `op` was: values `op` uses from outside become arguments, constants are
 * copied in. `op` must have no results. With `noInline`, LLVM keeps the
 * call. Returns the new function. */
MlirOperation tileOutlineOp(MlirOperation func, MlirOperation op,
                            MlirOperation after, MlirSymbolTable table,
                            const char *suffix, bool noInline);

/* tileOutlineOp of the `count` ops `ops` of one block, in order, into one
 * function (called where the first was); none of them has results. */
MlirOperation tileOutlineOps(MlirOperation func, const MlirOperation *ops,
                             size_t count, MlirOperation after,
                             MlirSymbolTable table, const char *suffix,
                             bool noInline);

/* In every `funcName` op (func.func, gpu.func) directly in `module`, a
 * block that holds more than `maxOps` ops for which `movable` holds (inner
 * blocks first) moves them, in runs of up to `perFunction` consecutive
 * ones, into noinline functions named after the function with "_part". Ops
 * between two of a run that only compute values (arith, index, math,
 * affine.apply/min/max, memref.dim) move up before the run; any other op
 * ends it. */
void tileOutlineSplitBlocks(MlirOperation module, const char *funcName,
                            int64_t maxOps, int64_t perFunction,
                            bool (*movable)(MlirOperation));

#endif
