/* tile-vulkan-math: the math ops that MLIR 22's SPIR-V conversion does not
 * lower but GLSL.std.450 or SPIR-V has an instruction for become that
 * instruction: exp2 (Exp2), ctpop (BitCount) and cttz (FindILsb). They
 * failed with "failed to legalize operation". (Atan2 and Trunc exist too,
 * but MLIR 22's serialiser does not write them: tile-math-expand lowers
 * those two.) Vulkan takes the integer instructions on 32-bit integers
 * only: narrower ones are widened, i64 is counted in two halves. The
 * conversion lowers ctlz and absi of 32-bit integers only (it failed to
 * legalize them, or the casts it made, for i8, i16 and i64): ctlz of other
 * widths is counted on 32-bit parts the same way, and absi of them is
 * tile-math-expand's formula (a select of x and 0 - x). A math op
 * on f64 is reported: the SPIR-V conversion lowers none (it failed with
 * "failed to legalize operation"). An f16 fma, which
 * math-extend-to-supported-types leaves alone, is computed in f32: the
 * conversion of f16 math left casts that nothing removed. arith.remsi is
 * x - (x / y) * y: the conversion computed it from absolute values and
 * gave the wrong sign where x is the most negative value (2 for
 * -2147483648 rem 3). arith.remf is tile-math-expand's exact formula
 * (Vulkan's remainder is x - y * trunc(x / y)), and arith.cmpf false and
 * true are constants (the conversion failed to legalize them). tanh,
 * sinh, cosh, asinh and atanh of f32 are formulas of expm1 and log1p
 * (below); atan and asin of f32 are x itself below 2^-12, where that is
 * exact to f32 precision, and acosh log(2x) above 2^12.
 * vector.reduction is a chain of arith ops over its lanes: the conversion
 * took minimumf and maximumf for GLSL's FMin and FMax, which need not
 * propagate NaN (lavapipe's did not), and failed to legalize and, or and
 * xor. */
#include "ir/builder_gpu.h"
#include "ir/builder_vector.h"
#include "ir/ir.h"
#include "passes/math_formulas.h"
#include "passes/pass.h"
#include "support/count.h"

#include "mlir-c/Dialect/SPIRV.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

typedef enum { FloatShort, Integer } Operands;

typedef struct {
  const char *op, *instruction;
  Operands operands;
} Rule;

static const Rule rules[] = {
    {"math.exp2", "spirv.GL.Exp2", FloatShort},
    {"math.ctpop", "spirv.BitCount", Integer},
    {"math.cttz", "spirv.GL.FindILsb", Integer},
};

static const Rule *ruleFor(MlirOperation op) {
  for (size_t i = 0; i < TILE_COUNT(rules); ++i)
    if (tileOpIs(op, rules[i].op))
      return &rules[i];
  return NULL;
}

/* Whether the instruction takes op's operand type; otherwise says why. */
static bool takes(MlirOperation op, const Rule *rule) {
  MlirType type = mlirValueGetType(mlirOperationGetOperand(op, 0));
  MlirType element = tbScalarOf(type);
  if (mlirTypeIsAVector(type) && (mlirShapedTypeGetRank(type) != 1 ||
                                  mlirShapedTypeGetDimSize(type, 0) > 4)) {
    tileEmitOpError(op, "on a vector other than 2 to 4 lanes has no lowering "
                        "on the vulkan target");
    return false;
  }
  unsigned width = rule->operands == Integer ? mlirIntegerTypeGetWidth(element)
                                             : mlirFloatTypeGetWidth(element);
  if (rule->operands == FloatShort && width > 32) {
    tileEmitOpError(op, "on f64 has no lowering on the vulkan target: "
                        "GLSL.std.450's instruction takes 16- and 32-bit "
                        "floats");
    return false;
  }
  if (rule->operands == Integer && width > 64) {
    tileEmitOpError(op, "on integers wider than 64 bits has no lowering on "
                        "the vulkan target");
    return false;
  }
  return true;
}

