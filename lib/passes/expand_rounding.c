/* tile-expand-rounding: arith.truncf with a rounding mode other than
 * to_nearest_even becomes a truncf to nearest, corrected by one unit in the
 * last place where the mode rounds the other way. LLVM's lowering of such a
 * truncf is a constrained intrinsic, which assumes the floating-point
 * environment already rounds that way and does not set it: the cpu
 * rounded to nearest whatever the mode said (a silently wrong result);
 * MLIR's SPIR-V conversion wrote rounding modes Vulkan forbids (downward,
 * upward) and failed on to_nearest_away.
 *
 * Let r be x rounded to nearest and back = extf(r), exact. Stepping r one
 * unit up or down in magnitude is adding or subtracting 1 from its bits
 * (its sign does not change: r is 0 only where x is 0 or rounds to it from
 * the same side):
 *   toward_zero      |back| > |x|: one down in magnitude
 *   downward         back > x:     one down in value
 *   upward           back < x:     one up in value
 *   to_nearest_away  |back| < |x| and x halfway between r and the next
 *                    value away from zero: one up in magnitude
 * (an infinity rounded from a finite x steps back to the largest finite
 * value; NaN compares false and stays). x - back and next - x are exact
 * (Sterbenz: both values are within a factor of 2 of x).
 *
 * arith.sitofp and uitofp to bf16 from integers of more than 24 bits round
 * once: every lowering converted to f32 first and rounded that to bf16,
 * and a value rounded to f32 onto a halfway point of bf16 then rounded to
 * even, the wrong way for one above or below it (2^30 + 2^22 + 1 gave
 * 2^30, not 2^30 + 2^23). The integer's magnitude becomes f32 rounded to
 * odd: where the conversion was inexact, the f32 just below the magnitude
 * with its last bit set. That f32 is never a halfway point of bf16 unless
 * the integer is, so a truncf to nearest rounds it as the integer would
 * (f16 needs none of this: integers beyond f32's 24 bits are infinite in
 * f16 either way).
 *
 * arith.truncf from f64 to bf16 or f16 rounds once for the same reason: the
 * vulkan device (lavapipe) rounded f64 to f32 and that to f16, wrong for
 * about half the values just above or below a halfway point of f16, and
 * the vulkan target refused bf16 from f64. The f64 becomes f32 rounded to
 * odd first (tbRoundToOddF32), on every target, whatever its code
 * generator would do. */
#include "ir/builder_vector.h"
#include "ir/ir.h"
#include "passes/pass.h"
#include "support/count.h"

#include "mlir-c/Dialect/Arith.h"
#include "mlir-c/Dialect/Math.h"

#include <math.h>
#include <stdint.h>

enum { ToNearestEven, Downward, Upward, TowardZero, ToNearestAway };

/* The rounding mode of a truncf that states one other than
 * to_nearest_even, or -1. */
static int64_t roundingOf(MlirOperation op) {
  /* Scalars and vectors (tensors are no kernel's values). */
  if (!tileOpIs(op, "arith.truncf") ||
      mlirTypeIsATensor(mlirValueGetType(mlirOperationGetResult(op, 0))))
    return -1;
  int64_t m = tileGetIntAttr(op, "roundingmode", ToNearestEven);
  return m > ToNearestEven && m <= ToNearestAway ? m : -1;
}

/* Whether `op` converts integers of more than 24 bits to bf16. */
static bool isWideToBF16(MlirOperation op) {
  if (!tileOpIs(op, "arith.sitofp") && !tileOpIs(op, "arith.uitofp"))
    return false;
  MlirType to = mlirValueGetType(mlirOperationGetResult(op, 0));
  MlirType from = mlirValueGetType(mlirOperationGetOperand(op, 0));
  return !mlirTypeIsATensor(to) && mlirTypeIsABF16(tbScalarOf(to)) &&
         mlirTypeIsAInteger(tbScalarOf(from)) &&
         mlirIntegerTypeGetWidth(tbScalarOf(from)) > 24;
}

