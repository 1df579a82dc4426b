/* tile-rocm-relu: arith.maximumf(x, +0.0) in a kernel, on f32, f16 or bf16,
 * becomes integer ops on x's bits: x with its bits cleared when its sign is
 * set and it is not a NaN. That is maximumf exactly (NaNs stay NaNs with
 * their payload, -0.0 and every negative number become +0.0). LLVM's AMDGPU
 * back end lowers maximumf to max, an ordered compare and a select, and
 * sinks each select into the bounds-checked store of its element while the
 * compare stays where the value is computed: every element's lane mask
 * lives in a pair of SGPRs until its store, and a GEMM epilogue of 64
 * elements per thread spilled 176 SGPRs (examples/gemm_bias_relu.mlir on
 * gfx942). */
#include "ir/builder.h"
#include "ir/builder_vector.h"
#include "ir/ir.h"
#include "passes/pass.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <math.h>

static bool isPositiveZero(MlirValue v) {
  if (!mlirValueIsAOpResult(v))
    return false;
  MlirOperation def = mlirOpResultGetOwner(v);
  if (!tileOpIs(def, "arith.constant"))
    return false;
  MlirAttribute value = tileOpGetAttr(def, "value");
  if (!mlirAttributeIsAFloat(value))
    return false;
  double d = mlirFloatAttrGetValueDouble(value);
  return d == 0.0 && !signbit(d);
}

/* The width of the scalar float types handled, or 0. */
static unsigned floatBits(MlirType type) {
  if (mlirTypeIsAF32(type))
    return 32;
  if (mlirTypeIsAF16(type) || mlirTypeIsABF16(type))
    return 16;
  return 0;
}

/* max(x, +0.0) as bits: x & ~(sign(x) & notNaN(x)), where both masks are
 * arithmetic shifts of the sign bit: of x, and of |x| - (inf + 1), which is
 * negative exactly when x is not a NaN. */
static void rewrite(MlirOperation max, MlirValue x, unsigned bits) {
  TileBuilder b = tbBefore(max);
  MlirType type = mlirIntegerTypeGet(b.ctx, bits);
  uint64_t sign = 1ull << (bits - 1);
  /* The smallest NaN: all exponent bits set and a mantissa of 1. */
  uint64_t nan = bits == 32                            ? 0x7f800001u
                 : mlirTypeIsAF16(mlirValueGetType(x)) ? 0x7c01u
                                                       : 0x7f81u;
  MlirValue xb = tbConvertOp(&b, "arith.bitcast", x, type);
  MlirValue shift = tbConstInt(&b, type, bits - 1);
  MlirValue magnitude =
      tbAnd(&b, xb, tbConstInt(&b, type, (int64_t)(sign - 1)));
  MlirValue notNaN = tbBinary(
      &b, "arith.shrsi",
      tbBinary(&b, "arith.subi", magnitude, tbConstInt(&b, type, (int64_t)nan)),
      shift);
  MlirValue negative = tbBinary(&b, "arith.shrsi", xb, shift);
  MlirValue clear = tbAnd(&b, notNaN, negative);
  MlirValue keep = tbBinary(&b, "arith.xori", clear, tbConstInt(&b, type, -1));
  MlirValue result = tbConvertOp(&b, "arith.bitcast", tbAnd(&b, xb, keep),
                                 mlirValueGetType(x));
  tbReplaceOp(max, result);
}

static void run(MlirOperation op, MlirExternalPass pass,
                const TileOptionValue *values) {
  (void)pass;
  (void)values;
  TileOpList maxima = {0};
  tileCollectOps(op, "arith.maximumf", &maxima);
  for (size_t i = 0; i < maxima.count; ++i) {
    MlirOperation max = maxima.ops[i];
    if (mlirOperationIsNull(tileEnclosingKernel(max)))
      continue;
    MlirValue lhs = mlirOperationGetOperand(max, 0);
    MlirValue rhs = mlirOperationGetOperand(max, 1);
    unsigned bits = floatBits(mlirValueGetType(lhs));
    if (!bits)
      continue;
    if (isPositiveZero(rhs))
      rewrite(max, lhs, bits);
    else if (isPositiveZero(lhs))
      rewrite(max, rhs, bits);
  }
  tileOpListFree(&maxima);
}

const TilePassDescriptor tileRocmReluPass = {
    .argument = "tile-rocm-relu",
    .name = "TileRocmRelu",
    .summary = "Rewrite arith.maximumf(x, +0.0) in kernels as integer ops "
               "on x's bits (no lane masks to spill)",
    .anchor = "func.func",
    .run = run,
};
