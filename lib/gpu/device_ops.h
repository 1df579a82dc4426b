/* What a GPU target's device code can compute, where both
 * tile-gpu-check-device-ops (on the input) and the target's own lowering
 * (on what earlier rewrites made) need to know. */
#ifndef TILE_GPU_DEVICE_OPS_H
#define TILE_GPU_DEVICE_OPS_H

#include "ir/ir.h"

#include "mlir-c/IR.h"

#include <stdbool.h>

/* Whether `op` is a math op on f64 values (operands or results, vectors
 * too) that the vulkan target cannot lower. GLSL.std.450 has 64-bit forms
 * of FAbs, Ceil, Floor, Round, RoundEven, Sqrt, InverseSqrt and Fma only:
 * its exponential, logarithmic, power and trigonometric functions take 16-
 * and 32-bit floats. copysign and isnan are bit and compare ops, and
 * trunc, clampf, fpowi, isinf, isfinite and isnormal are tile-math-expand's
 * formulas of those and arith ops. */
bool tileGpuVulkanLacksF64Math(MlirOperation op);

#endif
