/* tile-check-float-types: arithmetic on float types that LLVM has no type
 * for (the f8, f6 and f4 types, tf32) is refused at the op. Their memory
 * lowers (LLVM keeps the bits as integers): loads, stores, constants,
 * selects and arith.bitcast work. Computing with them left an unrealized
 * cast that LLVM's translation refused at the load of the value ("LLVM
 * Translation failed for operation: builtin.unrealized_conversion_cast"),
 * or "missing LLVMTranslationDialectInterface registration" for a
 * conversion. */
#include "ir/builder.h"
#include "ir/ir.h"
#include "passes/pass.h"
#include "support/count.h"

#include "mlir-c/BuiltinTypes.h"

#include <string.h>

enum { OptTarget };

static const TilePassOption options[] = {
    [OptTarget] = {"target", TileOptionString, "cpu",
                   "the target named in messages", NULL, NULL},
};

/* Whether LLVM has a type for the float type `type`. */
static bool llvmHasFloat(MlirType type) {
  if (mlirTypeIsAF16(type) || mlirTypeIsABF16(type) || mlirTypeIsAF32(type) ||
      mlirTypeIsAF64(type))
    return true;
  /* f80 and f128, the only float types of these widths. */
  unsigned width = mlirFloatTypeGetWidth(type);
  return !mlirTypeIsATF32(type) && (width == 80 || width == 128);
}

/* The first float type of `op`'s operands and results LLVM lacks, or a
 * null type. */
static MlirType missingFloat(MlirOperation op) {
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); ++i) {
    MlirType t = tbScalarOf(mlirValueGetType(mlirOperationGetOperand(op, i)));
    if (mlirTypeIsAFloat(t) && !llvmHasFloat(t))
      return t;
  }
  for (intptr_t i = 0; i < mlirOperationGetNumResults(op); ++i) {
    MlirType t = tbScalarOf(mlirValueGetType(mlirOperationGetResult(op, i)));
    if (mlirTypeIsAFloat(t) && !llvmHasFloat(t))
      return t;
  }
  return (MlirType){NULL};
}

typedef struct {
  const char *target;
  unsigned errors;
} Check;

static MlirWalkResult check(MlirOperation op, void *userData) {
  Check *c = userData;
  if (!tileOpComputes(op))
    return MlirWalkResultAdvance;
  MlirType type = missingFloat(op);
  if (mlirTypeIsNull(type))
    return MlirWalkResultAdvance;
  TileStrBuf text = TILE_STRBUF_INIT;
  tileEmitOpError(op,
                  "computes with %s values, which the %s target cannot: "
                  "its code generator has no such type (f16, bf16, f32 and "
                  "f64 are); loads, stores and arith.bitcast of them to an "
                  "integer work",
                  tileTypeStr(&text, type), c->target);
  tileStrBufFree(&text);
  ++c->errors;
  return MlirWalkResultAdvance;
}

static void run(MlirOperation op, MlirExternalPass pass,
                const TileOptionValue *values) {
  Check c = {values[OptTarget].s, 0};
  mlirOperationWalk(op, check, &c, MlirWalkPreOrder);
  if (c.errors)
    mlirExternalPassSignalFailure(pass);
}

const TilePassDescriptor tileCheckFloatTypesPass = {
    .argument = "tile-check-float-types",
    .name = "TileCheckFloatTypes",
    .summary = "Report arithmetic on float types LLVM has no type for (f8, "
               "f6, f4, tf32)",
    .anchor = "",
    .options = options,
    .numOptions = TILE_COUNT(options),
    .run = run,
};
