/* tile-vulkan-bool-buffers' first step: integer arithmetic on i1 in device
 * code. SPIR-V's integer instructions take integers of 8 to 64 bits, and
 * MLIR's conversion made IAdd, IMul, UDiv, shifts and the like of OpTypeBool
 * operands, which its verifier refused; ceildivsi and floordivsi failed to
 * legalize. Each such op (scalar or vector) becomes the same op on i32
 * operands, extended as the op reads them (sign-extended for the signed
 * ones: -1 and 0, zero-extended otherwise), and a trunci of the result:
 * the i1 result of the op is the low bit of that of i32 (the op keeps its
 * attributes: overflow flags hold of the wider values too). andi, ori, xori,
 * cmpi, select and the max/min ops convert as they are. */
#include "vulkan/vulkan.h"

#include "ir/builder.h"
#include "ir/builder_vector.h"
#include "ir/ir.h"
#include "support/count.h"

#include "mlir-c/BuiltinTypes.h"

#include <stdbool.h>

static const char *const kUnsigned[] = {
    "arith.addi",  "arith.subi", "arith.muli",  "arith.divui",
    "arith.remui", "arith.shli", "arith.shrui", "arith.ceildivui",
};
static const char *const kSigned[] = {
    "arith.divsi",     "arith.remsi",      "arith.shrsi",
    "arith.ceildivsi", "arith.floordivsi",
};

static bool isBool(MlirType type) {
  MlirType element = tbScalarOf(type);
  return mlirTypeIsAInteger(element) && mlirIntegerTypeGetWidth(element) == 1;
}

static bool widens(MlirOperation op) {
  return mlirOperationGetNumResults(op) == 1 &&
         mlirOperationGetNumOperands(op) == 2 &&
         isBool(mlirValueGetType(mlirOperationGetResult(op, 0))) &&
         (tileOpIsAny(op, kUnsigned, TILE_COUNT(kUnsigned)) ||
          tileOpIsAny(op, kSigned, TILE_COUNT(kSigned)));
}

static MlirWalkResult collect(MlirOperation op, void *userData) {
  if (widens(op))
    tileOpListAppend(userData, op);
  return MlirWalkResultAdvance;
}

static MlirWalkResult collectModules(MlirOperation op, void *userData) {
  if (!tileOpIs(op, "gpu.module"))
    return MlirWalkResultAdvance;
  mlirOperationWalk(op, collect, userData, MlirWalkPostOrder);
  return MlirWalkResultSkip;
}

void tileVulkanWidenBoolArith(MlirOperation root) {
  TileOpList ops = {0};
  mlirOperationWalk(root, collectModules, &ops, MlirWalkPreOrder);
  for (size_t i = 0; i < ops.count; ++i) {
    MlirOperation op = ops.ops[i];
    bool isSigned = tileOpIsAny(op, kSigned, TILE_COUNT(kSigned));
    MlirType type = mlirValueGetType(mlirOperationGetResult(op, 0));
    TileBuilder b = tbBefore(op);
    MlirType wide = tbShapedLike(type, mlirIntegerTypeGet(b.ctx, 32));
    MlirValue x = tbConvertOp(&b, isSigned ? "arith.extsi" : "arith.extui",
                              mlirOperationGetOperand(op, 0), wide);
    MlirValue y = tbConvertOp(&b, isSigned ? "arith.extsi" : "arith.extui",
                              mlirOperationGetOperand(op, 1), wide);
    MlirValue operands[] = {x, y};
    MlirValue result = tbResult(tbCreateLike(&b, op, 2, operands, 1, &wide));
    tbReplaceOp(op, tbConvertOp(&b, "arith.trunci", result, type));
  }
  tileOpListFree(&ops);
}