static MlirValue instruction(TileBuilder *b, const char *name, intptr_t n,
                             MlirValue *operands) {
  MlirType type = mlirValueGetType(operands[0]);
  return tbResult(tbCreate(b, name, n, operands, 1, &type, 0, NULL));
}

/* ctpop or cttz of a 32-bit `x`; cttz of 0 is 32 (FindILsb gives -1). */
static MlirValue count32(TileBuilder *b, const Rule *rule, MlirValue x) {
  MlirValue r = instruction(b, rule->instruction, 1, &x);
  if (!tileOpIs(mlirOpResultGetOwner(r), "spirv.GL.FindILsb"))
    return r;
  MlirValue zero = tbSplatInt(b, x, tbI32(b), 0);
  return tbSelect(b, tbCmpI(b, "eq", x, zero), tbSplatInt(b, x, tbI32(b), 32),
                  r);
}

/* The low and high 32-bit halves of an i64 `x`. */
static void halves(TileBuilder *b, MlirValue x, MlirValue *lo, MlirValue *hi) {
  MlirType i32 = tbShapedLike(mlirValueGetType(x), tbI32(b));
  *lo = tbConvertOp(b, "arith.trunci", x, i32);
  *hi = tbConvertOp(
      b, "arith.trunci",
      tbBinary(b, "arith.shrui", x,
               tbSplatInt(b, x, tbScalarOf(mlirValueGetType(x)), 32)),
      i32);
}

/* The count of an i64 `x` from its two 32-bit halves. */
static MlirValue count64(TileBuilder *b, const Rule *rule, MlirValue x) {
  MlirValue lo, hi;
  halves(b, x, &lo, &hi);
  MlirValue low = count32(b, rule, lo), high = count32(b, rule, hi);
  MlirValue sum;
  if (tileOpIs(mlirOpResultGetOwner(low), "spirv.BitCount")) {
    sum = tbAdd(b, low, high);
  } else {
    MlirValue loZero = tbCmpI(b, "eq", lo, tbSplatInt(b, lo, tbI32(b), 0));
    sum = tbSelect(b, loZero, tbAdd(b, high, tbSplatInt(b, lo, tbI32(b), 32)),
                   low);
  }
  return tbConvertOp(b, "arith.extui", sum, mlirValueGetType(x));
}

/* The count of an integer of any width up to 64 bits: narrower ones are
 * zero-extended, where cttz of 0 (32) is cut to their width. */
static MlirValue count(TileBuilder *b, const Rule *rule, MlirValue x) {
  MlirType type = mlirValueGetType(x);
  unsigned width = mlirIntegerTypeGetWidth(tbScalarOf(type));
  if (width == 32)
    return count32(b, rule, x);
  if (width == 64)
    return count64(b, rule, x);
  MlirValue wide =
      tbConvertOp(b, "arith.extui", x, tbShapedLike(type, tbI32(b)));
  MlirValue c = count32(b, rule, wide);
  return tbConvertOp(b, "arith.trunci",
                     tbMinU(b, c, tbSplatInt(b, c, tbI32(b), width)), type);
}

/* Whether `op` is a math op with an f64 operand or result. */
static bool isF64Math(MlirOperation op) {
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
  if (name.length < 5 || strncmp(name.data, "math.", 5) != 0)
    return false;
  intptr_t n = mlirOperationGetNumOperands(op);
  for (intptr_t i = 0; i < n; ++i)
    if (mlirTypeIsAF64(
            tbScalarOf(mlirValueGetType(mlirOperationGetOperand(op, i)))))
      return true;
  n = mlirOperationGetNumResults(op);
  for (intptr_t i = 0; i < n; ++i)
    if (mlirTypeIsAF64(
            tbScalarOf(mlirValueGetType(mlirOperationGetResult(op, i)))))
      return true;
  return false;
}

/* Whether `op` is ctlz or absi of integers of another width than 32 bits
 * (vectors of them too), which the conversion does not lower. */
