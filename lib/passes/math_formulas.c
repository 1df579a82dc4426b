/* The formulas of tile-math-expand. The classification ops are compares;
 * the integer powers are square-and-multiply loops over the exponent's
 * bits; erf, erfc and cbrt are f32 formulas (within a few ulp of the true
 * value, measured by test/Transforms/math-expand-values.test). */
#include "passes/math_formulas.h"

#include "ir/builder_vector.h"
#include "ir/ir.h"

#include <math.h>

static const double pi = 3.14159265358979323846;

static MlirValue operand(MlirOperation op, intptr_t i) {
  return mlirOperationGetOperand(op, i);
}

static MlirType elementOf(MlirValue v) {
  return tbScalarOf(mlirValueGetType(v));
}

/* A float constant shaped and typed like `like`. */
static MlirValue k(TileBuilder *b, MlirValue like, double v) {
  return tbSplat(b, like, elementOf(like), v);
}

static MlirValue kInt(TileBuilder *b, MlirValue like, int64_t v) {
  return tbSplatInt(b, like, elementOf(like), v);
}

static MlirValue mul(TileBuilder *b, MlirValue x, MlirValue y) {
  return tbBinary(b, "arith.mulf", x, y);
}
static MlirValue sub(TileBuilder *b, MlirValue x, MlirValue y) {
  return tbBinary(b, "arith.subf", x, y);
}
static MlirValue add(TileBuilder *b, MlirValue x, MlirValue y) {
  return tbBinary(b, "arith.addf", x, y);
}
static MlirValue div_(TileBuilder *b, MlirValue x, MlirValue y) {
  return tbBinary(b, "arith.divf", x, y);
}

static MlirValue absInf(TileBuilder *b, MlirValue x, const char *predicate) {
  return tbCmpF(b, predicate, tbUnary(b, "math.absf", x), k(b, x, INFINITY));
}

intptr_t tileMathIsNaN(TileBuilder *b, MlirOperation op, MlirValue *results) {
  MlirValue x = operand(op, 0);
  results[0] = tbCmpF(b, "uno", x, x);
  return 1;
}

intptr_t tileMathIsInf(TileBuilder *b, MlirOperation op, MlirValue *results) {
  results[0] = absInf(b, operand(op, 0), "oeq");
  return 1;
}

/* Ordered and not infinite: false for NaN. */
intptr_t tileMathIsFinite(TileBuilder *b, MlirOperation op,
                          MlirValue *results) {
  results[0] = absInf(b, operand(op, 0), "one");
  return 1;
}

intptr_t tileMathSinCos(TileBuilder *b, MlirOperation op, MlirValue *results) {
  MlirValue x = operand(op, 0);
  results[0] = tbUnary(b, "math.sin", x);
  results[1] = tbUnary(b, "math.cos", x);
  return 2;
}

/* trunc(x) = copysign(floor(|x|), x): exact, -0.0 and NaN kept. */
intptr_t tileMathTrunc(TileBuilder *b, MlirOperation op, MlirValue *results) {
  MlirValue x = operand(op, 0);
  MlirValue magnitude = tbUnary(b, "math.floor", tbUnary(b, "math.absf", x));
  results[0] = tbBinary(b, "math.copysign", magnitude, x);
  return 1;
}

/* atan2(y, x) from atan(y / x): plus copysign(pi, y) when x's sign bit is
 * set. y / x is NaN where both are zero or both infinite; those take C's
 * values (y or copysign(pi, y) for zeros; +-pi/4 or +-3pi/4 for
 * infinities). A NaN operand gives NaN explicitly: GPU atan need not
 * return NaN for NaN (Vulkan's did not). */
intptr_t tileMathAtan2(TileBuilder *b, MlirOperation op, MlirValue *results) {
  MlirValue y = operand(op, 0), x = operand(op, 1);
  MlirValue xNegative = tbCmpF(
      b, "olt", tbBinary(b, "math.copysign", k(b, x, 1.0), x), k(b, x, 0.0));
  MlirValue signedPi = tbBinary(b, "math.copysign", k(b, x, pi), y);
  MlirValue base = tbUnary(b, "math.atan", div_(b, y, x));
  /* The result has y's sign (GPU atan need not keep a zero's). */
  MlirValue general = tbBinary(
      b, "math.copysign",
      tbSelect(b, xNegative, tbBinary(b, "arith.addf", base, signedPi), base),
      y);
  MlirValue zeros = tbAnd(b, tbCmpF(b, "oeq", y, k(b, y, 0.0)),
                          tbCmpF(b, "oeq", x, k(b, x, 0.0)));
  MlirValue infinities = tbAnd(b, absInf(b, y, "oeq"), absInf(b, x, "oeq"));
  MlirValue corner =
      tbBinary(b, "math.copysign",
               tbSelect(b, xNegative, k(b, x, 3 * pi / 4), k(b, x, pi / 4)), y);
  MlirValue atZero = tbSelect(b, xNegative, signedPi, y);
  MlirValue value =
      tbSelect(b, zeros, atZero, tbSelect(b, infinities, corner, general));
  results[0] = tbSelect(b, tbCmpF(b, "uno", y, x), k(b, x, NAN), value);
  return 1;
}

/* base^m for an unsigned exponent `m` (all of its bits): square and
 * multiply, one loop iteration per bit. `mulOp` multiplies two bases. */
