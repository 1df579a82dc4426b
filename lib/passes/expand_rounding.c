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
 * (Sterbenz: both values are within a factor of 2 of x). */
#include "ir/builder_vector.h"
#include "ir/ir.h"
#include "passes/pass.h"
#include "support/count.h"

#include "mlir-c/Dialect/Arith.h"

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

static MlirWalkResult collect(MlirOperation op, void *userData) {
  if (roundingOf(op) >= 0)
    tileOpListAppend(userData, op);
  return MlirWalkResultAdvance;
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
  MlirValue r = tbConvertOp(b, "arith.truncf", x, type);
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
  TileOpList list = {0};
  mlirOperationWalk(root, collect, &list, MlirWalkPostOrder);
  for (size_t i = 0; i < list.count; ++i) {
    MlirOperation op = list.ops[i];
    TileBuilder b = tbBefore(op);
    MlirValue result = mlirOperationGetResult(op, 0);
    mlirValueReplaceAllUsesOfWith(
        result, rounded(&b, mlirOperationGetOperand(op, 0),
                        mlirValueGetType(result), roundingOf(op)));
    mlirOperationDestroy(op);
  }
  tileOpListFree(&list);
}

static const TileDialectHandleGetter dialects[] = {
    mlirGetDialectHandle__arith__,
};

const TilePassDescriptor tileExpandRoundingPass = {
    .argument = "tile-expand-rounding",
    .name = "TileExpandRounding",
    .summary = "Round arith.truncf with a rounding mode as a truncf to "
               "nearest and a correction (LLVM's lowering assumes the "
               "floating-point environment rounds that way)",
    .anchor = "",
    .dependentDialects = dialects,
    .numDependentDialects = TILE_COUNT(dialects),
    .run = run,
};