static bool isOtherWidthInteger(MlirOperation op) {
  if (!tileOpIs(op, "math.ctlz") && !tileOpIs(op, "math.absi"))
    return false;
  MlirType element =
      tbScalarOf(mlirValueGetType(mlirOperationGetResult(op, 0)));
  return mlirTypeIsAInteger(element) && mlirIntegerTypeGetWidth(element) != 32;
}

/* ctlz of a 32-bit `x`, lowered by the conversion. */
static MlirValue ctlz32(TileBuilder *b, MlirValue x) {
  MlirType type = mlirValueGetType(x);
  return tbResult(tbCreate(b, "math.ctlz", 1, &x, 1, &type, 0, NULL));
}

/* ctlz of an integer of up to 64 bits other than 32: a narrower one
 * zero-extended (its count less the bits added), an i64 as two halves. */
static MlirValue ctlzOther(TileBuilder *b, MlirValue x) {
  MlirType type = mlirValueGetType(x);
  MlirType i32 = tbShapedLike(type, tbI32(b));
  unsigned width = mlirIntegerTypeGetWidth(tbScalarOf(type));
  if (width < 32) {
    MlirValue c = ctlz32(b, tbConvertOp(b, "arith.extui", x, i32));
    c = tbSub(b, c, tbSplatInt(b, c, tbI32(b), 32 - (int64_t)width));
    return tbConvertOp(b, "arith.trunci", c, type);
  }
  MlirValue lo, hi;
  halves(b, x, &lo, &hi);
  MlirValue hiZero = tbCmpI(b, "eq", hi, tbSplatInt(b, hi, tbI32(b), 0));
  MlirValue r = tbSelect(
      b, hiZero, tbAdd(b, ctlz32(b, lo), tbSplatInt(b, lo, tbI32(b), 32)),
      ctlz32(b, hi));
  return tbConvertOp(b, "arith.extui", r, type);
}

static bool isHalfFma(MlirOperation op) {
  return tileOpIs(op, "math.fma") && mlirTypeIsAF16(tbScalarOf(mlirValueGetType(
                                         mlirOperationGetResult(op, 0))));
}

/* fma(x, y, z) of f16 values, in f32: x * y is exact there. */
static MlirValue halfFma(TileBuilder *b, MlirOperation op) {
  MlirType type = mlirValueGetType(mlirOperationGetResult(op, 0));
  MlirType f32 = tbShapedLike(type, tbF32(b));
  MlirValue wide[3];
  for (intptr_t i = 0; i < 3; ++i)
    wide[i] = tbConvertOp(b, "arith.extf", mlirOperationGetOperand(op, i), f32);
  MlirValue r = tbResult(tbCreate(b, "math.fma", 3, wide, 1, &f32, 0, NULL));
  return tbConvertOp(b, "arith.truncf", r, type);
}

typedef struct {
  TileOpList *list;
  unsigned errors;
} Collect;

/* Whether op makes a tensor (no kernel's value: left alone). */
static bool makesTensor(MlirOperation op) {
  return mlirOperationGetNumResults(op) > 0 &&
         mlirTypeIsATensor(mlirValueGetType(mlirOperationGetResult(op, 0)));
}

/* fmod, exactly; of f16 values in f32 (the math ops of the formula would
 * stay f16, which the conversion does not take), where it is exact too. */
static MlirValue floatRemainder(TileBuilder *b, MlirOperation op) {
  MlirValue x = mlirOperationGetOperand(op, 0);
  MlirValue y = mlirOperationGetOperand(op, 1);
  MlirType type = mlirValueGetType(x);
  if (!mlirTypeIsAF16(tbScalarOf(type)))
    return tileMathRemainder(b, x, y);
  MlirType f32 = tbShapedLike(type, tbF32(b));
  MlirValue r = tileMathRemainder(b, tbConvertOp(b, "arith.extf", x, f32),
                                  tbConvertOp(b, "arith.extf", y, f32));
  return tbConvertOp(b, "arith.truncf", r, type);
}

