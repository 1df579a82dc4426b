/* tile-cuda-math: lowers the math ops kernels use to PTX's own approximate
 * instructions (ex2.approx, lg2.approx, tanh.approx), so that device code
 * needs no libdevice (and no CUDA toolkit) to link; exp and log become
 * ex2/lg2 with a change of base, the way attention kernels compute them. */
#include "ir/builder.h"
#include "ir/ir.h"
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

static MlirWalkResult collect(MlirOperation op, void *userData) {
  if (ruleFor(op))
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
  y = tbConvert(&b, y, type);
  mlirValueReplaceAllUsesOfWith(mlirOperationGetResult(op, 0), y);
  mlirOperationDestroy(op);
}

static void run(MlirOperation op, MlirExternalPass pass,
                const TileOptionValue *options) {
  (void)pass;
  (void)options;
  TileOpList matches = {0};
  mlirOperationWalk(op, collect, &matches, MlirWalkPreOrder);
  for (size_t i = 0; i < matches.count; ++i)
    rewrite(matches.ops[i], ruleFor(matches.ops[i]));
  tileOpListFree(&matches);
}

static const TileDialectHandleGetter dependent[] = {
    mlirGetDialectHandle__llvm__};

const TilePassDescriptor tileCudaMathPass = {
    .argument = "tile-cuda-math",
    .name = "TileCudaMath",
    .summary = "Lower exp, exp2, log, log2 and tanh of f32/f16/bf16 to PTX's "
               "approximate instructions (no libdevice needed)",
    .anchor = "gpu.module",
    .dependentDialects = dependent,
    .numDependentDialects = TILE_COUNT(dependent),
    .run = run,
};