static MlirValue powerLoop(TileBuilder *b, MlirValue base, MlirValue m,
                           const char *mulOp, MlirValue one) {
  unsigned width = mlirIntegerTypeGetWidth(elementOf(m));
  MlirValue inits[] = {one, base, m};
  TileLoop loop = tbForIter(b, tbConstIndex(b, 0), tbConstIndex(b, width),
                            tbConstIndex(b, 1), 3, inits);
  TileBuilder in = tbAtEnd(loop.body, b->loc);
  MlirValue r = tbIterArg(loop, 0), p = tbIterArg(loop, 1),
            e = tbIterArg(loop, 2);
  MlirValue bit = tbAnd(&in, e, kInt(&in, e, 1));
  MlirValue odd = tbCmpI(&in, "ne", bit, kInt(&in, e, 0));
  MlirValue next[] = {
      tbSelect(&in, odd, tbBinary(&in, mulOp, r, p), r),
      tbBinary(&in, mulOp, p, p),
      tbBinary(&in, "arith.shrui", e, kInt(&in, e, 1)),
  };
  tbYield(&in, 3, next);
  return tbLoopResult(loop, 0);
}

MlirValue tileMathFPowIOf(TileBuilder *b, MlirValue x, MlirValue n) {
  MlirValue zero = kInt(b, n, 0);
  MlirValue negative = tbCmpI(b, "slt", n, zero);
  MlirValue magnitude = tbSelect(b, negative, tbSub(b, zero, n), n);
  MlirValue p = powerLoop(b, x, magnitude, "arith.mulf", k(b, x, 1.0));
  return tbSelect(b, negative, div_(b, k(b, x, 1.0), p), p);
}

/* fpowi of f32, f16 and bf16 is computed in f64 and rounded once: each
 * squaring doubles the relative error of what it squares, so in f32
 * x^n was off by about |n| / 2 ulp at worst (1805 ulp for 1.011^-2803,
 * as libgcc's __powisf2, which LLVM's powi calls, gives it). In f64 that
 * stays below 2^31 2^-53 = 2^-22, 2 f32 ulp at the largest i32 exponent. */
intptr_t tileMathFPowI(TileBuilder *b, MlirOperation op, MlirValue *results) {
  MlirValue x = operand(op, 0), n = operand(op, 1);
  MlirType element = elementOf(x);
  if (!mlirTypeIsAF32(element) && !mlirTypeIsAF16(element) &&
      !mlirTypeIsABF16(element)) {
    results[0] = tileMathFPowIOf(b, x, n);
    return 1;
  }
  MlirType type = mlirValueGetType(x);
  MlirType f64 = tbShapedLike(type, mlirF64TypeGet(b->ctx));
  MlirValue p = tileMathFPowIOf(b, tbConvertOp(b, "arith.extf", x, f64), n);
  results[0] = tbConvertOp(b, "arith.truncf", p, type);
  return 1;
}

/* x^n on integers, wrapping like repeated muli. A negative n gives 1 for
 * x = 1, +-1 for x = -1 (by n's parity) and 0 otherwise, 0 included. */
intptr_t tileMathIPowI(TileBuilder *b, MlirOperation op, MlirValue *results) {
  MlirValue x = operand(op, 0), n = operand(op, 1);
  MlirValue one = kInt(b, x, 1), minusOne = kInt(b, x, -1),
            zero = kInt(b, x, 0);
  MlirValue p = powerLoop(b, x, n, "arith.muli", one);
  MlirValue oddN = tbCmpI(b, "ne", tbAnd(b, n, one), zero);
  MlirValue fromMinusOne = tbSelect(b, oddN, minusOne, one);
  MlirValue negativePower =
      tbSelect(b, tbCmpI(b, "eq", x, one), one,
               tbSelect(b, tbCmpI(b, "eq", x, minusOne), fromMinusOne, zero));
  results[0] = tbSelect(b, tbCmpI(b, "slt", n, zero), negativePower, p);
  return 1;
}

/* |x|: x, or 0 - x where x is negative (the most negative value stays
 * itself, as math.absi's). */
intptr_t tileMathAbsI(TileBuilder *b, MlirOperation op, MlirValue *results) {
  MlirValue x = operand(op, 0), zero = kInt(b, x, 0);
  results[0] = tbSelect(b, tbCmpI(b, "slt", x, zero), tbSub(b, zero, x), x);
  return 1;
}

/* The f32 operand of an f32 formula: f16 and bf16 are widened. */
static MlirValue widened(TileBuilder *b, MlirOperation op) {
  MlirValue x = operand(op, 0);
  if (mlirTypeIsAF32(elementOf(x)))
    return x;
  MlirType f32 = tbShapedLike(mlirValueGetType(x), tbF32(b));
  return tbConvertOp(b, "arith.extf", x, f32);
}

/* `v` back in the type of op's result. */
static MlirValue narrowed(TileBuilder *b, MlirOperation op, MlirValue v) {
  MlirType type = mlirValueGetType(mlirOperationGetResult(op, 0));
  if (mlirTypeEqual(type, mlirValueGetType(v)))
    return v;
  return tbConvertOp(b, "arith.truncf", v, type);
}

