/* exp, powf and fpowi of f32 on the vulkan target, to within a few ulp.
 *
 * exp(x) = 2^n exp(r) with n the integer nearest x / ln 2 and r = x - n ln 2
 * by Cody and Waite's two parts of ln 2 (n ln2hi is exact), |r| <= ln 2 / 2,
 * then exp(r) by a polynomial: GLSL's exp is exp2(x log2 e) at f32
 * precision, whose error grows with |x| (lavapipe's was 64 ulp off near
 * 88), and Vulkan allows 3 + 2|x| ulp even near 0.
 *
 * powf to within about 1 ulp: GLSL's pow is exp2(y log2 x) at f32
 * precision (Vulkan's precision rules: its error grows with |y log2 x|;
 * lavapipe's pow(0.9999999, 1e7) was 17% off). y log2 x is computed to
 * about 2^-40 here, as a pair of f32 values, then 2^(y log2 x) by a
 * polynomial. fpowi is the same with its integer exponent in two parts
 * where f32 does not hold it whole.
 *
 * log x = 2 atanh(s) = 2 (s + s^3 / 3 + s^5 / 5 + ...), s = (m - 1) /
 * (m + 1) for x = 2^e m, m in [sqrt(1/2), sqrt(2)): s is a pair (the
 * division's remainder gives its low part); the terms after 2s are below
 * 1% of it and need f32 only. Then 2^(n + f) for the nearest integer n:
 * 2^f by its Taylor series (degree 7, |f| <= 1/2), scaled by 2^n in two
 * steps so that subnormal results are rounded once.
 *
 * Exact products are Dekker's, from halves of 12 bits cut by masking the
 * bits: Vulkan's fma need not be fused (lavapipe's is not), and SPIR-V
 * lets a driver contract a multiply and an add unless the ops say
 * NoContraction, which would break the error terms; so the ops of the
 * error terms are SPIR-V's own, with that decoration. */
#include "vulkan/vulkan.h"

#include "ir/builder_vector.h"
#include "ir/ir.h"
#include "passes/math_formulas.h"

#include <math.h>
#include <stdint.h>

static MlirValue kf(TileBuilder *b, MlirValue like, double v) {
  return tbSplat(b, like, tbF32(b), v);
}
static MlirValue ki(TileBuilder *b, MlirValue like, int32_t v) {
  return tbSplatInt(b, like, tbI32(b), v);
}

/* x op y, never contracted with another op. */
static MlirValue strict(TileBuilder *b, const char *op, MlirValue x,
                        MlirValue y) {
  MlirValue operands[] = {x, y};
  MlirType type = mlirValueGetType(x);
  MlirNamedAttribute noContraction = mlirNamedAttributeGet(
      mlirIdentifierGet(b->ctx,
                        mlirStringRefCreateFromCString("no_contraction")),
      mlirUnitAttrGet(b->ctx));
  return tbResult(tbCreate(b, op, 2, operands, 1, &type, 1, &noContraction));
}
static MlirValue add(TileBuilder *b, MlirValue x, MlirValue y) {
  return strict(b, "spirv.FAdd", x, y);
}
static MlirValue sub(TileBuilder *b, MlirValue x, MlirValue y) {
  return strict(b, "spirv.FSub", x, y);
}
static MlirValue mul(TileBuilder *b, MlirValue x, MlirValue y) {
  return strict(b, "spirv.FMul", x, y);
}

/* x y = *p + *e exactly (Dekker's product; every partial product is
 * exact). */
static void exactProduct(TileBuilder *b, MlirValue x, MlirValue y, MlirValue *p,
                         MlirValue *e) {
  MlirValue xh = tileMathUpperHalf(b, x), yh = tileMathUpperHalf(b, y);
  MlirValue xl = sub(b, x, xh), yl = sub(b, y, yh);
  *p = mul(b, x, y);
  MlirValue t = sub(b, mul(b, xh, yh), *p);
  t = add(b, t, mul(b, xh, yl));
  t = add(b, t, mul(b, xl, yh));
  *e = add(b, t, mul(b, xl, yl));
}

/* 2^k for integers k in [-126, 127], from the exponent bits. */
static MlirValue powerOfTwo(TileBuilder *b, MlirValue k, MlirType f32) {
  MlirValue biased =
      tbBinary(b, "arith.shli", tbAdd(b, k, ki(b, k, 127)), ki(b, k, 23));
  return tbConvertOp(b, "arith.bitcast", biased, f32);
}