/* Whether `op` is an arith.truncf from f64 to bf16 or f16 (vectors too). */
static bool isF64ToHalf(MlirOperation op) {
  if (!tileOpIs(op, "arith.truncf"))
    return false;
  MlirType to = mlirValueGetType(mlirOperationGetResult(op, 0));
  MlirType from = mlirValueGetType(mlirOperationGetOperand(op, 0));
  return !mlirTypeIsATensor(to) && mlirTypeIsAF64(tbScalarOf(from)) &&
         (mlirTypeIsABF16(tbScalarOf(to)) || mlirTypeIsAF16(tbScalarOf(to)));
}

typedef struct {
  TileOpList truncates, conversions, fromF64;
} Work;

static MlirWalkResult collect(MlirOperation op, void *userData) {
  Work *w = userData;
  if (roundingOf(op) >= 0)
    tileOpListAppend(&w->truncates, op);
  else if (isWideToBF16(op))
    tileOpListAppend(&w->conversions, op);
  else if (isF64ToHalf(op))
    tileOpListAppend(&w->fromF64, op);
  return MlirWalkResultAdvance;
}

/* `x` rounded to `type` to nearest even, once: f64 to a 16-bit float goes
 * through f32 rounded to odd. */
static MlirValue nearest(TileBuilder *b, MlirValue x, MlirType type) {
  unsigned width = mlirFloatTypeGetWidth(tbScalarOf(type));
  if (width == 16 && mlirTypeIsAF64(tbScalarOf(mlirValueGetType(x))))
    x = tbRoundToOddF32(b, x);
  return tbConvertOp(b, "arith.truncf", x, type);
}

/* Integer `x` (signed or not) as f32 rounded to odd (see above). */
static MlirValue roundedToOdd(TileBuilder *b, MlirValue x, bool isSigned) {
  MlirType intType = mlirValueGetType(x);
  MlirType element = tbScalarOf(intType);
  unsigned width = mlirIntegerTypeGetWidth(element);
  MlirType f32 = tbShapedLike(intType, tbF32(b));
  MlirType i32 = tbShapedLike(intType, tbI32(b));
  MlirValue zero = tbSplatInt(b, x, element, 0);
  MlirValue negative = isSigned ? tbCmpI(b, "slt", x, zero) : (MlirValue){0};
  /* The magnitude, unsigned (that of the most negative value too). */
  MlirValue magnitude =
      isSigned ? tbSelect(b, negative, tbSub(b, zero, x), x) : x;
  MlirValue f = tbConvertOp(b, "arith.uitofp", magnitude, f32);
  /* The largest f32 below 2^width: converting f back is exact up to it. */
  MlirValue cap = tbSplat(b, f, tbF32(b),
                          ldexp(1.0, (int)width) - ldexp(1.0, (int)width - 24));
  MlirValue beyond = tbCmpF(b, "ogt", f, cap);
  /* (Where f is beyond, back is the cap, below the magnitude.) */
  MlirValue back =
      tbConvertOp(b, "arith.fptoui", tbSelect(b, beyond, cap, f), intType);
  MlirValue up = tbOr(b, beyond, tbCmpI(b, "ugt", back, magnitude));
  MlirValue exact = tbCmpI(b, "eq", back, magnitude);
  MlirValue bits = tbConvertOp(b, "arith.bitcast", f, i32);
  MlirValue below = tbSub(b, bits, tbConvertOp(b, "arith.extui", up, i32));
  MlirValue odd = tbOr(b, below, tbSplatInt(b, bits, tbI32(b), 1));
  MlirValue result = tbSelect(b, exact, bits, odd);
  if (isSigned)
    result =
        tbOr(b, result,
             tbSelect(b, negative, tbSplatInt(b, bits, tbI32(b), INT32_MIN),
                      tbSplatInt(b, bits, tbI32(b), 0)));
  return tbConvertOp(b, "arith.bitcast", result, f32);
}

static MlirValue difference(TileBuilder *b, MlirValue x, MlirValue y) {
  return tbBinary(b, "arith.subf", x, y);
}