static MlirValue fma_(TileBuilder *b, MlirValue x, MlirValue y, MlirValue z) {
  MlirValue operands[] = {x, y, z};
  MlirType type = mlirValueGetType(x);
  return tbResult(tbCreate(b, "math.fma", 3, operands, 1, &type, 0, NULL));
}

/* c[0] + t (c[1] + t (c[2] + ...)), by Horner's rule. */
static MlirValue horner(TileBuilder *b, MlirValue t, const double *c, int n) {
  MlirValue acc = k(b, t, c[n - 1]);
  for (int i = n - 2; i >= 0; --i)
    acc = fma_(b, acc, t, k(b, t, c[i]));
  return acc;
}

MlirValue tileMathUpperHalf(TileBuilder *b, MlirValue x) {
  MlirType type = mlirValueGetType(x);
  MlirValue bits =
      tbConvertOp(b, "arith.bitcast", x, tbShapedLike(type, tbI32(b)));
  return tbConvertOp(
      b, "arith.bitcast",
      tbAnd(b, bits, tbSplatInt(b, bits, tbI32(b), (int32_t)0xfffff000u)),
      type);
}

/* erfc(|x|), within 1.2e-7 relative of the true value (the Chebyshev
 * fitted form erfc(z) = t exp(-z^2 + P(t)), t = 1 / (1 + z / 2), of
 * Numerical Recipes' erfcc). z^2 is not rounded into exp's argument at
 * large z: with h = z cut to 12 significant bits (h^2 exact), z^2 = h^2 +
 * (z - h)(z + h), and the result is exp(-h^2) exp(P - (z - h)(z + h)).
 * (An fma for z^2's rounding error would do only where fma is fused:
 * Vulkan's need not be, and lavapipe's is not.) Beyond z = 10 the result
 * is below f32's smallest subnormal. */
static MlirValue erfcOfAbs(TileBuilder *b, MlirValue x) {
  static const double p[] = {-1.26551223, 1.00002368, 0.37409196,  0.09678418,
                             -0.18628806, 0.27886807, -1.13520398, 1.48851587,
                             -0.82215223, 0.17087277};
  MlirValue z = tbUnary(b, "math.absf", x);
  MlirValue t = div_(b, k(b, x, 1.0), fma_(b, z, k(b, x, 0.5), k(b, x, 1.0)));
  MlirValue h = tileMathUpperHalf(b, z);
  MlirValue lo = mul(b, sub(b, z, h), add(b, z, h));
  MlirValue tail = tbUnary(b, "math.exp", sub(b, horner(b, t, p, 10), lo));
  MlirValue head =
      tbUnary(b, "math.exp", tbUnary(b, "arith.negf", mul(b, h, h)));
  MlirValue y = mul(b, t, mul(b, head, tail));
  return tbSelect(b, tbCmpF(b, "oge", z, k(b, x, 10.0)), k(b, x, 0.0), y);
}

intptr_t tileMathErfc(TileBuilder *b, MlirOperation op, MlirValue *results) {
  MlirValue x = widened(b, op);
  MlirValue y = erfcOfAbs(b, x);
  MlirValue negative = tbCmpF(b, "olt", x, k(b, x, 0.0));
  results[0] =
      narrowed(b, op, tbSelect(b, negative, sub(b, k(b, x, 2.0), y), y));
  return 1;
}

/* erf(x): its Taylor series below |x| = 0.5, where 1 - erfc(|x|) would
 * lose the leading digits; 1 - erfc(|x|) with x's sign above. */
intptr_t tileMathErf(TileBuilder *b, MlirOperation op, MlirValue *results) {
  static const double twoOverRootPi = 1.1283791670955126;
  /* (-1)^i / (i! (2i + 1)): the series of erf(x) sqrt(pi) / (2x) in x^2. */
  static const double s[] = {1.0,       -1.0 / 3,    1.0 / 10,  -1.0 / 42,
                             1.0 / 216, -1.0 / 1320, 1.0 / 9360};
  MlirValue x = widened(b, op);
  double c[7];
  for (int i = 0; i < 7; ++i)
    c[i] = s[i] * twoOverRootPi;
  MlirValue series = mul(b, x, horner(b, mul(b, x, x), c, 7));
  MlirValue fromErfc =
      tbBinary(b, "math.copysign", sub(b, k(b, x, 1.0), erfcOfAbs(b, x)), x);
  MlirValue small = tbCmpF(b, "olt", tbUnary(b, "math.absf", x), k(b, x, 0.5));
  results[0] = narrowed(b, op, tbSelect(b, small, series, fromErfc));
  return 1;
}

/* Whether x is f64 (the series below take more terms for it). */
static bool isF64(MlirValue x) { return mlirTypeIsAF64(elementOf(x)); }

/* expm1(x): its Taylor series below |x| = 0.5, where exp(x) - 1 (MLIR's
 * lowering on the cpu and vulkan) cancels its leading digits (it gave 0
 * for 1e-10, and -6e-8 on vulkan); exp(x) - 1 above, where no more than a
 * bit cancels. Terms to 1/9! for f32 (the tail is below 2^-30 of x), to
 * 1/16! for f64. -0.0 stays -0.0, NaN NaN, -inf -1 and +inf inf. */