/* log2 x as *hi + *lo, for finite x > 0 (subnormal too). */
static void log2Pair(TileBuilder *b, MlirValue x, MlirValue *hi,
                     MlirValue *lo) {
  MlirType f32 = mlirValueGetType(x);
  MlirType i32 = tbShapedLike(f32, tbI32(b));
  MlirValue subnormal = tbCmpF(b, "olt", x, kf(b, x, 0x1p-126));
  x = tbSelect(b, subnormal, mul(b, x, kf(b, x, 0x1p24)), x);
  /* x = 2^e m with m in [sqrt(1/2), sqrt(2)): the exponent of x / sqrt(1/2)
   * by its bits. */
  MlirValue bits = tbConvertOp(b, "arith.bitcast", x, i32);
  MlirValue e =
      tbBinary(b, "arith.shrsi", tbSub(b, bits, ki(b, bits, 0x3f3504f3)),
               ki(b, bits, 23));
  MlirValue m = tbConvertOp(
      b, "arith.bitcast",
      tbSub(b, bits, tbBinary(b, "arith.shli", e, ki(b, e, 23))), f32);
  e = tbSub(b, e, tbSelect(b, subnormal, ki(b, e, 24), ki(b, e, 0)));
  MlirValue one = kf(b, x, 1.0);
  MlirValue num = sub(b, m, one); /* exact */
  /* m + 1 = dh + dl exactly (two-sum). */
  MlirValue dh = add(b, m, one);
  MlirValue back = sub(b, dh, one);
  MlirValue dl = add(b, sub(b, one, sub(b, dh, back)), sub(b, m, back));
  /* s = sh + sl: the remainder num - sh (dh + dl), exact up to sh dl's
   * rounding, divided again. */
  MlirValue r = tbBinary(b, "arith.divf", one, dh);
  MlirValue sh = mul(b, num, r);
  MlirValue p, pe;
  exactProduct(b, sh, dh, &p, &pe);
  MlirValue remainder = sub(b, sub(b, sub(b, num, p), pe), mul(b, sh, dl));
  MlirValue sl = mul(b, remainder, r);
  /* 2 atanh(s) = 2s + 2 s^3 (1/3 + s^2/5 + ... + s^10/13). */
  MlirValue s2 = mul(b, sh, sh);
  MlirValue poly = kf(b, x, 1.0 / 13);
  for (int d = 11; d >= 3; d -= 2)
    poly = add(b, mul(b, poly, s2), kf(b, x, 1.0 / d));
  MlirValue two = kf(b, x, 2.0);
  MlirValue lh = mul(b, two, sh);
  MlirValue ll = add(b, mul(b, two, sl), mul(b, lh, mul(b, s2, poly)));
  MlirValue h = add(b, lh, ll); /* |ll| < |lh|: fast two-sum */
  ll = sub(b, ll, sub(b, h, lh));
  lh = h;
  /* times 1/ln 2 = ih + il. */
  const double invLn2 = 1.4426950408889634;
  float ihf = (float)invLn2;
  MlirValue ih = kf(b, x, ihf), il = kf(b, x, invLn2 - ihf);
  MlirValue ph, pl;
  exactProduct(b, lh, ih, &ph, &pl);
  pl = add(b, pl, add(b, mul(b, lh, il), mul(b, ll, ih)));
  /* plus e: |e| >= 1 > |ph|, or e = 0. */
  MlirValue ef = tbConvertOp(b, "arith.sitofp", e, f32);
  *hi = add(b, ef, ph);
  *lo = add(b, sub(b, ph, sub(b, *hi, ef)), pl);
}

/* e^(k t) for |k t| <= ln 2 / 2 by its Taylor series of degree 7 (the
 * rest below 0.1 ulp), in Horner's form. */
static MlirValue taylor(TileBuilder *b, MlirValue t, double k) {
  double coefficients[8];
  double c = 1;
  for (int i = 0; i < 8; ++i) {
    coefficients[i] = c;
    c *= k / (i + 1);
  }
  MlirValue p = kf(b, t, coefficients[7]);
  for (int i = 6; i >= 0; --i)
    p = add(b, mul(b, p, t), kf(b, t, coefficients[i]));
  return p;
}

/* p 2^n for an i32 n in [-150, 130], rounded once. */
static MlirValue scaled(TileBuilder *b, MlirValue p, MlirValue n) {
  MlirType f32 = mlirValueGetType(p);
  MlirValue n1 = tbBinary(b, "arith.shrsi", n, ki(b, n, 1));
  MlirValue n2 = tbSub(b, n, n1);
  return mul(b, mul(b, p, powerOfTwo(b, n1, f32)), powerOfTwo(b, n2, f32));
}

MlirValue tileVulkanExp(TileBuilder *b, MlirValue x) {
  MlirType f32 = mlirValueGetType(x);
  MlirType i32 = tbShapedLike(f32, tbI32(b));
  /* Beyond [-104, 89] the result is 0 or inf (x clamped there: n in
   * [-150, 128]); NaN stays NaN. */
  MlirValue lo = kf(b, x, -104.0), hi = kf(b, x, 89.0);
  MlirValue xc = tbSelect(b, tbCmpF(b, "olt", x, lo), lo,
                          tbSelect(b, tbCmpF(b, "ogt", x, hi), hi, x));
  MlirValue n =
      tbUnary(b, "math.roundeven", mul(b, xc, kf(b, x, 1.4426950408889634)));
  /* ln 2 = ln2hi + ln2lo, ln2hi of 16 significant bits. */
  MlirValue r = sub(b, sub(b, xc, mul(b, n, kf(b, x, 0x1.62e4p-1))),
                    mul(b, n, kf(b, x, 0x1.7f7d1cf79abcap-20)));
  MlirValue e =
      scaled(b, taylor(b, r, 1.0), tbConvertOp(b, "arith.fptosi", n, i32));
  return tbSelect(b, tbCmpF(b, "uno", x, x), x, e);
}

