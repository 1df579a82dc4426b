/* What a GPU target's device code can compute, where both
 * tile-gpu-check-device-ops (on the input) and the target's own lowering
 * (on what earlier rewrites made) need to know. */
#ifndef TILE_GPU_DEVICE_OPS_H
#define TILE_GPU_DEVICE_OPS_H

#include "ir/ir.h"

#include "mlir-c/IR.h"

#include <stdbool.h>

/* Whether `op` is a vector.transfer_read or transfer_write of a vector of
 * rank 0 (the element at its indices; no dimension of it can run out of
 * bounds), which no GPU conversion lowers: LLVM's translation failed on
 * one with a mask, SPIR-V's conversion on any. `t` describes it. */
bool tileGpuIsRankZeroTransfer(MlirOperation op, TileTransfer *t);
/* Replaces such a transfer by memref.load (then vector.broadcast) or
 * vector.extract and memref.store, under scf.if where it has a mask (a
 * read of a masked-off element is its padding). */
void tileGpuLowerRankZeroTransfer(MlirOperation op, const TileTransfer *t);

/* Whether `op` is a math op on f64 values (operands or results, vectors
 * too) that the vulkan target cannot lower. GLSL.std.450 has 64-bit forms
 * of FAbs, Ceil, Floor, Round, RoundEven, Sqrt, InverseSqrt and Fma only:
 * its exponential, logarithmic, power and trigonometric functions take 16-
 * and 32-bit floats. copysign and isnan are bit and compare ops, and
 * trunc, clampf, fpowi, isinf, isfinite and isnormal are tile-math-expand's
 * formulas of those and arith ops. */
bool tileGpuVulkanLacksF64Math(MlirOperation op);

#endif
