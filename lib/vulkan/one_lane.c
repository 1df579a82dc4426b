/* The step of tile-vulkan-unroll-vectors that comes before the others:
 * SPIR-V has no vector of one lane, and MLIR's conversion takes a vector
 * of one element (of rank 0, or with every dimension 1) for its element
 * only in some patterns: math ops on one failed to legalize (tile's own
 * math lowering builds SPIR-V ops of the vector type), and transfers of
 * rank 0 had no pattern. So the ops on such vectors become the same ops on
 * their elements:
 * - arith and math ops whose vector operands and results all have one
 *   element (arith.constant aside: canonicalize folds the extract of one),
 *   and vector.fma, which becomes math.fma;
 * - vector.transfer_read and transfer_write of rank 0, which become
 *   memref.load and memref.store (tileLowerRankZeroTransfer, under
 *   scf.if where they have a mask).
 * Each element is taken with vector.extract and each result put back with
 * vector.broadcast; canonicalize folds the pairs. */
#include "vulkan/vulkan.h"

#include "ir/builder.h"
#include "ir/builder_vector.h"
#include "ir/ir.h"
#include "passes/expand_vectors.h"

enum { kMaxOperands = 8, kMaxResults = 2 };

/* Whether `type` is a vector of one element (a static one, of at most
 * TILE_MAX_RANK dimensions, which tbVExtractFirst takes). */
static bool isOneLane(MlirType type) {
  if (!mlirTypeIsAVector(type) || !mlirShapedTypeHasStaticShape(type) ||
      mlirShapedTypeGetRank(type) > TILE_MAX_RANK)
    return false;
  for (intptr_t d = 0; d < mlirShapedTypeGetRank(type); ++d)
    if (mlirVectorTypeIsDimScalable(type, d) ||
        mlirShapedTypeGetDimSize(type, d) != 1)
      return false;
  return true;
}

static bool isWiderVector(MlirType type) {
  return mlirTypeIsAVector(type) && !isOneLane(type);
}

/* An elementwise op with at least one vector, each of one element. */
static bool isOneLaneElementwise(MlirOperation op) {
  return tileVulkanIsElementwise(op) &&
         mlirOperationGetNumOperands(op) <= kMaxOperands &&
         mlirOperationGetNumResults(op) <= kMaxResults &&
         !mlirTypeIsNull(tileFindValueType(op, isOneLane)) &&
         mlirTypeIsNull(tileFindValueType(op, isWiderVector));
}

static void scalarizeElementwise(MlirOperation op) {
  TileBuilder b = tbBefore(op);
  intptr_t operands = mlirOperationGetNumOperands(op);
  intptr_t results = mlirOperationGetNumResults(op);
  MlirValue args[kMaxOperands];
  for (intptr_t i = 0; i < operands; ++i) {
    MlirValue v = mlirOperationGetOperand(op, i);
    args[i] =
        mlirTypeIsAVector(mlirValueGetType(v)) ? tbVExtractFirst(&b, v) : v;
  }
  MlirType types[kMaxResults];
  for (intptr_t r = 0; r < results; ++r)
    types[r] = tbScalarOf(mlirValueGetType(mlirOperationGetResult(op, r)));
  MlirOperation scalar =
      tileOpIs(op, "vector.fma")
          ? tbCreate(&b, "math.fma", operands, args, results, types, 0, NULL)
          : tbCreateLike(&b, op, operands, args, results, types);
  for (intptr_t r = 0; r < results; ++r) {
    MlirValue result = mlirOperationGetResult(op, r);
    mlirValueReplaceAllUsesOfWith(
        result, tbVBroadcast(&b, mlirValueGetType(result),
                             mlirOperationGetResult(scalar, r)));
  }
  mlirOperationDestroy(op);
}

static MlirWalkResult collect(MlirOperation op, void *userData) {
  TileTransfer t;
  if (isOneLaneElementwise(op) || tileIsRankZeroTransfer(op, &t))
    tileOpListAppend(userData, op);
  return MlirWalkResultAdvance;
}

void tileVulkanScalarizeOneLane(MlirOperation root) {
  TileOpList list = {0};
  mlirOperationWalk(root, collect, &list, MlirWalkPostOrder);
  for (size_t i = 0; i < list.count; ++i) {
    TileTransfer t;
    if (tileIsRankZeroTransfer(list.ops[i], &t))
      tileLowerRankZeroTransfer(list.ops[i], &t);
    else
      scalarizeElementwise(list.ops[i]);
  }
  tileOpListFree(&list);
}