/* `x` (a truncf's operand) rounded to `type` in `mode`. */
static MlirValue rounded(TileBuilder *b, MlirValue x, MlirType type,
                         int64_t mode) {
  MlirType source = mlirValueGetType(x);
  unsigned width = mlirFloatTypeGetWidth(tbScalarOf(type));
  MlirType bitsType = tbShapedLike(type, mlirIntegerTypeGet(b->ctx, width));
  MlirValue r = nearest(b, x, type);
  MlirValue back = tbConvertOp(b, "arith.extf", r, source);
  MlirValue bits = tbConvertOp(b, "arith.bitcast", r, bitsType);
  MlirValue one = tbSplatInt(b, bits, tbScalarOf(bitsType), 1);
  MlirValue larger = tbAdd(b, bits, one), smaller = tbSub(b, bits, one);
  MlirValue negative =
      tbCmpI(b, "slt", bits, tbSplatInt(b, bits, tbScalarOf(bitsType), 0));
  MlirValue result = bits;
  switch (mode) {
  case TowardZero: {
    /* |back| > |x| (back has x's sign, or is a zero). */
    MlirValue fartherOut = tbSelect(b, negative, tbCmpF(b, "olt", back, x),
                                    tbCmpF(b, "ogt", back, x));
    result = tbSelect(b, fartherOut, smaller, bits);
    break;
  }
  case Downward:
    result = tbSelect(b, tbCmpF(b, "ogt", back, x),
                      tbSelect(b, negative, larger, smaller), bits);
    break;
  case Upward:
    result = tbSelect(b, tbCmpF(b, "olt", back, x),
                      tbSelect(b, negative, smaller, larger), bits);
    break;
  case ToNearestAway: {
    /* |back| < |x|, and x - back = next - x says that x is halfway, for
     * either sign. */
    MlirValue fartherIn = tbSelect(b, negative, tbCmpF(b, "ogt", back, x),
                                   tbCmpF(b, "olt", back, x));
    MlirValue next = tbConvertOp(
        b, "arith.extf", tbConvertOp(b, "arith.bitcast", larger, type), source);
    MlirValue tie =
        tbAnd(b, fartherIn,
              tbCmpF(b, "oeq", difference(b, x, back), difference(b, next, x)));
    result = tbSelect(b, tie, larger, bits);
    break;
  }
  }
  return tbConvertOp(b, "arith.bitcast", result, type);
}

static void run(MlirOperation root, MlirExternalPass pass,
                const TileOptionValue *values) {
  (void)pass;
  (void)values;
  Work w = {{0}, {0}, {0}};
  mlirOperationWalk(root, collect, &w, MlirWalkPostOrder);
  for (size_t i = 0; i < w.truncates.count; ++i) {
    MlirOperation op = w.truncates.ops[i];
    TileBuilder b = tbBefore(op);
    MlirValue result = mlirOperationGetResult(op, 0);
    mlirValueReplaceAllUsesOfWith(
        result, rounded(&b, mlirOperationGetOperand(op, 0),
                        mlirValueGetType(result), roundingOf(op)));
    mlirOperationDestroy(op);
  }
  for (size_t i = 0; i < w.conversions.count; ++i) {
    MlirOperation op = w.conversions.ops[i];
    TileBuilder b = tbBefore(op);
    MlirValue f = roundedToOdd(&b, mlirOperationGetOperand(op, 0),
                               tileOpIs(op, "arith.sitofp"));
    tbReplaceOp(op,
                tbConvertOp(&b, "arith.truncf", f,
                            mlirValueGetType(mlirOperationGetResult(op, 0))));
  }
  for (size_t i = 0; i < w.fromF64.count; ++i) {
    MlirOperation op = w.fromF64.ops[i];
    TileBuilder b = tbBefore(op);
    tbReplaceOp(op, nearest(&b, mlirOperationGetOperand(op, 0),
                            mlirValueGetType(mlirOperationGetResult(op, 0))));
  }
  tileOpListFree(&w.truncates);
  tileOpListFree(&w.conversions);
  tileOpListFree(&w.fromF64);
}

static const TileDialectHandleGetter dialects[] = {
    mlirGetDialectHandle__arith__,
    mlirGetDialectHandle__math__,
};

const TilePassDescriptor tileExpandRoundingPass = {
    .argument = "tile-expand-rounding",
    .name = "TileExpandRounding",
    .summary = "Round arith.truncf with a rounding mode as a truncf to "
               "nearest and a correction (LLVM's lowering assumes the "
               "floating-point environment rounds that way), and f64 to "
               "bf16 and f16 and integers of more than 24 bits to bf16 "
               "once (through f32 rounded to odd)",
    .anchor = "",
    .dependentDialects = dialects,
    .numDependentDialects = TILE_COUNT(dialects),
    .run = run,
};