/* atan, asin and acos of f32 as polynomials after argument reduction
 * (Cephes' single-precision forms, within 2 ulp with exact arithmetic):
 * lavapipe's were off by up to 344, 3620 and 1310 ulp (Vulkan allows atan
 * 4096), gave +0 for -0 and 0 for atan(NaN).
 *   atan |x|: t = |x| below tan(pi/8), pi/4 + atan((|x| - 1) / (|x| + 1))
 *     below tan(3pi/8), pi/2 + atan(-1 / |x|) above; atan t = t + t z P(z),
 *     z = t^2.
 *   asin |x|: s + s z Q(z), with s = |x|, z = x^2 up to 0.5, and above
 *     pi/2 - 2 (s + s z Q(z)) with z = (1 - |x|) / 2, s = sqrt(z).
 *   acos x: pi/2 - asin x up to |x| = 0.5; above 2 (s + s z Q(z)) with z
 *     and s as for asin, and pi minus that for negative x.
 * NaN stays NaN; |x| > 1 gives NaN for asin and acos. */
static bool isInverseTrig(MlirOperation op) {
  if (!tileOpIs(op, "math.atan") && !tileOpIs(op, "math.asin") &&
      !tileOpIs(op, "math.acos"))
    return false;
  return mlirTypeIsAF32(
      tbScalarOf(mlirValueGetType(mlirOperationGetOperand(op, 0))));
}

static MlirValue splat(TileBuilder *b, MlirValue like, double v) {
  return tbSplat(b, like, tbScalarOf(mlirValueGetType(like)), v);
}

static MlirValue fmul(TileBuilder *b, MlirValue x, MlirValue y) {
  return tbBinary(b, "arith.mulf", x, y);
}

static MlirValue fadd(TileBuilder *b, MlirValue x, MlirValue y) {
  return tbBinary(b, "arith.addf", x, y);
}

/* c[0] + z (c[1] + z (c[2] + ...)). */
static MlirValue polynomial(TileBuilder *b, MlirValue z, const double *c,
                            int n) {
  MlirValue acc = splat(b, z, c[n - 1]);
  for (int i = n - 2; i >= 0; --i)
    acc = fadd(b, fmul(b, acc, z), splat(b, z, c[i]));
  return acc;
}

/* s + s z Q(z): asin of s where z = s^2. */
static MlirValue asinCore(TileBuilder *b, MlirValue z, MlirValue s) {
  static const double q[] = {1.6666752422e-1, 7.4953002686e-2, 4.5470025998e-2,
                             2.4181311049e-2, 4.2163199048e-2};
  return fadd(b, fmul(b, fmul(b, polynomial(b, z, q, 5), z), s), s);
}

