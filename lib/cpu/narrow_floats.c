/* tile-cpu-narrow-floats: 16-bit float arithmetic that the upstream passes
 * of the pipeline leave alone is computed in a wider type, and f64 rounds to
 * bf16 and f16 through f32. Without AVX512-BF16, LLVM computes such ops by
 * widening too, but rounds each lane back with a call: __truncsfbf2 for
 * bf16 (f32 -> bf16 becomes integer code here, through arith-expand),
 * __truncdfbf2 (which nothing defines in GCC 12's libgcc) and __truncdfhf2
 * for f64 -> bf16/f16 on every x86-64; integers convert to bf16/f16
 * through f64. Atomic adds on bf16 stay LLVM's
 * compare-exchange loops, which round with the __truncsfbf2 that
 * tile-cpu-libcalls defines. */
#include "cpu/lowering.h"

#include "mlir-c/Dialect/Arith.h"
#include "mlir-c/Dialect/Math.h"
#include "mlir-c/Dialect/Vector.h"

#include "support/strbuf.h"

static bool isHalf(MlirType type) {
  MlirType e = tbScalarOf(type);
  return mlirTypeIsABF16(e) || mlirTypeIsAF16(e);
}

/* `v` (f32 or f64) rounded to `type` (bf16 or f16) once. */
static MlirValue narrow(TileBuilder *b, MlirValue v, MlirType type) {
  if (mlirTypeIsAF64(tbScalarOf(mlirValueGetType(v))))
    v = tbRoundToOddF32(b, v);
  return tbConvertOp(b, "arith.truncf", v, type);
}

static MlirValue widen(TileBuilder *b, MlirValue v, MlirType wide) {
  MlirType type = mlirValueGetType(v);
  if (!isHalf(type))
    return v;
  return tbConvertOp(b, "arith.extf", v, tbShapedLike(type, wide));
}

/* The op again with its 16-bit float operands and results in `wide`, the
 * results rounded back. */
static void widenOp(MlirOperation op, MlirType wide) {
  enum { MaxOperands = 4, MaxAttrs = 4 };
  intptr_t numOperands = mlirOperationGetNumOperands(op);
  intptr_t numAttrs = mlirOperationGetNumAttributes(op);
  if (numOperands > MaxOperands || numAttrs > MaxAttrs ||
      mlirOperationGetNumResults(op) != 1)
    return;
  TileBuilder b = tbBefore(op);
  MlirValue operands[MaxOperands];
  MlirNamedAttribute attrs[MaxAttrs];
  for (intptr_t i = 0; i < numOperands; ++i)
    operands[i] = widen(&b, mlirOperationGetOperand(op, i), wide);
  for (intptr_t i = 0; i < numAttrs; ++i)
    attrs[i] = mlirOperationGetAttribute(op, i);
  MlirValue old = mlirOperationGetResult(op, 0);
  MlirType result = tbShapedLike(mlirValueGetType(old), wide);
  TileStrBuf name = TILE_STRBUF_INIT;
  tileStrBufAppendRef(&name, mlirIdentifierStr(mlirOperationGetName(op)));
  MlirOperation widened = tbCreate(&b, tileStrBufGet(&name), numOperands,
                                   operands, 1, &result, numAttrs, attrs);
  tileStrBufFree(&name);
  mlirValueReplaceAllUsesOfWith(
      old, narrow(&b, tbResult(widened), mlirValueGetType(old)));
  mlirOperationDestroy(op);
}

/* arith.truncf f64 -> bf16/f16 through f32, rounded once. */
static void narrowFromF64(MlirOperation op) {
  TileBuilder b = tbBefore(op);
  MlirValue old = mlirOperationGetResult(op, 0);
  mlirValueReplaceAllUsesOfWith(
      old, narrow(&b, mlirOperationGetOperand(op, 0), mlirValueGetType(old)));
  mlirOperationDestroy(op);
}

/* arith.extf bf16 -> f64 through f32 (exact): LLVM then sees bf16 -> f32
 * only, a shift. */
