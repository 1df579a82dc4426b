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
 * on f64 that GLSL.std.450 has no 64-bit form of is reported
 * (tileGpuVulkanLacksF64Math: tile-gpu-check-device-ops reports those of
 * the input, this those that complex ops became). An f16 fma, which
 * math-extend-to-supported-types leaves alone, is computed in f32: the
 * conversion of f16 math left casts that nothing removed. arith.remsi is
 * x - (x / y) * y: the conversion computed it from absolute values and
 * gave the wrong sign where x is the most negative value (2 for
 * -2147483648 rem 3). arith.remf is tile-math-expand's exact formula
 * (Vulkan's remainder is x - y * trunc(x / y)), and arith.cmpf false and
 * true are constants (the conversion failed to legalize them). tanh,
 * sinh, cosh, asinh, atanh, atan, asin and acos of f32 are the formulas
 * of math_formulas.c, acosh of f32 too (log1p's near 1, log(2x) above
 * 2^12), and log, log2 and log10 of f32 near 1 are log1p's series.
 * sin, cos and tan of f32, f16 and bf16 take GLSL's functions of an
 * argument reduced exactly to [-pi/4, pi/4] (tileMathTrig): GLSL's are
 * defined on [-pi, pi] only.
 * vector.reduction is a chain of arith ops over its lanes: the conversion
 * took minimumf and maximumf for GLSL's FMin and FMax, which need not
 * propagate NaN (lavapipe's did not), and failed to legalize and, or and
 * xor. An arith.select of complex values (complex.sign's formula) selects
 * their real and imaginary parts; one of vectors by a scalar condition
 * takes the condition broadcast to every lane (OpSelect wants a condition
 * of the vectors' shape before SPIR-V 1.4). */
#include "gpu/device_ops.h"
#include "ir/builder_gpu.h"
#include "ir/builder_vector.h"
#include "ir/ir.h"
#include "passes/math_formulas.h"
#include "passes/pass.h"
#include "support/count.h"
#include "vulkan/vulkan.h"

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

/* v of f16 (or f32) as f32, for ops that GLSL and the formulas take on
 * f32; and a result back in `type`. */
static MlirValue inF32(TileBuilder *b, MlirValue v) {
  MlirType type = mlirValueGetType(v);
  if (mlirTypeIsAF32(tbScalarOf(type)))
    return v;
  return tbConvertOp(b, "arith.extf", v, tbShapedLike(type, tbF32(b)));
}
static MlirValue backTo(TileBuilder *b, MlirValue v, MlirType type) {
  if (mlirTypeEqual(mlirValueGetType(v), type))
    return v;
  return tbConvertOp(b, "arith.truncf", v, type);
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
    wide[i] = inF32(b, mlirOperationGetOperand(op, i));
  MlirValue r = tbResult(tbCreate(b, "math.fma", 3, wide, 1, &f32, 0, NULL));
  return backTo(b, r, type);
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
  return backTo(b, tileMathRemainder(b, inF32(b, x), inF32(b, y)), type);
}

/* tanh, sinh, cosh, asinh, atanh, acosh, atan, asin and acos of f32 are
 * the formulas of math_formulas.c (tileMathHyperbolic, tileMathAcosh,
 * tileMathInverseTrig): lavapipe's GLSL ones were off by up to 3620 ulp,
 * and gave inf for acosh(3.4e38) and acosh(-3.4e38). Here rather than in
 * tile-math-expand's list, so that the atan that its atan2 makes is taken
 * too. */
static TileMathFormula accurateFormula(MlirOperation op) {
  static const char *const hyperbolic[] = {
      "math.tanh", "math.sinh", "math.cosh", "math.asinh", "math.atanh"};
  static const char *const inverseTrig[] = {"math.atan", "math.asin",
                                            "math.acos"};
  TileMathFormula formula = NULL;
  for (size_t i = 0; i < TILE_COUNT(hyperbolic); ++i)
    if (tileOpIs(op, hyperbolic[i]))
      formula = tileMathHyperbolic;
  for (size_t i = 0; i < TILE_COUNT(inverseTrig); ++i)
    if (tileOpIs(op, inverseTrig[i]))
      formula = tileMathInverseTrig;
  if (tileOpIs(op, "math.acosh"))
    formula = tileMathAcosh;
  bool trig = tileMathIsTrig(op);
  if (!formula && !trig)
    return NULL;
  MlirType element =
      tbScalarOf(mlirValueGetType(mlirOperationGetOperand(op, 0)));
  if (trig)
    return mlirTypeIsAF32(element) || mlirTypeIsAF16(element) ||
                   mlirTypeIsABF16(element)
               ? tileMathTrig
               : NULL;
  return mlirTypeIsAF32(element) ? formula : NULL;
}

/* log, log2 and log10 of f32 between 0.5 and 2 are log1p's series of x - 1
 * (tileMathLogNearOne), scaled for log2 and log10: GLSL's logarithms are
 * accurate to an absolute error of 2^-21 there (Vulkan's precision rules),
 * and lavapipe's lost up to 13% of log(0.9999999) and 1.1e7 ulp of log10
 * within 0.001 of 1. The op itself stays for the other values. */
static double nearOneScale(MlirOperation op) {
  double scale = tileOpIs(op, "math.log")     ? 1
                 : tileOpIs(op, "math.log2")  ? 1.4426950408889634 /* 1/ln 2 */
                 : tileOpIs(op, "math.log10") ? 0.4342944819032518 /* 1/ln 10 */
                                              : 0;
  bool f32 = scale != 0 && mlirTypeIsAF32(tbScalarOf(mlirValueGetType(
                               mlirOperationGetOperand(op, 0))));
  return f32 ? scale : 0;
}

static void logNearOne(MlirOperation op, double scale) {
  TileBuilder b = tbAfter(op);
  MlirValue fx = mlirOperationGetResult(op, 0);
  MlirValue r =
      tileMathLogNearOne(&b, mlirOperationGetOperand(op, 0), scale, fx);
  MlirOperation select = mlirOpResultGetOwner(r);
  mlirValueReplaceAllUsesExcept(fx, r, 1, &select);
}

/* powf of f32 (f16 in f32) is tileVulkanPowNear where x > 0 and both operands
 * are finite, which is what tile-math-expand's formula leaves to it
 * (pow(|x|, y) under C's special cases): GLSL's pow is exp2(y log2 x) at
 * f32 precision, so its error grows with |y log2 x| (lavapipe's
 * pow(0.9999999, 1e7) was 17% off, and 1 of 8 random pairs more than 16
 * ulp). The op itself stays for the other values. */
static bool isAccuratePow(MlirOperation op) {
  if (!tileOpIs(op, "math.powf"))
    return false;
  MlirType element =
      tbScalarOf(mlirValueGetType(mlirOperationGetResult(op, 0)));
  return mlirTypeIsAF32(element) || mlirTypeIsAF16(element);
}

static void accuratePow(MlirOperation op) {
  TileBuilder b = tbAfter(op);
  MlirValue fx = mlirOperationGetResult(op, 0);
  MlirValue x = inF32(&b, mlirOperationGetOperand(op, 0));
  MlirValue y = inF32(&b, mlirOperationGetOperand(op, 1));
  MlirValue elsewhere = inF32(&b, fx);
  MlirValue near = tileVulkanPowNear(&b, x, y, elsewhere);
  /* fx's one use left: f16's extf, or f32's select. */
  MlirOperation keep =
      mlirOpResultGetOwner(mlirValueEqual(elsewhere, fx) ? near : elsewhere);
  mlirValueReplaceAllUsesExcept(fx, backTo(&b, near, mlirValueGetType(fx)), 1,
                                &keep);
}

/* exp of f32 (f16 in f32) without `afn` in its fastmath flags is
 * tileVulkanExp: GLSL's exp is exp2(x log2 e) at f32 precision, whose
 * error grows with |x| (lavapipe's was 64 ulp off near 88, and erfc's
 * formula 132 ulp with it). With `afn`, GLSL's own. */
static bool isAccurateExp(MlirOperation op) {
  if (!tileOpIs(op, "math.exp") || makesTensor(op))
    return false;
  MlirType element =
      tbScalarOf(mlirValueGetType(mlirOperationGetResult(op, 0)));
  if (!mlirTypeIsAF32(element) && !mlirTypeIsAF16(element))
    return false;
  MlirAttribute flags =
      mlirOperationGetAttributeByName(op, tileRef("fastmath"));
  if (mlirAttributeIsNull(flags))
    return true;
  /* #arith.fastmath<none>, <afn>, <nnan,afn>, <fast>: a flag of the list
   * between the brackets. */
  TileStrBuf text = {0};
  tileAppendAttr(&text, flags);
  const char *s = strchr(tileStrBufGet(&text), '<');
  bool approximate = false;
  while (s && *s && *s != '>') {
    ++s;
    size_t n = strcspn(s, ",>");
    approximate |=
        (n == 3 && !strncmp(s, "afn", 3)) || (n == 4 && !strncmp(s, "fast", 4));
    s += n;
  }
  tileStrBufFree(&text);
  return !approximate;
}

static MlirValue accurateExp(TileBuilder *b, MlirOperation op) {
  MlirValue x = mlirOperationGetOperand(op, 0);
  return backTo(b, tileVulkanExp(b, inF32(b, x)), mlirValueGetType(x));
}

/* fpowi of f32 (f16 in f32) by tileVulkanPowI; of f64 squared and
 * multiplied (GLSL's pow takes 32-bit floats only). Squaring x in f32
 * doubles the relative error of what it squares: 1.011^-2803 was 1805 ulp
 * off that way. */
static MlirValue fpowi(TileBuilder *b, MlirOperation op) {
  MlirValue x = mlirOperationGetOperand(op, 0);
  MlirValue n = mlirOperationGetOperand(op, 1);
  MlirType type = mlirValueGetType(x);
  MlirType element = tbScalarOf(type);
  if (!mlirTypeIsAF32(element) && !mlirTypeIsAF16(element))
    return tileMathFPowIOf(b, x, n);
  return backTo(b, tileVulkanPowI(b, inF32(b, x), n), type);
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
    /* maximumf and minimumf by tile-math-expand's formula, which has run
     * already: arith-expand, which runs next, would give -0 for the
     * maximum of +0 and -0. */
    r = extremum ? tileMathExtremumOf(b, r, lane, maximum)
                 : tbBinary(b, combine, r, lane);
  }
  return r;
}

/* arith.select of complex values, which convert-complex-to-standard makes
 * of complex.sign (z where z is 0, else z / |z|). */
static bool isComplexSelect(MlirOperation op) {
  return tileOpIs(op, "arith.select") &&
         mlirTypeIsAComplex(mlirValueGetType(mlirOperationGetResult(op, 0)));
}

/* The parts of a complex `z` (complex.re or complex.im). */
static MlirValue part(TileBuilder *b, const char *name, MlirValue z) {
  MlirType element = mlirComplexTypeGetElementType(mlirValueGetType(z));
  return tbResult(tbCreate(b, name, 1, &z, 1, &element, 0, NULL));
}

/* select(c, x, y) of complex values as the complex value of the selects of
 * their parts, which canonicalize folds into the uses of the parts: the
 * SPIR-V conversion has no complex type ("failed to legalize operation
 * 'complex.create'"). */
static MlirValue complexSelect(TileBuilder *b, MlirOperation op) {
  MlirValue c = mlirOperationGetOperand(op, 0);
  MlirValue x = mlirOperationGetOperand(op, 1);
  MlirValue y = mlirOperationGetOperand(op, 2);
  MlirValue parts[2];
  for (int i = 0; i < 2; ++i) {
    const char *name = i == 0 ? "complex.re" : "complex.im";
    parts[i] = tbSelect(b, c, part(b, name, x), part(b, name, y));
  }
  MlirType type = mlirValueGetType(x);
  return tbResult(tbCreate(b, "complex.create", 2, parts, 1, &type, 0, NULL));
}

/* arith.select of vectors by a scalar condition: SPIR-V's OpSelect takes a
 * condition of the vectors' shape before SPIR-V 1.4 (the conversion failed
 * to legalize it). */
static bool isScalarSelect(MlirOperation op) {
  return tileOpIs(op, "arith.select") &&
         mlirTypeIsAVector(mlirValueGetType(mlirOperationGetResult(op, 0))) &&
         !mlirTypeIsAVector(mlirValueGetType(mlirOperationGetOperand(op, 0)));
}

/* The same select by the condition broadcast to every lane. */
static MlirValue laneSelect(TileBuilder *b, MlirOperation op) {
  MlirType type = mlirValueGetType(mlirOperationGetResult(op, 0));
  MlirValue c = tbVBroadcast(b, tbShapedLike(type, tbI1(b)),
                             mlirOperationGetOperand(op, 0));
  return tbSelect(b, c, mlirOperationGetOperand(op, 1),
                  mlirOperationGetOperand(op, 2));
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
  } else if (tileGpuVulkanLacksF64Math(op)) {
    tileEmitOpError(op, "on f64 has no lowering on the vulkan target: "
                        "GLSL.std.450's exponential, logarithmic and "
                        "trigonometric functions take 16- and 32-bit floats "
                        "only");
    ++c->errors;
  } else if (accurateFormula(op) || nearOneScale(op) != 0 ||
             isAccuratePow(op) || tileOpIs(op, "math.fpowi") || ruleFor(op) ||
             isHalfFma(op) || isOtherWidthInteger(op) ||
             tileOpIs(op, "arith.remsi") || tileOpIs(op, "arith.remf") ||
             isConstantCompare(op) || reductionOp(op) || isComplexSelect(op) ||
             isScalarSelect(op)) {
    tileOpListAppend(c->list, op);
  }
  return MlirWalkResultAdvance;
}

/* The exps that the formulas above made (sinh and cosh take exp of |x| /
 * 2), taken by tileVulkanExp too. */
static MlirWalkResult collectExp(MlirOperation op, void *userData) {
  if (isAccurateExp(op))
    tileOpListAppend(userData, op);
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
    TileMathFormula formula = accurateFormula(op);
    if (formula) {
      TileBuilder b = tbBefore(op);
      MlirValue r;
      formula(&b, op, &r);
      tbReplaceOp(op, r);
      continue;
    }
    double scale = nearOneScale(op);
    if (scale != 0) {
      logNearOne(op, scale);
      continue;
    }
    if (isAccuratePow(op)) {
      accuratePow(op);
      continue;
    }
    if (tileOpIs(op, "math.fpowi")) {
      TileBuilder b = tbBefore(op);
      tbReplaceOp(op, fpowi(&b, op));
      continue;
    }
    if (tileOpIs(op, "arith.remsi") || tileOpIs(op, "arith.remf") ||
        isConstantCompare(op) || tileOpIs(op, "vector.reduction") ||
        isComplexSelect(op) || isScalarSelect(op)) {
      TileBuilder b = tbBefore(op);
      MlirValue r;
      if (isComplexSelect(op))
        r = complexSelect(&b, op);
      else if (isScalarSelect(op))
        r = laneSelect(&b, op);
      else if (tileOpIs(op, "vector.reduction"))
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
  TileOpList exps = {0};
  mlirOperationWalk(root, collectExp, &exps, MlirWalkPostOrder);
  for (size_t i = 0; i < exps.count; ++i) {
    TileBuilder b = tbBefore(exps.ops[i]);
    tbReplaceOp(exps.ops[i], accurateExp(&b, exps.ops[i]));
  }
  tileOpListFree(&exps);
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