static void inverseTrig(MlirOperation op) {
  static const double pi = 3.14159265358979323846;
  TileBuilder b = tbBefore(op);
  MlirValue x = mlirOperationGetOperand(op, 0);
  MlirValue a = tbUnary(&b, "math.absf", x);
  MlirValue one = splat(&b, x, 1.0), half = splat(&b, x, 0.5);
  MlirValue r;
  if (tileOpIs(op, "math.atan")) {
    static const double p[] = {-3.33329491539e-1, 1.99777106478e-1,
                               -1.38776856032e-1, 8.05374449538e-2};
    MlirValue big = tbCmpF(&b, "ogt", a, splat(&b, x, 2.414213562373095));
    MlirValue mid = tbCmpF(&b, "ogt", a, splat(&b, x, 0.4142135623730950));
    MlirValue t = tbSelect(
        &b, big, tbBinary(&b, "arith.divf", splat(&b, x, -1.0), a),
        tbSelect(&b, mid,
                 tbBinary(&b, "arith.divf", tbBinary(&b, "arith.subf", a, one),
                          fadd(&b, a, one)),
                 a));
    MlirValue base =
        tbSelect(&b, big, splat(&b, x, pi / 2),
                 tbSelect(&b, mid, splat(&b, x, pi / 4), splat(&b, x, 0.0)));
    MlirValue z = fmul(&b, t, t);
    MlirValue core =
        fadd(&b, fmul(&b, fmul(&b, polynomial(&b, z, p, 4), z), t), t);
    r = tbBinary(&b, "math.copysign", fadd(&b, base, core), x);
  } else {
    MlirValue z = fmul(&b, half, tbBinary(&b, "arith.subf", one, a));
    MlirValue s = tbUnary(&b, "math.sqrt", z);
    MlirValue far = asinCore(&b, z, s); /* asin(sqrt((1 - |x|) / 2)) */
    MlirValue near = asinCore(&b, fmul(&b, x, x), x); /* asin x, |x| <= 0.5 */
    MlirValue large = tbCmpF(&b, "ogt", a, half);
    MlirValue halfPi = splat(&b, x, pi / 2);
    if (tileOpIs(op, "math.asin")) {
      MlirValue outer = tbBinary(&b, "arith.subf", halfPi, fadd(&b, far, far));
      r = tbSelect(&b, large, tbBinary(&b, "math.copysign", outer, x), near);
    } else {
      MlirValue twice = fadd(&b, far, far);
      MlirValue outer =
          tbSelect(&b, tbCmpF(&b, "olt", x, splat(&b, x, 0.0)),
                   tbBinary(&b, "arith.subf", splat(&b, x, pi), twice), twice);
      r = tbSelect(&b, large, outer, tbBinary(&b, "arith.subf", halfPi, near));
    }
    r = tbSelect(&b, tbCmpF(&b, "ogt", a, one), splat(&b, x, NAN), r);
  }
  tbReplaceOp(op, r);
}

/* acosh of f32 above 2^12 is log(2x) (the next term, 1 / (4 x^2), is
 * below f32 precision there): lavapipe's squared x and gave inf for
 * 3.4e38 (asinh's large arguments are hyperbolic()'s). acosh below 1 is
 * NaN (lavapipe's gave inf for -3.4e38). */
static bool isLargeArgumentLog(MlirOperation op) {
  return tileOpIs(op, "math.acosh") &&
         mlirTypeIsAF32(
             tbScalarOf(mlirValueGetType(mlirOperationGetOperand(op, 0))));
}

static void largeArgument(MlirOperation op) {
  TileBuilder b = tbAfter(op);
  MlirValue x = mlirOperationGetOperand(op, 0);
  MlirValue fx = mlirOperationGetResult(op, 0);
  MlirType element = tbScalarOf(mlirValueGetType(x));
  MlirValue ax = tbUnary(&b, "math.absf", x);
  MlirValue log2x = tbBinary(&b, "arith.addf", tbUnary(&b, "math.log", ax),
                             tbSplat(&b, x, element, 0.6931471805599453));
  MlirValue signed_ = tbBinary(&b, "math.copysign", log2x, x);
  MlirValue large = tbCmpF(&b, "ogt", tileOpIs(op, "math.asinh") ? ax : x,
                           tbSplat(&b, x, element, 4096.0));
  MlirValue r = tbSelect(&b, large, signed_, fx);
  MlirOperation first = mlirOpResultGetOwner(r);
  if (tileOpIs(op, "math.acosh"))
    r = tbSelect(&b, tbCmpF(&b, "olt", x, tbSplat(&b, x, element, 1.0)),
                 tbSplat(&b, x, element, NAN), r);
  mlirValueReplaceAllUsesExcept(fx, r, 1, &first);
}

