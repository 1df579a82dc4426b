/* tile-index-to-arith: the index dialect's ops as the arith ops of the
 * same meaning on index values. MLIR's SPIR-V conversion takes arith on
 * index (as the target's 32-bit integers) but not the index dialect: a
 * vulkan kernel with index.add failed to legalize it, and one with
 * index.constant failed with no location. index.sizeof is the target's
 * index width (`index-bitwidth`). */
#include "ir/builder.h"
#include "passes/pass.h"
#include "support/count.h"

#include "mlir-c/Dialect/Arith.h"

#include <stdio.h>
#include <string.h>

enum { OptIndexBitwidth };

static const TilePassOption options[] = {
    [OptIndexBitwidth] =
        {"index-bitwidth", TileOptionInt, "64",
         "the bits of an index on the target, 32 or 64 (index.sizeof)", NULL,
         NULL},
};

/* index op -> arith op taking the same operands. */
static const char *const same[][2] = {
    {"index.add", "arith.addi"},
    {"index.sub", "arith.subi"},
    {"index.mul", "arith.muli"},
    {"index.divs", "arith.divsi"},
    {"index.divu", "arith.divui"},
    {"index.ceildivs", "arith.ceildivsi"},
    {"index.ceildivu", "arith.ceildivui"},
    {"index.floordivs", "arith.floordivsi"},
    {"index.rems", "arith.remsi"},
    {"index.remu", "arith.remui"},
    {"index.maxs", "arith.maxsi"},
    {"index.maxu", "arith.maxui"},
    {"index.mins", "arith.minsi"},
    {"index.minu", "arith.minui"},
    {"index.shl", "arith.shli"},
    {"index.shrs", "arith.shrsi"},
    {"index.shru", "arith.shrui"},
    {"index.and", "arith.andi"},
    {"index.or", "arith.ori"},
    {"index.xor", "arith.xori"},
    {"index.casts", "arith.index_cast"},
    {"index.castu", "arith.index_castui"},
};

static const char *arithFor(MlirOperation op) {
  for (size_t i = 0; i < TILE_COUNT(same); ++i)
    if (tileOpIs(op, same[i][0]))
      return same[i][1];
  return NULL;
}

/* The predicate of an index.cmp, by the name arith.cmpi gives it too. */
static const char *predicate(MlirOperation cmp) {
  static const char *const names[] = {"eq",  "ne",  "slt", "sle", "sgt",
                                      "sge", "ult", "ule", "ugt", "uge"};
  MlirAttribute attr = tileOpGetAttr(cmp, "pred");
  char text[48];
  for (size_t i = 0; i < TILE_COUNT(names); ++i) {
    snprintf(text, sizeof(text), "#index<cmp_predicate %s>", names[i]);
    if (mlirAttributeEqual(
            attr,
            mlirAttributeParseGet(mlirOperationGetContext(cmp), tileRef(text))))
      return names[i];
  }
  return NULL;
}

static MlirWalkResult collect(MlirOperation op, void *userData) {
  if (tileOpInDialect(op, "index"))
    tileOpListAppend(userData, op);
  return MlirWalkResultAdvance;
}

static void rewrite(MlirOperation op, int64_t indexBits) {
  TileBuilder b = tbBefore(op);
  const char *arith = arithFor(op);
  const char *pred;
  if (arith) {
    intptr_t n = mlirOperationGetNumOperands(op);
    MlirValue operands[2];
    for (intptr_t i = 0; i < n && i < 2; ++i)
      operands[i] = mlirOperationGetOperand(op, i);
    MlirType type = mlirValueGetType(mlirOperationGetResult(op, 0));
    tbReplaceOp(op, tbResult(tbCreate(&b, arith, n < 2 ? n : 2, operands, 1,
                                      &type, 0, NULL)));
  } else if (tileOpIs(op, "index.constant")) {
    tbReplaceOp(op, tbConstAttr(&b, tileOpGetAttr(op, "value")));
  } else if (tileOpIs(op, "index.bool.constant")) {
    MlirAttribute value = tileOpGetAttr(op, "value");
    tbReplaceOp(op, tbConstInt(&b, tbI1(&b), mlirBoolAttrGetValue(value)));
  } else if (tileOpIs(op, "index.sizeof")) {
    tbReplaceOp(op, tbConstIndex(&b, indexBits));
  } else if (tileOpIs(op, "index.cmp") && (pred = predicate(op))) {
    tbReplaceOp(op, tbCmpI(&b, pred, mlirOperationGetOperand(op, 0),
                           mlirOperationGetOperand(op, 1)));
  }
}

static void run(MlirOperation root, MlirExternalPass pass,
                const TileOptionValue *values) {
  /* The index dialect knows 32- and 64-bit indices; any other width is no
   * target's, and index.sizeof would fold it into the kernel's sizes. */
  int64_t bits = values[OptIndexBitwidth].i;
  if (bits != 32 && bits != 64) {
    tileEmitOpError(root,
                    "tile-index-to-arith: index-bitwidth must be 32 or 64, "
                    "got %lld",
                    (long long)bits);
    mlirExternalPassSignalFailure(pass);
    return;
  }
  TileOpList ops = {0};
  mlirOperationWalk(root, collect, &ops, MlirWalkPostOrder);
  for (size_t i = 0; i < ops.count; ++i)
    rewrite(ops.ops[i], bits);
  tileOpListFree(&ops);
}

static const TileDialectHandleGetter dependent[] = {
    mlirGetDialectHandle__arith__};

const TilePassDescriptor tileIndexToArithPass = {
    .argument = "tile-index-to-arith",
    .name = "TileIndexToArith",
    .summary = "Rewrite the index dialect's ops as arith ops on index values "
               "(for targets whose conversion takes arith but not index)",
    .anchor = "",
    .options = options,
    .numOptions = TILE_COUNT(options),
    .dependentDialects = dependent,
    .numDependentDialects = TILE_COUNT(dependent),
    .run = run,
};
