/* tile-math-expand{ops=...}: rewrites the math ops a target's own
 * conversions do not lower into arith and math ops that every target does
 * (compares, selects, floor, exp, log, fma, loops). Each pipeline lists the
 * ops it needs expanded; the formulas are in math_formulas.c. Before, such
 * an op failed deep in the target's conversion ("failed to legalize
 * operation 'math.erf'" on vulkan, "cannot be converted to LLVM IR" on cpu
 * and cuda) or left a call that nothing defines. */
#include "passes/math_formulas.h"

#include "ir/ir.h"
#include "passes/pass.h"
#include "support/count.h"
#include "support/list.h"

#include "mlir-c/Dialect/Arith.h"
#include "mlir-c/Dialect/Math.h"
#include "mlir-c/Dialect/SCF.h"

#include <string.h>

enum { OptOps, OptVectorOps, OptTarget };

/* The ops the two lists may name: those of `expansions` below, without
 * their dialect. */
#define EXPANDED_OPS                                                           \
  "isnan|isinf|isfinite|isnormal|clampf|sincos|trunc|atan2|fpowi|ipowi|absi|"  \
  "powf|erf|erfc|cbrt|expm1|log1p|maximumf|minimumf"

static const TilePassOption options[] = {
    [OptOps] = {"ops", TileOptionList, "",
                "comma-separated ops to expand, without their `math.` or "
                "`arith.` prefix (see --tile-math-expand's list in "
                "docs/design.md)",
                EXPANDED_OPS, NULL},
    [OptVectorOps] = {"vector-ops", TileOptionList, "",
                      "ops to expand where they take vectors only (the "
                      "target lowers them on scalars)",
                      EXPANDED_OPS, NULL},
    [OptTarget] = {"target", TileOptionString, "this",
                   "the target named in messages", NULL, NULL},
};

/* UpToF32: f16, bf16 and f32; wider floats are left to the target (which
 * reports those it cannot lower at the op itself). NormalRange: the float
 * types whose smallest normal value the formula knows. */
typedef enum { AnyFloat, F32Formula, AnyInteger, UpToF32, NormalRange } Domain;

typedef struct {
  const char *name; /* the op's name; the ops option names it without its
                     * dialect ("math." or "arith.") */
  Domain domain;
  TileMathFormula formula;
} Expansion;

static const Expansion expansions[] = {
    {"math.isnan", AnyFloat, tileMathIsNaN},
    {"math.isinf", AnyFloat, tileMathIsInf},
    {"math.isfinite", AnyFloat, tileMathIsFinite},
    {"math.isnormal", NormalRange, tileMathIsNormal},
    {"math.clampf", AnyFloat, tileMathClampF},
    {"math.sincos", AnyFloat, tileMathSinCos},
    {"math.trunc", AnyFloat, tileMathTrunc},
    {"math.atan2", AnyFloat, tileMathAtan2},
    {"math.fpowi", AnyFloat, tileMathFPowI},
    {"math.ipowi", AnyInteger, tileMathIPowI},
    {"math.absi", AnyInteger, tileMathAbsI},
    {"math.powf", UpToF32, tileMathPowF},
    {"math.erf", F32Formula, tileMathErf},
    {"math.erfc", F32Formula, tileMathErfc},
    {"math.cbrt", F32Formula, tileMathCbrt},
    {"math.expm1", AnyFloat, tileMathExpM1},
    {"math.log1p", AnyFloat, tileMathLog1p},
    {"arith.maximumf", AnyFloat, tileMathMaximumF},
    {"arith.minimumf", AnyFloat, tileMathMinimumF},
};

static const Expansion *expansionFor(MlirOperation op, const char *ops) {
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
  for (size_t i = 0; i < TILE_COUNT(expansions); ++i) {
    const char *full = expansions[i].name;
    if (name.length != strlen(full) ||
        strncmp(name.data, full, name.length) != 0)
      continue;
    const char *short_ = strchr(full, '.') + 1;
    return tileListContains(ops, ',', short_, strlen(short_)) ? &expansions[i]
                                                              : NULL;
  }
  return NULL;
}

/* Whether the first operand's element type is one the expansion serves;
 * otherwise reports why at `op`. */