MlirValue tileMathExpM1Of(TileBuilder *b, MlirValue x) {
  int n = isF64(x) ? 16 : 9;
  double c[16];
  double factorial = 1.0;
  for (int i = 0; i < n; ++i) {
    factorial *= i + 1;
    c[i] = 1.0 / factorial; /* 1/(i+1)! */
  }
  MlirValue series = mul(b, x, horner(b, x, c, n));
  MlirValue big = sub(b, tbUnary(b, "math.exp", x), k(b, x, 1.0));
  MlirValue small = tbCmpF(b, "olt", tbUnary(b, "math.absf", x), k(b, x, 0.5));
  return tbSelect(b, small, series, big);
}

intptr_t tileMathExpM1(TileBuilder *b, MlirOperation op, MlirValue *results) {
  results[0] = tileMathExpM1Of(b, operand(op, 0));
  return 1;
}

/* log1p(x): below |x| = 0.5, 2 atanh(s) = 2 (s + s^3/3 + s^5/5 + ...) with
 * s = x / (2 + x) (|s| <= 1/3), where log(1 + x) (MLIR's lowering on the
 * cpu and vulkan) loses x's digits in 1 + x (it gave 0 for 1e-10); log(1 +
 * x) above. Terms to s^15 for f32, s^33 for f64. -1 gives -inf, below -1
 * NaN, +inf inf (explicitly: GPU log need not take 0, negative values or
 * infinity), -0.0 -0.0 and NaN NaN. */
MlirValue tileMathLog1pSeries(TileBuilder *b, MlirValue x) {
  int n = isF64(x) ? 17 : 8;
  double c[17];
  for (int i = 0; i < n; ++i)
    c[i] = 2.0 / (2 * i + 1);
  MlirValue s = div_(b, x, tbBinary(b, "arith.addf", k(b, x, 2.0), x));
  return mul(b, s, horner(b, mul(b, s, s), c, n));
}

MlirValue tileMathLogNearOne(TileBuilder *b, MlirValue x, double scale,
                             MlirValue elsewhere) {
  MlirValue d = sub(b, x, k(b, x, 1.0));
  MlirValue above = tbCmpF(b, "ogt", x, k(b, x, 0.5));
  MlirValue below = tbCmpF(b, "olt", x, k(b, x, 2.0));
  MlirValue near = tbAnd(b, above, below);
  MlirValue series = tileMathLog1pSeries(b, d);
  if (scale != 1)
    series = mul(b, series, k(b, x, scale));
  return tbSelect(b, near, series, elsewhere);
}

MlirValue tileMathLog1pOf(TileBuilder *b, MlirValue x) {
  MlirValue series = tileMathLog1pSeries(b, x);
  MlirValue big =
      tbUnary(b, "math.log", tbBinary(b, "arith.addf", k(b, x, 1.0), x));
  MlirValue small = tbCmpF(b, "olt", tbUnary(b, "math.absf", x), k(b, x, 0.5));
  MlirValue value = tbSelect(b, small, series, big);
  value = tbSelect(b, tbCmpF(b, "oeq", x, k(b, x, INFINITY)), x, value);
  value = tbSelect(b, tbCmpF(b, "oeq", x, k(b, x, -1.0)), k(b, x, -INFINITY),
                   value);
  return tbSelect(b, tbCmpF(b, "olt", x, k(b, x, -1.0)), k(b, x, NAN), value);
}

intptr_t tileMathLog1p(TileBuilder *b, MlirOperation op, MlirValue *results) {
  results[0] = tileMathLog1pOf(b, operand(op, 0));
  return 1;
}

/* log(2a), as log(a) + ln 2 (2a may overflow). */
static MlirValue logOfTwice(TileBuilder *b, MlirValue a) {
  return add(b, tbUnary(b, "math.log", a), k(b, a, 0.6931471805599453));
}

/* tanh, sinh, cosh, asinh and atanh from expm1 and log1p (accurate to a
 * few ulp near zero, where the textbook formulas, and GLSL's as lavapipe
 * computes them, cancel: off by up to 2500 ulp around 0.001 to 0.01), with
 * x's sign, so that -0 stays -0:
 *   tanh |x| = -t / (t + 2), t = expm1(-2|x|);
 *   sinh |x| = (e + e / (e + 1)) / 2, e = expm1(|x|), below 1, and
 *     h h / 2 - 1 / (2 h h), h = exp(|x| / 2), above (lavapipe's gave inf
 *     from 89 on, where sinh is 2.2e38); cosh |x| likewise h h / 2 +
 *     1 / (2 h h) (it has no sign);
 *   asinh |x| = log1p(|x| + x^2 / (1 + sqrt(1 + x^2))), log(2|x|) above
 *     2^12 (where x^2 would overflow further on);
 *   atanh |x| = log1p(2|x| / (1 - |x|)) / 2 (NaN above 1). */
