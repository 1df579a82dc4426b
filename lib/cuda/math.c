/* tile-cuda-math: lowers the math ops kernels use to PTX's own approximate
 * instructions (ex2.approx, lg2.approx, tanh.approx), so that device code
 * needs no libdevice (and no CUDA toolkit) to link; exp and log become
 * ex2/lg2 with a change of base, the way attention kernels compute them
 * (log and log2 between 0.5 and 2 are log1p's series: lg2.approx has an
 * absolute error bound there, no relative one).
 * The ops with an exact instruction become LLVM's intrinsics: NVVM's
 * conversion called libdevice for absf, floor, ceil, round, roundeven,
 * sqrt, copysign and fma, and for arith's maxnumf and minnumf (so that a
 * kernel with an absolute value or a maximum needed the CUDA toolkit), and
 * left trunc, ctlz, cttz and ctpop alone (they failed with "cannot be
 * converted to LLVM IR"). */
#include "ir/builder.h"
#include "ir/builder_vector.h"
#include "ir/ir.h"
#include "passes/math_formulas.h"
#include "passes/pass.h"
#include "support/count.h"

#include "mlir-c/Dialect/LLVM.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

typedef struct {
  const char *op;        /* math op */
  const char *intrinsic; /* f32 intrinsic */
  double scaleIn;        /* multiply the argument first (0: no) */
  double scaleOut;       /* multiply the result (0: no) */
  const char *fastmath; /* the call's flags: `afn` asks for the approximation */
} Rule;

/* LLVM 22 has no llvm.nvvm.tanh.approx.f32 (it became llvm.tanh): with
 * `afn`, NVPTX selects tanh.approx.f32 (sm_75 and later, every chip here). */
static const Rule rules[] = {
    {"math.exp", "llvm.nvvm.ex2.approx.ftz.f", 1.4426950408889634, 0, "none"},
    {"math.exp2", "llvm.nvvm.ex2.approx.ftz.f", 0, 0, "none"},
    {"math.log", "llvm.nvvm.lg2.approx.ftz.f", 0, 0.6931471805599453, "none"},
    {"math.log2", "llvm.nvvm.lg2.approx.ftz.f", 0, 0, "none"},
    {"math.tanh", "llvm.tanh.f32", 0, 0, "afn"},
};

/* The rule for `op`, or NULL when it has none or its type is not a float
 * the approximations serve. */
static const Rule *ruleFor(MlirOperation op) {
  for (size_t i = 0; i < TILE_COUNT(rules); ++i)
    if (tileOpIs(op, rules[i].op)) {
      MlirType t = mlirValueGetType(mlirOperationGetResult(op, 0));
      bool served =
          mlirTypeIsAF32(t) || mlirTypeIsAF16(t) || mlirTypeIsABF16(t);
      return served ? &rules[i] : NULL;
    }
  return NULL;
}

/* The LLVM intrinsic (its name without the type) of an exact math op, or
 * NULL. */
static const char *exactFor(MlirOperation op) {
  static const char *const exact[][2] = {
      {"math.absf", "fabs"},           {"math.floor", "floor"},
      {"math.ceil", "ceil"},           {"math.round", "round"},
      {"math.roundeven", "roundeven"}, {"math.sqrt", "sqrt"},
      {"math.copysign", "copysign"},   {"math.fma", "fma"},
      {"math.trunc", "trunc"},         {"math.ctlz", "ctlz"},
      {"math.cttz", "cttz"},           {"math.ctpop", "ctpop"},
      {"arith.maxnumf", "maxnum"},     {"arith.minnumf", "minnum"},
  };
  for (size_t i = 0; i < TILE_COUNT(exact); ++i)
    if (tileOpIs(op, exact[i][0]))
      return exact[i][1];
  return NULL;
}

static MlirWalkResult collect(MlirOperation op, void *userData) {
  if (ruleFor(op) || exactFor(op))
    tileOpListAppend(userData, op);
  return MlirWalkResultAdvance;
}

static MlirValue intrinsic(TileBuilder *b, const Rule *rule, MlirValue x) {
  MlirType f32 = tbF32(b);
  char flags[48];
  snprintf(flags, sizeof(flags), "#llvm.fastmath<%s>", rule->fastmath);
  MlirNamedAttribute attrs[] = {
      tbNamed(b, "intrin", tbStrAttr(b, rule->intrinsic)),
      tbNamed(b, "fastmathFlags", tbParseAttr(b, flags)),
      tbNamed(b, "op_bundle_sizes", mlirDenseI32ArrayGet(b->ctx, 0, NULL)),
      tbNamed(b, "operandSegmentSizes",
              mlirDenseI32ArrayGet(b->ctx, 2, (const int32_t[]){1, 0})),
  };
  return tbResult(tbCreate(b, "llvm.call_intrinsic", 1, &x, 1, &f32, 4, attrs));
}

/* LLVM's name of `type` in an overloaded intrinsic's name: f32, bf16,
 * i32, v4f32, ... */
