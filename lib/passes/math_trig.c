/* sin, cos and tan of f32 with their argument reduced here, for targets
 * whose own functions are accurate near 0 only (Vulkan defines GLSL's on
 * [-pi, pi]; lavapipe's lost every digit beyond about 2.4e7 and the relative
 * precision of results near 0 long before).
 *
 * |x| = q pi/2 + r with |r| <= pi/4 by Payne and Hanek's method, in 32-bit
 * integers only (no f64 or i64, which devices need not have): |x| is
 * m 2^(e-23) with a 24-bit integer m, and the bits of 2/pi that m 2^(e-23)
 * moves to 4 or above add multiples of 4 to |x| 2/pi, which leave sin, cos
 * and tan alone. So m times the 96 bits of 2/pi after those gives q (the
 * two bits above the point) and the fraction (the 94 below it) exactly
 * enough for every f32: the bits left out weigh less than 2^-70, and no
 * f32 lies nearer than about 2^-30 to a multiple of pi/2. The target's own
 * sin and cos of r then give the result. */
#include "passes/math_formulas.h"

#include "ir/builder_vector.h"
#include "ir/ir.h"

#include <math.h>
#include <stdint.h>

static const double halfPi = 1.5707963267948966;
static const double quarterPi = 0.7853981633974483;

/* The first 224 bits of 2/pi after the point, after a word of zeros (the
 * bits of |x| 2/pi that m 2^(e-23) moves to 4 or above start before the
 * point for |x| < 2^25). */
static const uint32_t twoOverPi[8] = {
    0x00000000, 0xa2f9836e, 0x4e441529, 0xfc2757d1,
    0xf534ddc0, 0xdb629599, 0x3c439041, 0xfe5163ab,
};

static MlirValue u32(TileBuilder *b, MlirValue like, uint32_t v) {
  return tbSplatInt(b, like, tbI32(b), (int32_t)v);
}

static MlirValue shl(TileBuilder *b, MlirValue x, MlirValue n) {
  return tbBinary(b, "arith.shli", x, n);
}
static MlirValue shr(TileBuilder *b, MlirValue x, MlirValue n) {
  return tbBinary(b, "arith.shrui", x, n);
}

/* twoOverPi[j + t] for j in 0..4, by selects (no table in device memory). */
static MlirValue word(TileBuilder *b, MlirValue j, int t) {
  MlirValue w = u32(b, j, twoOverPi[t]);
  for (int i = 1; i <= 4; ++i)
    w = tbSelect(b, tbCmpI(b, "eq", j, u32(b, j, (uint32_t)i)),
                 u32(b, j, twoOverPi[i + t]), w);
  return w;
}

/* The low and high words of the 64-bit product of unsigned x and y. */
static void mulExtended(TileBuilder *b, MlirValue x, MlirValue y, MlirValue *lo,
                        MlirValue *hi) {
  MlirValue operands[] = {x, y};
  MlirType types[] = {mlirValueGetType(x), mlirValueGetType(x)};
  MlirOperation op =
      tbCreate(b, "arith.mului_extended", 2, operands, 2, types, 0, NULL);
  *lo = mlirOperationGetResult(op, 0);
  *hi = mlirOperationGetResult(op, 1);
}

/* |x| = q pi/2 + r for a finite f32 |x| >= 2^-1 (other values give
 * garbage the caller selects away); q in 0..3. */
static void reduce(TileBuilder *b, MlirValue x, MlirValue *q, MlirValue *r) {
  MlirType i32 = tbShapedLike(mlirValueGetType(x), tbI32(b));
  MlirValue bits =
      tbAnd(b, tbConvertOp(b, "arith.bitcast", x, i32), u32(b, x, 0x7fffffff));
  MlirValue m =
      tbOr(b, tbAnd(b, bits, u32(b, bits, 0x7fffff)), u32(b, bits, 0x800000));
  /* The window starts at bit e + 7 of the table (e the unbiased exponent,
   * clamped to the values reduced). */
  MlirValue e = tbSub(b, shr(b, bits, u32(b, bits, 23)), u32(b, bits, 127));
  e = tbMinS(b, tbMaxS(b, e, u32(b, e, (uint32_t)-1)), u32(b, e, 127));
  MlirValue start = tbAdd(b, e, u32(b, e, 7));
  MlirValue j = shr(b, start, u32(b, start, 5));
  MlirValue shift = tbAnd(b, start, u32(b, start, 31));
  /* w >> (32 - shift) as (w >> 1) >> (31 - shift): a shift by 32 is
   * undefined. */
  MlirValue back = tbSub(b, u32(b, shift, 31), shift);
  MlirValue t[4];
  for (int i = 0; i < 4; ++i)
    t[i] = word(b, j, i);
  MlirValue w[3];
  for (int i = 0; i < 3; ++i)
    w[i] = tbOr(b, shl(b, t[i], shift),
                shr(b, shr(b, t[i + 1], u32(b, t[i + 1], 1)), back));
  /* m w, of which the words p0..p2 (bits 0 to 95) matter: the point is
   * between bits 93 and 94. */
  MlirValue lo1, hi1, lo2, hi2;
  mulExtended(b, m, w[1], &lo1, &hi1);
  mulExtended(b, m, w[2], &lo2, &hi2);
  MlirValue p0 = lo2;
  MlirValue p1 = tbAdd(b, lo1, hi2);
  MlirValue carry =
      tbConvertOp(b, "arith.extui", tbCmpI(b, "ult", p1, hi2), i32);
  MlirValue p2 = tbAdd(b, tbAdd(b, tbMul(b, m, w[0]), hi1), carry);
  /* The fraction's first 64 bits, as a signed fraction in [-1/2, 1/2)
   * whose q is one more where it is negative. */
  MlirValue two = u32(b, p2, 2), thirty = u32(b, p2, 30);
  MlirValue hi = tbOr(b, shl(b, p2, two), shr(b, p1, thirty));
  MlirValue lo = tbOr(b, shl(b, p1, two), shr(b, p0, thirty));
  MlirValue negative = tbCmpI(b, "slt", hi, u32(b, hi, 0));
  *q = tbAnd(b,
             tbAdd(b, shr(b, p2, thirty),
                   tbConvertOp(b, "arith.extui", negative, i32)),
             u32(b, p2, 3));
  /* Its magnitude: -(hi:lo) = (~hi + (lo == 0)):(-lo). */
  MlirValue zero = u32(b, lo, 0);
  MlirValue negLo = tbSub(b, zero, lo);
  MlirValue negHi =
      tbAdd(b, tbBinary(b, "arith.xori", hi, u32(b, hi, 0xffffffff)),
            tbConvertOp(b, "arith.extui", tbCmpI(b, "eq", lo, zero), i32));
  hi = tbSelect(b, negative, negHi, hi);
  lo = tbSelect(b, negative, negLo, lo);
  MlirType f32 = mlirValueGetType(x);
  MlirValue f = tbBinary(
      b, "arith.addf",
      tbBinary(b, "arith.mulf", tbConvertOp(b, "arith.uitofp", hi, f32),
               tbSplat(b, x, tbF32(b), 0x1p-32)),
      tbBinary(b, "arith.mulf", tbConvertOp(b, "arith.uitofp", lo, f32),
               tbSplat(b, x, tbF32(b), 0x1p-64)));
  MlirValue magnitude =
      tbBinary(b, "arith.mulf", f, tbSplat(b, x, tbF32(b), halfPi));
  *r = tbSelect(b, negative, tbUnary(b, "arith.negf", magnitude), magnitude);
}