static bool served(MlirOperation op, const Expansion *e, const char *target) {
  MlirType element =
      tbScalarOf(mlirValueGetType(mlirOperationGetOperand(op, 0)));
  switch (e->domain) {
  case AnyFloat:
  case UpToF32:
    return true;
  case AnyInteger:
    if (mlirIntegerTypeGetWidth(element) <= 64)
      return true;
    tileEmitOpError(op,
                    "on integers wider than 64 bits has no lowering on the "
                    "%s target",
                    target);
    return false;
  case F32Formula:
    if (mlirTypeIsAF32(element) || mlirTypeIsAF16(element) ||
        mlirTypeIsABF16(element))
      return true;
    tileEmitOpError(op,
                    "on this element type has no lowering on the %s target: "
                    "its expansion is accurate to f32 only (f32, f16 and "
                    "bf16 are served)",
                    target);
    return false;
  case NormalRange:
    if (tileMathHasNormalRange(element))
      return true;
    tileEmitOpError(op,
                    "on this element type has no lowering on the %s target: "
                    "its expansion knows the smallest normal value of f16, "
                    "bf16, f32, f64, f80 and f128 only",
                    target);
    return false;
  }
  return false;
}

/* Whether op takes a tensor (no kernel's value: left alone; the formulas
 * build scalar and vector constants). */
static bool takesTensor(MlirOperation op) {
  return mlirOperationGetNumOperands(op) > 0 &&
         mlirTypeIsATensor(mlirValueGetType(mlirOperationGetOperand(op, 0)));
}

/* Whether an UpToF32 expansion leaves `op` alone. */
static bool tooWide(MlirOperation op, const Expansion *e) {
  MlirType element =
      tbScalarOf(mlirValueGetType(mlirOperationGetOperand(op, 0)));
  return e->domain == UpToF32 && mlirTypeIsAFloat(element) &&
         mlirFloatTypeGetWidth(element) > 32;
}

/* The expansion of `op`: listed in `ops`, or in `vectorOps` where op
 * takes a vector; NULL for one left alone. */
static const Expansion *expansionOf(MlirOperation op, const char *ops,
                                    const char *vectorOps) {
  if (takesTensor(op))
    return NULL;
  const Expansion *e = expansionFor(op, ops);
  if (!e && mlirOperationGetNumOperands(op) > 0 &&
      mlirTypeIsAVector(mlirValueGetType(mlirOperationGetOperand(op, 0))))
    e = expansionFor(op, vectorOps);
  return e && !tooWide(op, e) ? e : NULL;
}

static MlirWalkResult collect(MlirOperation op, void *userData) {
  void **args = userData;
  if (expansionOf(op, args[1], args[2]))
    tileOpListAppend(args[0], op);
  return MlirWalkResultAdvance;
}

static void run(MlirOperation root, MlirExternalPass pass,
                const TileOptionValue *values) {
  const char *ops = values[OptOps].s, *vectorOps = values[OptVectorOps].s;
  const char *target = values[OptTarget].s;
  TileOpList list = {0};
  void *args[] = {&list, (void *)ops, (void *)vectorOps};
  mlirOperationWalk(root, collect, args, MlirWalkPostOrder);
  unsigned errors = 0;
  for (size_t i = 0; i < list.count; ++i) {
    MlirOperation op = list.ops[i];
    const Expansion *e = expansionOf(op, ops, vectorOps);
    if (!served(op, e, target)) {
      ++errors;
      continue;
    }
    TileBuilder b = tbBefore(op);
    MlirValue results[2];
    intptr_t n = e->formula(&b, op, results);
    for (intptr_t r = 0; r < n; ++r)
      mlirValueReplaceAllUsesOfWith(mlirOperationGetResult(op, r), results[r]);
    mlirOperationDestroy(op);
  }
  tileOpListFree(&list);
  if (errors)
    mlirExternalPassSignalFailure(pass);
}

static const TileDialectHandleGetter dialects[] = {
    mlirGetDialectHandle__arith__,
    mlirGetDialectHandle__math__,
    mlirGetDialectHandle__scf__,
};

const TilePassDescriptor tileMathExpandPass = {
    .argument = "tile-math-expand",
    .name = "TileMathExpand",
    .summary = "Expand the listed math ops (isnan, isinf, isfinite, "
               "isnormal, clampf, sincos, trunc, atan2, fpowi, ipowi, absi, "
               "powf, erf, erfc, cbrt, "
               "expm1, log1p) and arith ops (maximumf, minimumf) into arith "
               "and math ops every target lowers",
    .anchor = "",
    .options = options,
    .numOptions = TILE_COUNT(options),
    .dependentDialects = dialects,
    .numDependentDialects = TILE_COUNT(dialects),
    .run = run,
};
