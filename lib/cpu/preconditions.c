/* What the cpu lowerings rely on about a tile op (offset counts, static
 * shapes, ranks), checked before they index by it: a pass run on input
 * that tile-verify would reject reports it instead of crashing. */
#include "cpu/lowering.h"

static bool isStaticMemRef(MlirType t) {
  return mlirTypeIsAMemRef(t) && mlirShapedTypeHasStaticShape(t);
}

static bool sameShape(MlirType a, MlirType b) {
  if (tileRank(a) != tileRank(b))
    return false;
  for (intptr_t d = 0; d < tileRank(a); ++d)
    if (tileDim(a, d) != tileDim(b, d))
      return false;
  return true;
}

static MlirType operandType(MlirOperation op, intptr_t i) {
  return mlirValueGetType(mlirOperationGetOperand(op, i));
}

/* Every buffer operand is a ranked memref the lowerings can index. */
static const char *checkBuffers(MlirOperation op, intptr_t numBuffers) {
  if (mlirOperationGetNumOperands(op) < numBuffers)
    return "too few operands";
  for (intptr_t i = 0; i < numBuffers; ++i) {
    MlirType t = operandType(op, i);
    if (!mlirTypeIsAMemRef(t))
      return "an operand is not a ranked memref";
    if (tileRank(t) > TILE_MAX_RANK)
      return "a buffer has more than 8 dimensions";
  }
  return NULL;
}

static const char *checkWindowed(MlirType window, MlirType tile,
                                 intptr_t numOffsets) {
  if (!isStaticMemRef(tile))
    return "the tile side is not statically shaped";
  if (numOffsets != tileRank(window))
    return "the offsets do not match the rank of the windowed buffer";
  if (tileRank(window) < tileRank(tile))
    return "the windowed buffer has a lower rank than the tile";
  return NULL;
}

static const char *checkCopy(MlirOperation op) {
  intptr_t firstSrc, firstDst;
  intptr_t numSrc = tileOperandGroup(op, 2, &firstSrc);
  intptr_t numDst = tileOperandGroup(op, 3, &firstDst);
  MlirType src = operandType(op, 0), dst = operandType(op, 1);
  if (numSrc && numDst)
    return "offsets are given for both sides";
  if (numSrc)
    return checkWindowed(src, dst, numSrc);
  if (numDst)
    return checkWindowed(dst, src, numDst);
  if (!isStaticMemRef(src) || !isStaticMemRef(dst) || !sameShape(src, dst))
    return "without offsets, both sides need the same static shape";
  return NULL;
}

static const char *checkGemm(MlirOperation op) {
  MlirType a = operandType(op, 0), b = operandType(op, 1),
           c = operandType(op, 2);
  if (!isStaticMemRef(a) || !isStaticMemRef(b) || !isStaticMemRef(c) ||
      tileRank(a) != 2 || tileRank(b) != 2 || tileRank(c) != 2)
    return "A, B and C must be static 2-d tiles";
  bool ok;
  bool ta = tileGetBoolAttr(op, "transpose_a", false, &ok);
  bool tb = tileGetBoolAttr(op, "transpose_b", false, &ok);
  int64_t m = tileDim(a, ta ? 1 : 0), k = tileDim(a, ta ? 0 : 1);
  int64_t kb = tileDim(b, tb ? 1 : 0), n = tileDim(b, tb ? 0 : 1);
  if (k != kb || tileDim(c, 0) != m || tileDim(c, 1) != n)
    return "the shapes of A, B and C do not agree";
  return NULL;
}

static const char *checkReduce(MlirOperation op) {
  MlirType src = operandType(op, 0), dst = operandType(op, 1);
  MlirAttribute kind = tileOpGetAttr(op, "kind");
  MlirAttribute dim = tileOpGetAttr(op, "dim");
  if (!isStaticMemRef(src) || !isStaticMemRef(dst))
    return "source and dest must be statically shaped";
  if (mlirAttributeIsNull(kind) || !mlirAttributeIsAString(kind) ||
      mlirAttributeIsNull(dim) || !mlirAttributeIsAInteger(dim))
    return "kind and dim attributes are needed";
  int64_t d = mlirIntegerAttrGetValueInt(dim);
  if (d < 0 || d >= tileRank(src) || tileRank(dst) != tileRank(src) - 1)
    return "dim or the rank of dest does not fit the source";
  for (intptr_t i = 0, j = 0; i < tileRank(src); ++i)
    if (i != d && tileDim(src, i) != tileDim(dst, j++))
      return "dest is not the source's shape without dim";
  if (!mlirTypeEqual(tileElementType(src), tileElementType(dst)))
    return "source and dest element types differ";
  return NULL;
}

static const char *checkAtomicAdd(MlirOperation op) {
  MlirType src = operandType(op, 0), dst = operandType(op, 1);
  if (!mlirTypeEqual(tileElementType(src), tileElementType(dst)))
    return "source and dest element types differ";
  return checkWindowed(dst, src, mlirOperationGetNumOperands(op) - 2);
}

static const char *checkFill(MlirOperation op) {
  MlirType dst = operandType(op, 0);
  if (!mlirTypeEqual(mlirValueGetType(mlirOperationGetOperand(op, 1)),
                     tileElementType(dst)))
    return "the value is not of the dest element type";
  return NULL;
}

bool tileCpuCheckOp(MlirOperation op) {
  intptr_t numBuffers = tileOpIs(op, "tile.fill")   ? 1
                        : tileOpIs(op, "tile.gemm") ? 3
                                                    : 2;
  const char *problem = checkBuffers(op, numBuffers);
  if (!problem)
    problem = tileOpIs(op, "tile.copy")         ? checkCopy(op)
              : tileOpIs(op, "tile.gemm")       ? checkGemm(op)
              : tileOpIs(op, "tile.reduce")     ? checkReduce(op)
              : tileOpIs(op, "tile.atomic_add") ? checkAtomicAdd(op)
              : tileOpIs(op, "tile.fill")       ? checkFill(op)
                                                : NULL;
  if (problem)
    tileEmitOpError(op,
                    "cannot be lowered for the cpu: %s (tile-verify "
                    "reports the rules it breaks)",
                    problem);
  return !problem;
}