static void extendToF64(MlirOperation op, MlirType f32) {
  TileBuilder b = tbBefore(op);
  MlirValue old = mlirOperationGetResult(op, 0);
  MlirValue y = tbConvertOp(&b, "arith.extf",
                            widen(&b, mlirOperationGetOperand(op, 0), f32),
                            mlirValueGetType(old));
  mlirValueReplaceAllUsesOfWith(old, y);
  mlirOperationDestroy(op);
}

/* Integers -> bf16/f16 through f64 (exact for up to 32 bits), then rounded
 * once: arith-emulate-unsupported-floats leaves these to LLVM, which
 * rounds with __truncsfbf2. */
static void intToHalf(MlirOperation op, MlirType f64) {
  TileBuilder b = tbBefore(op);
  MlirValue old = mlirOperationGetResult(op, 0);
  MlirValue wide = tbConvertOp(
      &b, tileOpIs(op, "arith.sitofp") ? "arith.sitofp" : "arith.uitofp",
      mlirOperationGetOperand(op, 0), tbShapedLike(mlirValueGetType(old), f64));
  mlirValueReplaceAllUsesOfWith(old, narrow(&b, wide, mlirValueGetType(old)));
  mlirOperationDestroy(op);
}

static MlirType operandElement(MlirOperation op) {
  return tbScalarOf(mlirValueGetType(mlirOperationGetOperand(op, 0)));
}

static MlirType resultElement(MlirOperation op) {
  return tbScalarOf(mlirValueGetType(mlirOperationGetResult(op, 0)));
}

/* Rewrites `op` if it is one of the cases above. */
static void rewrite(MlirOperation op) {
  TileBuilder b = tbBefore(op);
  MlirType f32 = tbF32(&b), f64 = mlirF64TypeGet(b.ctx);
  MlirType from = operandElement(op), to = resultElement(op);
  if (tileOpIs(op, "arith.truncf")) {
    if (mlirTypeIsAF64(from) && isHalf(to))
      narrowFromF64(op);
  } else if (tileOpIs(op, "arith.extf")) {
    if (mlirTypeIsABF16(from) && mlirTypeIsAF64(to))
      extendToF64(op, f32);
  } else if (tileOpIs(op, "arith.sitofp") || tileOpIs(op, "arith.uitofp")) {
    if (isHalf(to))
      intToHalf(op, f64);
  } else if (tileOpIs(op, "math.fma")) {
    /* A fused f16 multiply-add needs f64 to stay exact, as LLVM knows. */
    if (isHalf(to))
      widenOp(op, mlirTypeIsAF16(to) ? f64 : f32);
  } else if (mlirTypeIsABF16(from) || mlirTypeIsABF16(to)) {
    widenOp(op, f32); /* vector.fma, vector.reduction */
  }
}

static MlirWalkResult collect(MlirOperation op, void *userData) {
  static const char *const names[] = {"arith.truncf", "arith.extf", "math.fma",
                                      "vector.fma", "vector.reduction"};
  if (tileOpIsAny(op, names, TILE_COUNT(names)))
    tileOpListAppend(userData, op);
  return MlirWalkResultAdvance;
}

static void run(MlirOperation op, MlirExternalPass pass,
                const TileOptionValue *options) {
  (void)pass;
  (void)options;
  TileOpList ops = {0};
  mlirOperationWalk(op, collect, &ops, MlirWalkPostOrder);
  for (size_t i = 0; i < ops.count; ++i)
    rewrite(ops.ops[i]);
  tileOpListFree(&ops);
}

static const TileDialectHandleGetter dependent[] = {
    mlirGetDialectHandle__arith__, mlirGetDialectHandle__math__,
    mlirGetDialectHandle__vector__};

const TilePassDescriptor tileCpuNarrowFloatsPass = {
    .argument = "tile-cpu-narrow-floats",
    .name = "TileCpuNarrowFloats",
    .summary = "Compute 16-bit float fma and bf16 reductions in a wider type "
               "and round f64 to bf16/f16 through f32, so that LLVM needs no "
               "conversion libcall for them (cpu)",
    .anchor = "func.func",
    .dependentDialects = dependent,
    .numDependentDialects = TILE_COUNT(dependent),
    .run = run,
};