intptr_t tileMathHyperbolic(TileBuilder *b, MlirOperation op,
                            MlirValue *results) {
  MlirValue x = operand(op, 0);
  MlirValue a = tbUnary(b, "math.absf", x);
  MlirValue one = k(b, x, 1.0), half = k(b, x, 0.5);
  MlirValue magnitude;
  if (tileOpIs(op, "math.tanh")) {
    MlirValue t = tileMathExpM1Of(b, mul(b, a, k(b, x, -2.0)));
    magnitude = div_(b, tbUnary(b, "arith.negf", t), add(b, t, k(b, x, 2.0)));
  } else if (tileOpIs(op, "math.sinh") || tileOpIs(op, "math.cosh")) {
    MlirValue h = tbUnary(b, "math.exp", mul(b, a, half));
    MlirValue hh = mul(b, mul(b, half, h), h);
    MlirValue tail = div_(b, half, mul(b, h, h));
    if (tileOpIs(op, "math.cosh")) {
      results[0] = add(b, hh, tail);
      return 1;
    }
    MlirValue e = tileMathExpM1Of(b, a);
    MlirValue small = mul(b, half, add(b, e, div_(b, e, add(b, e, one))));
    magnitude = tbSelect(b, tbCmpF(b, "olt", a, one), small, sub(b, hh, tail));
  } else if (tileOpIs(op, "math.asinh")) {
    MlirValue a2 = mul(b, a, a);
    MlirValue root = tbUnary(b, "math.sqrt", add(b, one, a2));
    MlirValue small =
        tileMathLog1pOf(b, add(b, a, div_(b, a2, add(b, one, root))));
    magnitude = tbSelect(b, tbCmpF(b, "ogt", a, k(b, x, 4096.0)),
                         logOfTwice(b, a), small);
  } else {
    MlirValue ratio = div_(b, add(b, a, a), sub(b, one, a));
    magnitude = mul(b, half, tileMathLog1pOf(b, ratio));
  }
  results[0] = tbBinary(b, "math.copysign", magnitude, x);
  return 1;
}

/* acosh x = log1p(t + sqrt(t (t + 2))), t = x - 1 (exact near 1, where
 * log(x + sqrt(x^2 - 1)), lavapipe's, lost x^2 - 1's digits: 245 ulp at
 * 1.000001); log(2x) above 2^12 (the next term, 1 / (4 x^2), is below f32
 * precision there, and lavapipe's squared x: inf for 3.4e38); NaN below 1
 * (lavapipe's gave inf for -3.4e38). */
intptr_t tileMathAcosh(TileBuilder *b, MlirOperation op, MlirValue *results) {
  MlirValue x = operand(op, 0);
  MlirValue one = k(b, x, 1.0);
  MlirValue t = sub(b, x, one);
  MlirValue root = tbUnary(b, "math.sqrt", mul(b, t, add(b, t, k(b, x, 2.0))));
  MlirValue near = tileMathLog1pOf(b, add(b, t, root));
  MlirValue large = tbCmpF(b, "ogt", x, k(b, x, 4096.0));
  MlirValue r = tbSelect(b, large, logOfTwice(b, x), near);
  results[0] = tbSelect(b, tbCmpF(b, "olt", x, one), k(b, x, NAN), r);
  return 1;
}

/* s + s z Q(z): asin of s where z = s^2 (Cephes' single-precision
 * coefficients). */
static MlirValue asinCore(TileBuilder *b, MlirValue z, MlirValue s) {
  static const double q[] = {1.6666752422e-1, 7.4953002686e-2, 4.5470025998e-2,
                             2.4181311049e-2, 4.2163199048e-2};
  return add(b, mul(b, mul(b, horner(b, z, q, 5), z), s), s);
}

/* atan, asin and acos as polynomials after argument reduction (Cephes'
 * single-precision forms, within 2 ulp): lavapipe's own were off by up to
 * 344, 3620 and 1310 ulp (Vulkan allows atan 4096), gave +0 for -0 and 0
 * for atan(NaN).
 *   atan |x|: t = |x| below tan(pi/8), pi/4 + atan((|x| - 1) / (|x| + 1))
 *     below tan(3pi/8), pi/2 + atan(-1 / |x|) above; atan t = t + t z P(z),
 *     z = t^2.
 *   asin |x|: s + s z Q(z), with s = |x|, z = x^2 up to 0.5, and above
 *     pi/2 - 2 (s + s z Q(z)) with z = (1 - |x|) / 2, s = sqrt(z).
 *   acos x: pi/2 - asin x up to |x| = 0.5; above 2 (s + s z Q(z)) with z
 *     and s as for asin, and pi minus that for negative x.
 * NaN stays NaN; |x| > 1 gives NaN for asin and acos. */
