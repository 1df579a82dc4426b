/* tile-vulkan-double-math: the math ops on f64 values that SPIR-V can
 * compute become GLSL.std.450 instructions and arith ops: absf (FAbs),
 * ceil, floor, roundeven, sqrt, rsqrt (InverseSqrt) and fma; round as
 * copysign(f + (|x| - f >= 0.5 ? 1 : 0), x) with f = floor(|x|), exact and
 * with halves away from zero (GLSL's Round rounds them either way);
 * copysign by the bits of its operands; isnan as an unordered compare.
 * MLIR's convert-math-to-spirv left each of them ("failed to legalize" in
 * convert-gpu-to-spirv): it reads the default target environment, not the
 * gpu.module's, and that one has no Float64. It also takes the SPIR-V ops
 * of f64 values for illegal, so this pass runs after it. The math ops on
 * f64 that GLSL has no 64-bit form of (exp, log, sin, ...) are refused
 * before, by tile-gpu-check-device-ops. */
#include "ir/builder_vector.h"
#include "ir/ir.h"
#include "passes/pass.h"
#include "support/count.h"

#include "mlir-c/Dialect/SPIRV.h"

#include <stdint.h>

typedef struct {
  const char *op, *instruction;
} Rule;

static const Rule rules[] = {
    {"math.absf", "spirv.GL.FAbs"},   {"math.ceil", "spirv.GL.Ceil"},
    {"math.floor", "spirv.GL.Floor"}, {"math.roundeven", "spirv.GL.RoundEven"},
    {"math.sqrt", "spirv.GL.Sqrt"},   {"math.rsqrt", "spirv.GL.InverseSqrt"},
    {"math.fma", "spirv.GL.Fma"},
};

static bool isF64(MlirValue v) {
  return mlirTypeIsAF64(tbScalarOf(mlirValueGetType(v)));
}

static const char *instructionFor(MlirOperation op) {
  for (size_t i = 0; i < TILE_COUNT(rules); ++i)
    if (tileOpIs(op, rules[i].op))
      return rules[i].instruction;
  return NULL;
}

/* Whether this pass rewrites `op`. */
static bool rewritten(MlirOperation op) {
  if (mlirOperationGetNumOperands(op) < 1 ||
      !isF64(mlirOperationGetOperand(op, 0)))
    return false;
  return instructionFor(op) || tileOpIs(op, "math.round") ||
         tileOpIs(op, "math.copysign") || tileOpIs(op, "math.isnan");
}

static MlirValue instruction(TileBuilder *b, const char *name, intptr_t n,
                             MlirValue *operands) {
  MlirType type = mlirValueGetType(operands[0]);
  return tbResult(tbCreate(b, name, n, operands, 1, &type, 0, NULL));
}

static MlirValue glsl(TileBuilder *b, const char *name, MlirValue x) {
  return instruction(b, name, 1, &x);
}

/* |x| with the sign bit of y. */
static MlirValue copySign(TileBuilder *b, MlirValue x, MlirValue y) {
  MlirType type = mlirValueGetType(x);
  MlirType i64 = tbShapedLike(type, mlirIntegerTypeGet(b->ctx, 64));
  MlirType element = tbScalarOf(i64);
  MlirValue bx = tbConvertOp(b, "arith.bitcast", x, i64);
  MlirValue by = tbConvertOp(b, "arith.bitcast", y, i64);
  MlirValue bits = tbOr(b, tbAnd(b, bx, tbSplatInt(b, bx, element, INT64_MAX)),
                        tbAnd(b, by, tbSplatInt(b, by, element, INT64_MIN)));
  return tbConvertOp(b, "arith.bitcast", bits, type);
}

static MlirValue round_(TileBuilder *b, MlirValue x) {
  MlirType f64 = tbScalarOf(mlirValueGetType(x));
  MlirValue ax = glsl(b, "spirv.GL.FAbs", x);
  MlirValue f = glsl(b, "spirv.GL.Floor", ax);
  MlirValue half = tbCmpF(b, "oge", tbBinary(b, "arith.subf", ax, f),
                          tbSplat(b, x, f64, 0.5));
  MlirValue up =
      tbSelect(b, half, tbSplat(b, x, f64, 1.0), tbSplat(b, x, f64, 0.0));
  return copySign(b, tbBinary(b, "arith.addf", f, up), x);
}

static MlirValue lower(TileBuilder *b, MlirOperation op) {
  MlirValue x = mlirOperationGetOperand(op, 0);
  const char *name = instructionFor(op);
  if (name) {
    MlirValue operands[3];
    intptr_t n = mlirOperationGetNumOperands(op);
    for (intptr_t i = 0; i < n && i < 3; ++i)
      operands[i] = mlirOperationGetOperand(op, i);
    return instruction(b, name, n, operands);
  }
  if (tileOpIs(op, "math.isnan"))
    return tbCmpF(b, "uno", x, x);
  if (tileOpIs(op, "math.copysign"))
    return copySign(b, x, mlirOperationGetOperand(op, 1));
  return round_(b, x);
}

static MlirWalkResult collect(MlirOperation op, void *userData) {
  if (rewritten(op))
    tileOpListAppend(userData, op);
  return MlirWalkResultAdvance;
}

static void run(MlirOperation root, MlirExternalPass pass,
                const TileOptionValue *options) {
  (void)pass;
  (void)options;
  TileOpList list = {0};
  mlirOperationWalk(root, collect, &list, MlirWalkPostOrder);
  for (size_t i = 0; i < list.count; ++i) {
    TileBuilder b = tbBefore(list.ops[i]);
    tbReplaceOp(list.ops[i], lower(&b, list.ops[i]));
  }
  tileOpListFree(&list);
}

static const TileDialectHandleGetter dialects[] = {
    mlirGetDialectHandle__spirv__,
};

const TilePassDescriptor tileVulkanDoubleMathPass = {
    .argument = "tile-vulkan-double-math",
    .name = "TileVulkanDoubleMath",
    .summary = "Lower absf, ceil, floor, round, roundeven, sqrt, rsqrt, fma, "
               "copysign and isnan of f64 values to GLSL.std.450 "
               "instructions and arith ops (after convert-math-to-spirv, "
               "which left them)",
    .anchor = "",
    .dependentDialects = dialects,
    .numDependentDialects = TILE_COUNT(dialects),
    .run = run,
};
