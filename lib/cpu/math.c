/* tile-cpu-math: f32 math.exp inside kernels becomes arithmetic (range
 * reduction, a polynomial, an exponent built from integer bits), so that
 * loops computing it vectorise; LLVM would otherwise call the scalar expf
 * of libm once per element. Within 2 ulp of exp over the f32 range. */
#include "cpu/lowering.h"

#include "mlir-c/Dialect/Arith.h"
#include "mlir-c/Dialect/Math.h"

#include <math.h>

static MlirValue fconst(TileBuilder *b, MlirValue like, double v) {
  return tbSplat(b, like, tbF32(b), v);
}

/* v rounded to the nearest integer (ties to even) for |v| < 2^22: adding
 * and subtracting 1.5 * 2^23 leaves no fraction bits. math.roundeven would
 * be a call to roundevenf per element on chips without SSE4.1. */
static MlirValue roundNearest(TileBuilder *b, MlirValue v) {
  MlirValue shift = fconst(b, v, 12582912.0);
  return tbBinary(b, "arith.subf", tbBinary(b, "arith.addf", v, shift), shift);
}

/* The type of `like` with i32 elements. */
static MlirType i32Like(TileBuilder *b, MlirValue like) {
  MlirType type = mlirValueGetType(like);
  if (!mlirTypeIsAVector(type))
    return tbI32(b);
  return tbVectorType(tbI32(b), mlirShapedTypeGetDimSize(type, 0));
}

/* 2^e for an i32 `e` in [-126, 127], from the exponent bits. */
static MlirValue powerOfTwo(TileBuilder *b, MlirValue e, MlirValue like) {
  MlirValue bits =
      tbBinary(b, "arith.shli", tbAdd(b, e, tbSplat(b, like, tbI32(b), 127)),
               tbSplat(b, like, tbI32(b), 23));
  return tbConvertOp(b, "arith.bitcast", bits, mlirValueGetType(like));
}

/* exp(x) = 2^k exp(r), k = round(x / ln 2), r = x - k ln 2 (in two parts,
 * so r is exact), exp(r) a degree-7 polynomial on |r| <= ln(2) / 2 (the
 * Cephes coefficients). 2^k is applied as two halves so that both stay
 * normal numbers down to the smallest subnormal result; below it the result
 * is 0, above the largest float +inf, and NaN stays NaN. */
static MlirValue expand(TileBuilder *b, MlirValue x) {
  MlirValue lo = fconst(b, x, -103.972084), hi = fconst(b, x, 88.7228391);
  MlirValue xc =
      tbBinary(b, "arith.minimumf", tbBinary(b, "arith.maximumf", x, lo), hi);
  MlirValue k = roundNearest(
      b, tbBinary(b, "arith.mulf", xc, fconst(b, x, 1.44269504088896341)));
  MlirValue negK = tbUnary(b, "arith.negf", k);
  MlirValue r = tileCpuFusedMulAdd(b, negK, fconst(b, x, 0.693359375), xc);
  r = tileCpuFusedMulAdd(b, negK, fconst(b, x, -2.12194440e-4), r);
  static const double coefficients[] = {1.9875691500e-4, 1.3981999507e-3,
                                        8.3334519073e-3, 4.1665795894e-2,
                                        1.6666665459e-1, 5.0000001201e-1};
  MlirValue p = fconst(b, x, coefficients[0]);
  for (int i = 1; i < 6; ++i)
    p = tileCpuFusedMulAdd(b, p, r, fconst(b, x, coefficients[i]));
  MlirValue r2 = tbBinary(b, "arith.mulf", r, r);
  MlirValue y = tbBinary(b, "arith.addf", tileCpuFusedMulAdd(b, p, r2, r),
                         fconst(b, x, 1));
  MlirValue ki = tbConvertOp(b, "arith.fptosi", k, i32Like(b, x));
  MlirValue half = tbBinary(b, "arith.shrsi", ki, tbSplat(b, x, tbI32(b), 1));
  y = tbBinary(b, "arith.mulf", y, powerOfTwo(b, half, x));
  y = tbBinary(b, "arith.mulf", y, powerOfTwo(b, tbSub(b, ki, half), x));
  y = tbSelect(b, tbCmpF(b, "olt", x, lo), fconst(b, x, 0), y);
  y = tbSelect(b, tbCmpF(b, "ogt", x, hi), fconst(b, x, INFINITY), y);
  return tbSelect(b, tbCmpF(b, "uno", x, x), x, y);
}

static bool isF32OrF32Vector(MlirType type) {
  if (mlirTypeIsAVector(type))
    return mlirShapedTypeGetRank(type) == 1 &&
           mlirTypeIsAF32(mlirShapedTypeGetElementType(type));
  return mlirTypeIsAF32(type);
}

static void run(MlirOperation op, MlirExternalPass pass,
                const TileOptionValue *options) {
  (void)pass;
  (void)options;
  TileOpList exps = {0};
  tileCollectOps(op, "math.exp", &exps);
  for (size_t i = 0; i < exps.count; ++i) {
    MlirOperation exp = exps.ops[i];
    MlirValue result = mlirOperationGetResult(exp, 0);
    if (!isF32OrF32Vector(mlirValueGetType(result)) ||
        mlirOperationIsNull(tileEnclosingKernel(exp)))
      continue;
    TileBuilder b = tbBefore(exp);
    MlirValue y = expand(&b, mlirOperationGetOperand(exp, 0));
    mlirValueReplaceAllUsesOfWith(result, y);
    mlirOperationDestroy(exp);
  }
  tileOpListFree(&exps);
}

static const TileDialectHandleGetter dependent[] = {
    mlirGetDialectHandle__arith__, mlirGetDialectHandle__math__};

const TilePassDescriptor tileCpuMathPass = {
    .argument = "tile-cpu-math",
    .name = "TileCpuMath",
    .summary = "Expand f32 math.exp inside kernels into arithmetic that "
               "vectorises (cpu)",
    .anchor = "func.func",
    .dependentDialects = dependent,
    .numDependentDialects = TILE_COUNT(dependent),
    .run = run,
};