intptr_t tileMathInverseTrig(TileBuilder *b, MlirOperation op,
                             MlirValue *results) {
  MlirValue x = operand(op, 0);
  MlirValue a = tbUnary(b, "math.absf", x);
  MlirValue one = k(b, x, 1.0), half = k(b, x, 0.5);
  if (tileOpIs(op, "math.atan")) {
    static const double p[] = {-3.33329491539e-1, 1.99777106478e-1,
                               -1.38776856032e-1, 8.05374449538e-2};
    MlirValue big = tbCmpF(b, "ogt", a, k(b, x, 2.414213562373095));
    MlirValue mid = tbCmpF(b, "ogt", a, k(b, x, 0.4142135623730950));
    MlirValue t =
        tbSelect(b, big, div_(b, k(b, x, -1.0), a),
                 tbSelect(b, mid, div_(b, sub(b, a, one), add(b, a, one)), a));
    MlirValue base = tbSelect(b, big, k(b, x, pi / 2),
                              tbSelect(b, mid, k(b, x, pi / 4), k(b, x, 0.0)));
    MlirValue z = mul(b, t, t);
    MlirValue core = add(b, mul(b, mul(b, horner(b, z, p, 4), z), t), t);
    results[0] = tbBinary(b, "math.copysign", add(b, base, core), x);
    return 1;
  }
  MlirValue z = mul(b, half, sub(b, one, a));
  MlirValue far = asinCore(b, z, tbUnary(b, "math.sqrt", z));
  MlirValue near = asinCore(b, mul(b, x, x), x); /* asin x, |x| <= 0.5 */
  MlirValue large = tbCmpF(b, "ogt", a, half);
  MlirValue halfPi = k(b, x, pi / 2);
  MlirValue r;
  if (tileOpIs(op, "math.asin")) {
    MlirValue outer = sub(b, halfPi, add(b, far, far));
    r = tbSelect(b, large, tbBinary(b, "math.copysign", outer, x), near);
  } else {
    MlirValue twice = add(b, far, far);
    MlirValue outer = tbSelect(b, tbCmpF(b, "olt", x, k(b, x, 0.0)),
                               sub(b, k(b, x, pi), twice), twice);
    r = tbSelect(b, large, outer, sub(b, halfPi, near));
  }
  results[0] = tbSelect(b, tbCmpF(b, "ogt", a, one), k(b, x, NAN), r);
  return 1;
}

/* cbrt(x) = sign(x) |x|^(1/3): exp(log|x| / 3), then one Newton step
 * y <- (2y + a / y^2) / 3, which leaves the rounding of the step. Zero and
 * infinity keep their value (the step would give NaN); NaN stays NaN.
 * |x| below 2^-100 is scaled by 2^90 first and the root by 2^-30, so that
 * log never sees a subnormal (GPUs may flush it to zero inside log but not
 * elsewhere). */
intptr_t tileMathCbrt(TileBuilder *b, MlirOperation op, MlirValue *results) {
  MlirValue x = widened(b, op);
  MlirValue tiny =
      tbCmpF(b, "olt", tbUnary(b, "math.absf", x), k(b, x, 0x1p-100));
  MlirValue a = mul(b, tbUnary(b, "math.absf", x),
                    tbSelect(b, tiny, k(b, x, 0x1p90), k(b, x, 1.0)));
  MlirValue y = tbUnary(b, "math.exp",
                        mul(b, tbUnary(b, "math.log", a), k(b, x, 1.0 / 3)));
  MlirValue step = mul(b, fma_(b, k(b, x, 2.0), y, div_(b, a, mul(b, y, y))),
                       k(b, x, 1.0 / 3));
  MlirValue edge = tbOr(b, tbCmpF(b, "oeq", a, k(b, x, 0.0)),
                        tbCmpF(b, "oeq", a, k(b, x, INFINITY)));
  MlirValue magnitude = mul(b, tbSelect(b, edge, a, step),
                            tbSelect(b, tiny, k(b, x, 0x1p-30), k(b, x, 1.0)));
  results[0] = narrowed(b, op, tbBinary(b, "math.copysign", magnitude, x));
  return 1;
}

static MlirValue floorOf(TileBuilder *b, MlirValue x) {
  return tbUnary(b, "math.floor", x);
}

/* powf with C's special cases (which GPU pow need not give: Vulkan's
 * gave 0 for pow(0, 0), NaN for pow(1, inf) and 0 for pow(-1, 0.5)) on
 * top of pow(|x|, y): 1 where y is 0 or x is 1, even for NaN; NaN for
 * other NaN operands and for a negative finite x with a finite y that is
 * no integer; zero, infinite and unit-magnitude bases and infinite
 * exponents by their limits; the sign of x where y is an odd integer. */
intptr_t tileMathPowF(TileBuilder *b, MlirOperation op, MlirValue *results) {
  MlirValue x = operand(op, 0), y = operand(op, 1);
  MlirType type = mlirValueGetType(x);
  MlirValue ax = tbUnary(b, "math.absf", x);
  MlirValue operands[] = {ax, y};
  MlirValue core =
      tbResult(tbCreate(b, "math.powf", 2, operands, 1, &type, 0, NULL));
  MlirValue yInf = absInf(b, y, "oeq");
  MlirValue yInt = tbCmpF(b, "oeq", floorOf(b, y), y);
  MlirValue half = mul(b, y, k(b, y, 0.5));
  MlirValue yOdd = tbAnd(b, yInt, tbCmpF(b, "one", floorOf(b, half), half));
  MlirValue yNegative = tbCmpF(b, "olt", y, k(b, y, 0.0));
  MlirValue inf = k(b, x, INFINITY), zero = k(b, x, 0.0), one = k(b, x, 1.0);
  MlirValue xZero = tbCmpF(b, "oeq", x, zero);
  MlirValue xInf = absInf(b, x, "oeq");
  MlirValue awayFromZero = tbSelect(b, yNegative, zero, inf);
  MlirValue towardZero = tbSelect(b, yNegative, inf, zero);
  /* |x| < 1 and y = -inf, or |x| > 1 and y = +inf: infinite. */
  MlirValue small = tbCmpF(b, "olt", ax, one);
  MlirValue limit =
      tbSelect(b, tbCmpF(b, "oeq", ax, one), one,
               tbSelect(b, tbCmpI(b, "eq", small, yNegative), inf, zero));
  MlirValue magnitude =
      tbSelect(b, xZero, towardZero,
               tbSelect(b, xInf, awayFromZero, tbSelect(b, yInf, limit, core)));
  MlirValue signBit =
      tbCmpF(b, "olt", tbBinary(b, "math.copysign", one, x), zero);
  MlirValue value = tbSelect(b, tbAnd(b, signBit, yOdd),
                             tbUnary(b, "arith.negf", magnitude), magnitude);
  MlirValue notInteger = tbCmpI(b, "eq", yInt, tbSplatInt(b, yInt, tbI1(b), 0));
  MlirValue negativeFinite =
      tbAnd(b, tbCmpF(b, "olt", x, zero),
            tbCmpI(b, "eq", xInf, tbSplatInt(b, xInf, tbI1(b), 0)));
  MlirValue complex = tbAnd(b, negativeFinite, notInteger);
  MlirValue nan = k(b, x, NAN);
  value = tbSelect(b, tbOr(b, complex, tbCmpF(b, "uno", x, y)), nan, value);
  MlirValue unit =
      tbOr(b, tbCmpF(b, "oeq", y, k(b, y, 0.0)), tbCmpF(b, "oeq", x, one));
  results[0] = tbSelect(b, unit, one, value);
  return 1;
}