static void mangle(MlirType type, char *buf, size_t size) {
  if (mlirTypeIsAVector(type)) {
    int n = snprintf(buf, size, "v%lld",
                     (long long)mlirShapedTypeGetDimSize(type, 0));
    mangle(mlirShapedTypeGetElementType(type), buf + n, size - (size_t)n);
  } else if (mlirTypeIsABF16(type)) {
    snprintf(buf, size, "bf16");
  } else if (mlirTypeIsAFloat(type)) {
    snprintf(buf, size, "f%u", mlirFloatTypeGetWidth(type));
  } else {
    snprintf(buf, size, "i%u", mlirIntegerTypeGetWidth(type));
  }
}

/* The intrinsic of an exact op, on the op's own operands and type, called
 * through llvm.call_intrinsic (NVVM's conversion takes llvm.intr.fabs and
 * its kind for illegal, to call libdevice instead); a count of 0 is defined
 * (the operand's width), as math.ctlz and math.cttz define it. */
static void rewriteExact(MlirOperation op, const char *name) {
  TileBuilder b = tbBefore(op);
  MlirValue x[4];
  intptr_t n = mlirOperationGetNumOperands(op);
  for (intptr_t i = 0; i < n && i < 3; ++i)
    x[i] = mlirOperationGetOperand(op, i);
  MlirType type = mlirValueGetType(x[0]);
  /* LLVM has no vector of rank 0: the intrinsic takes its element. */
  bool rank0 = mlirTypeIsAVector(type) && mlirShapedTypeGetRank(type) == 0;
  if (rank0) {
    for (intptr_t i = 0; i < n && i < 3; ++i)
      x[i] = tbVExtractFirst(&b, x[i]);
    type = mlirShapedTypeGetElementType(type);
  }
  if (tileOpIs(op, "math.ctlz") || tileOpIs(op, "math.cttz"))
    x[n++] = tbConstInt(&b, tbI1(&b), 0); /* is_zero_poison = false */
  char mangled[32], full[64];
  mangle(type, mangled, sizeof(mangled));
  snprintf(full, sizeof(full), "llvm.%s.%s", name, mangled);
  MlirNamedAttribute attrs[] = {
      tbNamed(&b, "intrin", tbStrAttr(&b, full)),
      tbNamed(&b, "fastmathFlags", tbParseAttr(&b, "#llvm.fastmath<none>")),
      tbNamed(&b, "op_bundle_sizes", mlirDenseI32ArrayGet(b.ctx, 0, NULL)),
      tbNamed(&b, "operandSegmentSizes",
              mlirDenseI32ArrayGet(b.ctx, 2, (const int32_t[]){(int32_t)n, 0})),
  };
  MlirValue y =
      tbResult(tbCreate(&b, "llvm.call_intrinsic", n, x, 1, &type, 4, attrs));
  if (rank0)
    y = tbVBroadcast(&b, mlirValueGetType(mlirOperationGetResult(op, 0)), y);
  tbReplaceOp(op, y);
}

static void rewrite(MlirOperation op, const Rule *rule) {
  TileBuilder b = tbBefore(op);
  MlirValue x = mlirOperationGetOperand(op, 0);
  MlirType type = mlirValueGetType(x);
  MlirType f32 = tbF32(&b);
  x = tbConvert(&b, x, f32);
  if (rule->scaleIn != 0)
    x = tbBinary(&b, "arith.mulf", x, tbConstFloat(&b, f32, rule->scaleIn));
  MlirValue y = intrinsic(&b, rule, x);
  if (rule->scaleOut != 0)
    y = tbBinary(&b, "arith.mulf", y, tbConstFloat(&b, f32, rule->scaleOut));
  /* lg2.approx is accurate to 2^-22 absolute between 0.5 and 2, which is
   * no relative precision for results near 0: log1p's series there. */
  if (tileOpIs(op, "math.log"))
    y = tileMathLogNearOne(&b, x, 1, y);
  else if (tileOpIs(op, "math.log2"))
    y = tileMathLogNearOne(&b, x, 1.4426950408889634, y);
  y = tbConvert(&b, y, type);
  tbReplaceOp(op, y);
}

static void run(MlirOperation op, MlirExternalPass pass,
                const TileOptionValue *options) {
  (void)pass;
  (void)options;
  TileOpList matches = {0};
  mlirOperationWalk(op, collect, &matches, MlirWalkPreOrder);
  for (size_t i = 0; i < matches.count; ++i) {
    const Rule *rule = ruleFor(matches.ops[i]);
    if (rule)
      rewrite(matches.ops[i], rule);
    else
      rewriteExact(matches.ops[i], exactFor(matches.ops[i]));
  }
  tileOpListFree(&matches);
}

static const TileDialectHandleGetter dependent[] = {
    mlirGetDialectHandle__llvm__};

const TilePassDescriptor tileCudaMathPass = {
    .argument = "tile-cuda-math",
    .name = "TileCudaMath",
    .summary = "Lower exp, exp2, log, log2 and tanh of f32/f16/bf16 to PTX's "
               "approximate instructions (no libdevice needed), and the ops "
               "with an exact instruction (absf, floor, sqrt, fma, trunc, "
               "ctpop, ...) to LLVM's intrinsics",
    .anchor = "gpu.module",
    .dependentDialects = dependent,
    .numDependentDialects = TILE_COUNT(dependent),
    .run = run,
};