typedef enum { Sin, Cos, Tan } Function;

static MlirValue trigOf(TileBuilder *b, Function fn, MlirValue x) {
  MlirType i32 = tbShapedLike(mlirValueGetType(x), tbI32(b));
  MlirValue zero = u32(b, x, 0), one = u32(b, x, 1);
  MlirValue a = tbUnary(b, "math.absf", x);
  /* Reduced where pi/4 < |x| < inf (not NaN); the others are r = x. */
  MlirValue reduced =
      tbAnd(b, tbCmpF(b, "ogt", a, tbSplat(b, x, tbF32(b), quarterPi)),
            tbCmpF(b, "olt", a, tbSplat(b, x, tbF32(b), INFINITY)));
  MlirValue q, r;
  reduce(b, x, &q, &r);
  q = tbSelect(b, reduced, q, zero);
  r = tbSelect(b, reduced, r, x);
  MlirValue odd = tbAnd(b, q, one);
  MlirValue half = shr(b, q, one);
  /* Whether to negate the function of r: sin is sin r, cos r, -sin r,
   * -cos r for q = 0..3; cos is cos r, -sin r, -cos r, sin r; tan is
   * tan r or -1 / tan r. sin and tan of a negative x are those of |x|
   * negated (cos is even). */
  MlirValue negate = fn == Sin   ? half
                     : fn == Cos ? tbBinary(b, "arith.xori", half, odd)
                                 : odd;
  if (fn != Cos) {
    MlirValue sign =
        tbCmpI(b, "slt", tbConvertOp(b, "arith.bitcast", x, i32), zero);
    negate =
        tbBinary(b, "arith.xori", negate,
                 tbConvertOp(b, "arith.extui", tbAnd(b, reduced, sign), i32));
  }
  MlirValue isOdd = tbCmpI(b, "ne", odd, zero);
  MlirValue v;
  if (fn == Tan) {
    MlirValue t = tbUnary(b, "math.tan", r);
    v = tbSelect(b, isOdd,
                 tbBinary(b, "arith.divf", tbSplat(b, x, tbF32(b), 1.0), t), t);
  } else {
    MlirValue s = tbUnary(b, "math.sin", r), c = tbUnary(b, "math.cos", r);
    v = fn == Sin ? tbSelect(b, isOdd, c, s) : tbSelect(b, isOdd, s, c);
  }
  return tbSelect(b, tbCmpI(b, "ne", negate, zero), tbUnary(b, "arith.negf", v),
                  v);
}

bool tileMathIsTrig(MlirOperation op) {
  return tileOpIs(op, "math.sin") || tileOpIs(op, "math.cos") ||
         tileOpIs(op, "math.tan");
}

intptr_t tileMathTrig(TileBuilder *b, MlirOperation op, MlirValue *results) {
  Function fn = tileOpIs(op, "math.sin")   ? Sin
                : tileOpIs(op, "math.cos") ? Cos
                                           : Tan;
  MlirValue x = mlirOperationGetOperand(op, 0);
  MlirType type = mlirValueGetType(x);
  bool f32 = mlirTypeIsAF32(tbScalarOf(type));
  if (!f32)
    x = tbConvertOp(b, "arith.extf", x, tbShapedLike(type, tbF32(b)));
  MlirValue v = trigOf(b, fn, x);
  results[0] = f32 ? v : tbConvertOp(b, "arith.truncf", v, type);
  return 1;
}