/* Bits of exponent range plus mantissa of `type`: the most doublings
 * between the smallest subnormal and the largest value. */
static int64_t doublings(MlirType type) {
  if (mlirTypeIsAF16(type))
    return 42;
  if (mlirTypeIsABF16(type) || mlirTypeIsAF32(type))
    return 280;
  return 2100; /* f64 */
}

/* |x| and whether x's sign bit is set (read from its bits: on lavapipe
 * 1 / -0 was not negative), by arith alone (the remainder is for targets
 * whose math ops stop short of f64). */
static MlirValue signBit(TileBuilder *b, MlirValue x) {
  MlirType bits = tbShapedLike(
      mlirValueGetType(x),
      mlirIntegerTypeGet(b->ctx, mlirFloatTypeGetWidth(elementOf(x))));
  MlirValue word = tbConvertOp(b, "arith.bitcast", x, bits);
  return tbCmpI(b, "slt", word, tbSplatInt(b, word, elementOf(word), 0));
}

static MlirValue magnitude(TileBuilder *b, MlirValue x) {
  return tbSelect(b, signBit(b, x), tbUnary(b, "arith.negf", x), x);
}

/* arith.maximumf and minimumf (IEEE 754-2019 maximum and minimum): NaN if
 * either operand is NaN, and -0 below +0. Upstream's arith-expand, which
 * the cpu and vulkan pipelines run, selected by an ordered compare and
 * returned y for equal operands: maximumf(+0, -0) was -0 and
 * minimumf(-0, +0) +0. Where the operands are equal, the maximum is x
 * unless y's sign is clear (then y) and the minimum x unless x's sign is
 * clear; x + y gives the NaN. */
MlirValue tileMathExtremumOf(TileBuilder *b, MlirValue x, MlirValue y,
                             bool maximum) {
  MlirValue strict = tbCmpF(b, maximum ? "ogt" : "olt", x, y);
  MlirValue r = tbSelect(b, strict, x, y);
  MlirValue keepX =
      maximum ? signBit(b, y) : signBit(b, x); /* -0 wins a minimum */
  r = tbSelect(b, tbAnd(b, tbCmpF(b, "oeq", x, y), keepX), x, r);
  return tbSelect(b, tbCmpF(b, "uno", x, y), tbBinary(b, "arith.addf", x, y),
                  r);
}

intptr_t tileMathMaximumF(TileBuilder *b, MlirOperation op,
                          MlirValue *results) {
  results[0] = tileMathExtremumOf(b, operand(op, 0), operand(op, 1), true);
  return 1;
}

intptr_t tileMathMinimumF(TileBuilder *b, MlirOperation op,
                          MlirValue *results) {
  results[0] = tileMathExtremumOf(b, operand(op, 0), operand(op, 1), false);
  return 1;
}

static MlirValue isInfinite(TileBuilder *b, MlirValue x) {
  return tbCmpF(b, "oeq", magnitude(b, x), k(b, x, INFINITY));
}

/* fmod(x, y), exactly, by arith ops alone: with a = |x| and d = |y|, d doubled
 * while it stays at most a, then halved back to |y|, subtracted from a wherever
 * it fits (a < 2d throughout, so each difference is exact). The loops run a
 * fixed number of times, every lane alike. NaN where x is infinite, y is zero
 * or either is NaN; x where y is infinite; the sign of x otherwise. GPU
 * remainders compute x - y * trunc(x / y), which is neither exact (1 rem
 * 0.1 gave 0 on Vulkan, not 0.09999999) nor right at the edges (NaN for
 * 0 rem inf, +0 for -1 rem 1). */