/* tanh, sinh, asinh and atanh of f32 from expm1 and log1p (accurate to a
 * few ulp near zero, where GLSL's formulas cancel: lavapipe's tanh, sinh,
 * asinh and atanh were off by up to 2500 ulp around 0.001 to 0.01), with
 * x's sign, so that -0 stays -0:
 *   tanh |x| = -t / (t + 2), t = expm1(-2|x|);
 *   sinh |x| = (e + e / (e + 1)) / 2, e = expm1(|x|), below 1, and
 *     h h / 2 - 1 / (2 h h), h = exp(|x| / 2), above (lavapipe's gave inf
 *     from 89 on, where sinh is 2.2e38); cosh |x| likewise h h / 2 +
 *     1 / (2 h h) (it has no sign);
 *   asinh |x| = log1p(|x| + x^2 / (1 + sqrt(1 + x^2))), log(2|x|) above
 *     2^12 (where x^2 would overflow further on);
 *   atanh |x| = log1p(2|x| / (1 - |x|)) / 2 (NaN above 1). */
static bool isHyperbolic(MlirOperation op) {
  if (!tileOpIs(op, "math.tanh") && !tileOpIs(op, "math.sinh") &&
      !tileOpIs(op, "math.cosh") && !tileOpIs(op, "math.asinh") &&
      !tileOpIs(op, "math.atanh"))
    return false;
  return mlirTypeIsAF32(
      tbScalarOf(mlirValueGetType(mlirOperationGetOperand(op, 0))));
}

static void hyperbolic(MlirOperation op) {
  TileBuilder b = tbBefore(op);
  MlirValue x = mlirOperationGetOperand(op, 0);
  MlirType element = tbScalarOf(mlirValueGetType(x));
  MlirValue a = tbUnary(&b, "math.absf", x);
  MlirValue one = tbSplat(&b, x, element, 1.0);
  MlirValue half = tbSplat(&b, x, element, 0.5);
  MlirValue magnitude;
  if (tileOpIs(op, "math.tanh")) {
    MlirValue t = tileMathExpM1Of(
        &b, tbBinary(&b, "arith.mulf", a, tbSplat(&b, x, element, -2.0)));
    magnitude =
        tbBinary(&b, "arith.divf", tbUnary(&b, "arith.negf", t),
                 tbBinary(&b, "arith.addf", t, tbSplat(&b, x, element, 2.0)));
  } else if (tileOpIs(op, "math.sinh") || tileOpIs(op, "math.cosh")) {
    MlirValue h = tbUnary(&b, "math.exp", tbBinary(&b, "arith.mulf", a, half));
    MlirValue hh =
        tbBinary(&b, "arith.mulf", tbBinary(&b, "arith.mulf", half, h), h);
    MlirValue tail =
        tbBinary(&b, "arith.divf", half, tbBinary(&b, "arith.mulf", h, h));
    if (tileOpIs(op, "math.cosh")) {
      tbReplaceOp(op, tbBinary(&b, "arith.addf", hh, tail));
      return;
    }
    MlirValue e = tileMathExpM1Of(&b, a);
    MlirValue small =
        tbBinary(&b, "arith.mulf", half,
                 tbBinary(&b, "arith.addf", e,
                          tbBinary(&b, "arith.divf", e,
                                   tbBinary(&b, "arith.addf", e, one))));
    magnitude = tbSelect(&b, tbCmpF(&b, "olt", a, one), small,
                         tbBinary(&b, "arith.subf", hh, tail));
  } else if (tileOpIs(op, "math.asinh")) {
    MlirValue a2 = tbBinary(&b, "arith.mulf", a, a);
    MlirValue root =
        tbUnary(&b, "math.sqrt", tbBinary(&b, "arith.addf", one, a2));
    MlirValue small = tileMathLog1pOf(
        &b, tbBinary(&b, "arith.addf", a,
                     tbBinary(&b, "arith.divf", a2,
                              tbBinary(&b, "arith.addf", one, root))));
    MlirValue large = tbBinary(&b, "arith.addf", tbUnary(&b, "math.log", a),
                               tbSplat(&b, x, element, 0.6931471805599453));
    magnitude =
        tbSelect(&b, tbCmpF(&b, "ogt", a, tbSplat(&b, x, element, 4096.0)),
                 large, small);
  } else {
    MlirValue ratio =
        tbBinary(&b, "arith.divf", tbBinary(&b, "arith.addf", a, a),
                 tbBinary(&b, "arith.subf", one, a));
    magnitude = tbBinary(&b, "arith.mulf", half, tileMathLog1pOf(&b, ratio));
  }
  tbReplaceOp(op, tbBinary(&b, "math.copysign", magnitude, x));
}