/* pow(x, y + yl) for finite x > 0 and finite y; yl (or NULL for 0) is
 * at most 255 and nonzero only where |y| >= 2^24 - 255. */
static MlirValue powOf(TileBuilder *b, MlirValue x, MlirValue y, MlirValue yl) {
  MlirType f32 = mlirValueGetType(x);
  MlirType i32 = tbShapedLike(f32, tbI32(b));
  MlirValue th, tl;
  log2Pair(b, x, &th, &tl);
  /* z = y log2 x = zh + zl; zh clamped to where 2^z overflows or
   * underflows anyway, without zl there. Where yl is not 0, |th| < 2^-16
   * wherever 2^z is finite and not 0, so yl th's rounding is below 2^-32. */
  MlirValue zh, zl;
  exactProduct(b, y, th, &zh, &zl);
  zl = add(b, zl, mul(b, y, tl));
  if (yl.ptr)
    zl = add(b, zl, mul(b, yl, th));
  MlirValue low = tbCmpF(b, "olt", zh, kf(b, x, -160.0));
  MlirValue high = tbCmpF(b, "ogt", zh, kf(b, x, 130.0));
  zh = tbSelect(b, low, kf(b, x, -160.0),
                tbSelect(b, high, kf(b, x, 130.0), zh));
  zl = tbSelect(b, tbOr(b, low, high), kf(b, x, 0.0), zl);
  MlirValue n = tbUnary(b, "math.roundeven", zh);
  MlirValue f = add(b, sub(b, zh, n), zl);
  /* 2^f = sum of (f ln 2)^k / k!, by Horner's rule. */
  return scaled(b, taylor(b, f, 0.6931471805599453),
                tbConvertOp(b, "arith.fptosi", n, i32));
}

MlirValue tileVulkanPowNear(TileBuilder *b, MlirValue x, MlirValue y,
                            MlirValue elsewhere) {
  MlirValue inf = kf(b, x, INFINITY);
  MlirValue served = tbAnd(
      b, tbAnd(b, tbCmpF(b, "ogt", x, kf(b, x, 0.0)), tbCmpF(b, "olt", x, inf)),
      tbCmpF(b, "olt", tbUnary(b, "math.absf", y), inf));
  return tbSelect(b, served, powOf(b, x, y, (MlirValue){NULL}), elsewhere);
}

MlirValue tileVulkanPowI(TileBuilder *b, MlirValue x, MlirValue n) {
  MlirType type = mlirValueGetType(x);
  MlirType i32 = tbShapedLike(type, tbI32(b));
  MlirType element = tbScalarOf(mlirValueGetType(n));
  unsigned width = mlirIntegerTypeGetWidth(element);
  if (width > 32) {
    /* Beyond 2^31 in magnitude, n takes every finite x but 0 and +-1 (the
     * nearest, 1 - 2^-24 and 1 + 2^-23, included) beyond 2^184 or below
     * 2^-184, out of f32's range: n saturated to i32 with its sign and
     * parity gives the same result. */
    MlirValue odd = tbAnd(b, n, tbSplatInt(b, n, element, 1));
    MlirValue high = tbAdd(b, tbSplatInt(b, n, element, INT32_MAX - 1), odd);
    MlirValue low = tbAdd(b, tbSplatInt(b, n, element, INT32_MIN), odd);
    n = tbBinary(b, "arith.minsi", tbBinary(b, "arith.maxsi", n, low), high);
    n = tbConvertOp(b, "arith.trunci", n, i32);
  } else if (width < 32) {
    n = tbConvertOp(b, "arith.extsi", n, i32);
  }
  /* n = y + yl, y exact in f32: n itself below 2^24, else n rounded down
   * to a multiple of 256 (24 significant bits at most) and the rest. */
  MlirValue small =
      tbCmpI(b, "ult", tbAdd(b, n, ki(b, n, 1 << 24)), ki(b, n, 1 << 25));
  MlirValue high = tbSelect(b, small, n, tbAnd(b, n, ki(b, n, ~255)));
  MlirValue y = tbConvertOp(b, "arith.sitofp", high, type);
  MlirValue yl = tbConvertOp(b, "arith.sitofp", tbSub(b, n, high), type);
  MlirValue ax = tbUnary(b, "math.absf", x);
  MlirValue p = powOf(b, ax, y, yl);
  MlirValue odd = tbCmpI(b, "ne", tbAnd(b, n, ki(b, n, 1)), ki(b, n, 0));
  MlirValue flip = tbAnd(b, odd, tbCmpF(b, "olt", x, kf(b, x, 0.0)));
  p = tbSelect(b, flip, tbUnary(b, "arith.negf", p), p);
  MlirValue served = tbAnd(b, tbCmpF(b, "one", x, kf(b, x, 0.0)),
                           tbCmpF(b, "olt", ax, kf(b, x, INFINITY)));
  return tbSelect(b, served, p, tileMathFPowIOf(b, x, n));
}