MlirValue tileMathRemainder(TileBuilder *b, MlirValue x, MlirValue y) {
  MlirValue zero = k(b, x, 0.0), one = k(b, x, 1.0);
  MlirValue ax = magnitude(b, x), ay = magnitude(b, y);
  MlirValue invalid = tbOr(b, tbOr(b, isInfinite(b, x), tbCmpF(b, "uno", x, y)),
                           tbCmpF(b, "oeq", y, zero));
  MlirValue yInf = isInfinite(b, y);
  /* Special cases run the loops on 0 rem 1, which end at once. */
  MlirValue skip = tbOr(b, invalid, yInf);
  MlirValue a = tbSelect(b, skip, zero, ax);
  MlirValue d = tbSelect(b, skip, one, ay);
  int64_t n = doublings(elementOf(x));
  MlirValue lb = tbConstIndex(b, 0), ub = tbConstIndex(b, n),
            step = tbConstIndex(b, 1);
  TileLoop up = tbForIter(b, lb, ub, step, 1, &d);
  {
    TileBuilder in = tbAtEnd(up.body, b->loc);
    MlirValue cur = tbIterArg(up, 0);
    MlirValue twice = tbBinary(&in, "arith.addf", cur, cur);
    MlirValue next = tbSelect(&in, tbCmpF(&in, "ole", twice, a), twice, cur);
    tbYield(&in, 1, &next);
  }
  MlirValue inits[] = {a, tbLoopResult(up, 0)};
  TileLoop down = tbForIter(b, lb, tbConstIndex(b, n + 1), step, 2, inits);
  {
    TileBuilder in = tbAtEnd(down.body, b->loc);
    MlirValue r = tbIterArg(down, 0), cur = tbIterArg(down, 1);
    MlirValue fits =
        tbAnd(&in, tbCmpF(&in, "oge", r, cur), tbCmpF(&in, "oge", cur, d));
    MlirValue next[] = {tbSelect(&in, fits, sub(&in, r, cur), r),
                        mul(&in, cur, k(&in, cur, 0.5))};
    tbYield(&in, 2, next);
  }
  MlirValue r = tbLoopResult(down, 0);
  MlirValue value = tbSelect(b, signBit(b, x), tbUnary(b, "arith.negf", r), r);
  value = tbSelect(b, yInf, x, value);
  return tbSelect(b, invalid, k(b, x, NAN), value);
}

intptr_t tileMathRemF(TileBuilder *b, MlirOperation op, MlirValue *results) {
  results[0] = tileMathRemainder(b, operand(op, 0), operand(op, 1));
  return 1;
}

/* The smallest normal value of x's float type, 2^(1 - bias), shaped like x;
 * a null value for a type other than f16, bf16, f32, f64, f80 and f128.
 * f80's and f128's (about 3.36e-4932) is no double: it is written as its
 * bits. */
static MlirValue smallestNormal(TileBuilder *b, MlirValue x) {
  MlirType t = elementOf(x);
  if (mlirTypeIsAF16(t))
    return k(b, x, 0x1p-14);
  if (mlirTypeIsABF16(t) || mlirTypeIsAF32(t))
    return k(b, x, 0x1p-126);
  if (mlirTypeIsAF64(t))
    return k(b, x, 0x1p-1022);
  /* The only float types of 80 and 128 bits. */
  unsigned width = mlirFloatTypeGetWidth(t);
  const char *bits = NULL;
  if (width == 80)
    bits = "0x00018000000000000000 : f80";
  else if (width == 128)
    bits = "0x00010000000000000000000000000000 : f128";
  if (!bits)
    return (MlirValue){NULL};
  MlirAttribute scalar =
      mlirAttributeParseGet(b->ctx, mlirStringRefCreateFromCString(bits));
  MlirType type = mlirValueGetType(x);
  return tbConstAttr(b, mlirTypeIsAVector(type)
                            ? mlirDenseElementsAttrSplatGet(type, scalar)
                            : scalar);
}

bool tileMathHasNormalRange(MlirType element) {
  if (!mlirTypeIsAFloat(element))
    return false;
  unsigned width = mlirFloatTypeGetWidth(element);
  return mlirTypeIsAF16(element) || mlirTypeIsABF16(element) ||
         mlirTypeIsAF32(element) || width == 64 || width == 80 || width == 128;
}

/* Normal: the smallest normal value <= |x| < inf, by ordered compares
 * (false for NaN, zeros and subnormals). */
intptr_t tileMathIsNormal(TileBuilder *b, MlirOperation op,
                          MlirValue *results) {
  MlirValue x = operand(op, 0);
  MlirValue ax = tbUnary(b, "math.absf", x);
  results[0] = tbAnd(b, tbCmpF(b, "oge", ax, smallestNormal(b, x)),
                     tbCmpF(b, "olt", ax, k(b, x, INFINITY)));
  return 1;
}

/* clampf(x, lo, hi) = maximumf(minimumf(x, hi), lo): x within [lo, hi],
 * NaN for a NaN operand. MLIR 22's documentation and math-expand-ops said
 * maximumf(minimumf(x, lo), hi), which is hi for any x in [lo, hi]; later
 * MLIR corrected both to this (a clamp, as SPIR-V's FClamp and AMDGPU's
 * fmed3, which rocm's conversion made of it, compute). lo > hi gives lo. */
intptr_t tileMathClampF(TileBuilder *b, MlirOperation op, MlirValue *results) {
  MlirValue x = operand(op, 0), lo = operand(op, 1), hi = operand(op, 2);
  results[0] =
      tileMathExtremumOf(b, tileMathExtremumOf(b, x, hi, false), lo, true);
  return 1;
}