/* The arith op that combines two lanes of a vector.reduction of one
 * dimension and at most 4 lanes, or NULL. */
static const char *reductionOp(MlirOperation op) {
  if (!tileOpIs(op, "vector.reduction"))
    return NULL;
  MlirType type = mlirValueGetType(mlirOperationGetOperand(op, 0));
  if (mlirShapedTypeGetRank(type) != 1 || mlirShapedTypeIsDynamicDim(type, 0) ||
      mlirShapedTypeGetDimSize(type, 0) > 4)
    return NULL;
  return tileCombiningOp(tileCombiningKind(op, "kind", "#vector.kind<%s>"),
                         mlirTypeIsAFloat(tbScalarOf(type)));
}

/* vector.reduction as a chain over its lanes, in order, after the
 * accumulator: the SPIR-V conversion took minimumf and maximumf for GLSL's
 * FMin and FMax, which need not return NaN (lavapipe's gave -inf for the
 * minimum of inf, -inf, NaN and -0), and failed to legalize and, or and
 * xor. */
static MlirValue reductionChain(TileBuilder *b, MlirOperation op,
                                const char *combine) {
  MlirValue vector = mlirOperationGetOperand(op, 0);
  int64_t lanes = mlirShapedTypeGetDimSize(mlirValueGetType(vector), 0);
  MlirValue r = mlirOperationGetNumOperands(op) > 1
                    ? mlirOperationGetOperand(op, 1)
                    : (MlirValue){NULL};
  bool maximum = strcmp(combine, "arith.maximumf") == 0;
  bool extremum = maximum || strcmp(combine, "arith.minimumf") == 0;
  for (int64_t k = 0; k < lanes; ++k) {
    MlirValue lane = tbVExtract(b, vector, k);
    if (!r.ptr) {
      r = lane;
      continue;
    }
    r = tbBinary(b, combine, r, lane);
    if (extremum) {
      /* tile-math-expand's formula, which has run already: arith-expand,
       * which runs next, would give -0 for the maximum of +0 and -0. */
      MlirOperation op = mlirOpResultGetOwner(r);
      (maximum ? tileMathMaximumF : tileMathMinimumF)(b, op, &r);
      mlirOperationDestroy(op);
    }
  }
  return r;
}

/* arith.cmpf false or true (predicates 0 and 15). */
static bool isConstantCompare(MlirOperation op) {
  if (!tileOpIs(op, "arith.cmpf"))
    return false;
  int64_t predicate = tileGetIntAttr(op, "predicate", -1);
  return predicate == 0 || predicate == 15;
}

/* x rem y (signed) as x - (x / y) * y, exact wherever remsi is defined. */
static MlirValue signedRemainder(TileBuilder *b, MlirOperation op) {
  MlirValue x = mlirOperationGetOperand(op, 0);
  MlirValue y = mlirOperationGetOperand(op, 1);
  return tbSub(b, x, tbMul(b, tbBinary(b, "arith.divsi", x, y), y));
}

static MlirWalkResult collect(MlirOperation op, void *userData) {
  Collect *c = userData;
  if (makesTensor(op)) {
    return MlirWalkResultAdvance;
  } else if (isF64Math(op)) {
    tileEmitOpError(op, "on f64 has no lowering on the vulkan target: MLIR's "
                        "SPIR-V conversion lowers math ops on 16- and 32-bit "
                        "floats only");
    ++c->errors;
  } else if (isHyperbolic(op) || isInverseTrig(op) || isLargeArgumentLog(op) ||
             ruleFor(op) || isHalfFma(op) || isOtherWidthInteger(op) ||
             tileOpIs(op, "arith.remsi") || tileOpIs(op, "arith.remf") ||
             isConstantCompare(op) || reductionOp(op)) {
    tileOpListAppend(c->list, op);
  }
  return MlirWalkResultAdvance;
}

static void run(MlirOperation root, MlirExternalPass pass,
                const TileOptionValue *options) {
  (void)options;
  TileOpList list = {0};
  Collect c = {&list, 0};
  mlirOperationWalk(root, collect, &c, MlirWalkPostOrder);
  unsigned errors = c.errors;
  for (size_t i = 0; i < list.count; ++i) {
    MlirOperation op = list.ops[i];
    const Rule *rule = ruleFor(op);
    if (isHyperbolic(op)) {
      hyperbolic(op);
      continue;
    }
    if (isInverseTrig(op)) {
      inverseTrig(op);
      continue;
    }
    if (isLargeArgumentLog(op)) {
      largeArgument(op);
      continue;
    }
    if (tileOpIs(op, "arith.remsi") || tileOpIs(op, "arith.remf") ||
        isConstantCompare(op) || tileOpIs(op, "vector.reduction")) {
      TileBuilder b = tbBefore(op);
      MlirValue r;
      if (tileOpIs(op, "vector.reduction"))
        r = reductionChain(&b, op, reductionOp(op));
      else if (tileOpIs(op, "arith.remsi"))
        r = signedRemainder(&b, op);
      else if (tileOpIs(op, "arith.remf"))
        r = floatRemainder(&b, op);
      else
        r = tbSplatInt(&b, mlirOperationGetResult(op, 0), tbI1(&b),
                       tileGetIntAttr(op, "predicate", 0) == 15);
      tbReplaceOp(op, r);
      continue;
    }
    if (isOtherWidthInteger(op)) {
      MlirValue x = mlirOperationGetOperand(op, 0);
      unsigned width = mlirIntegerTypeGetWidth(tbScalarOf(mlirValueGetType(x)));
      bool ctlz = tileOpIs(op, "math.ctlz");
      if (width > 64) {
        tileEmitOpError(op, "on integers wider than 64 bits has no lowering "
                            "on the vulkan target");
        ++errors;
        continue;
      }
      TileBuilder b = tbBefore(op);
      MlirValue r;
      if (ctlz)
        r = ctlzOther(&b, x);
      else
        tileMathAbsI(&b, op, &r);
      tbReplaceOp(op, r);
      continue;
    }
    if (!rule) {
      TileBuilder b = tbBefore(op);
      tbReplaceOp(op, halfFma(&b, op));
      continue;
    }
    if (!takes(op, rule)) {
      ++errors;
      continue;
    }
    TileBuilder b = tbBefore(op);
    MlirValue operands[2];
    intptr_t n = mlirOperationGetNumOperands(op);
    for (intptr_t j = 0; j < n && j < 2; ++j)
      operands[j] = mlirOperationGetOperand(op, j);
    MlirValue r = rule->operands == Integer
                      ? count(&b, rule, operands[0])
                      : instruction(&b, rule->instruction, n, operands);
    tbReplaceOp(op, r);
  }
  tileOpListFree(&list);
  if (errors)
    mlirExternalPassSignalFailure(pass);
}

static const TileDialectHandleGetter dialects[] = {
    mlirGetDialectHandle__spirv__,
};

const TilePassDescriptor tileVulkanMathPass = {
    .argument = "tile-vulkan-math",
    .name = "TileVulkanMath",
    .summary = "Lower exp2, ctpop and cttz to GLSL.std.450 and SPIR-V "
               "instructions, ctlz and absi of other integers than i32 "
               "to i32 ones and arith (MLIR's SPIR-V conversion does not), "
               "remsi to divsi (the conversion's had the wrong sign for "
               "the most negative dividend), remf to an exact loop, "
               "cmpf false and true to constants, and vector.reduction to "
               "a chain of arith ops over its lanes",
    .anchor = "",
    .dependentDialects = dialects,
    .numDependentDialects = TILE_COUNT(dialects),
    .run = run,
};
