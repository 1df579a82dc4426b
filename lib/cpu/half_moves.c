/* tile-cpu-half-moves: masked loads and stores of f16 and bf16 vectors move
 * i16 lanes instead. Without AVX-512, LLVM splits such a masked access into
 * lanes and carries each 16-bit float through f32 on the way, converting
 * back with __truncsfbf2 (which GCC 12's libgcc does not have) or
 * __truncsfhf2; as i16 lanes the data only moves. */
#include "cpu/lowering.h"

static bool isHalfVector(MlirType type) {
  if (!mlirTypeIsAVector(type))
    return false;
  MlirType element = mlirShapedTypeGetElementType(type);
  return mlirTypeIsAF16(element) || mlirTypeIsABF16(element);
}

static MlirType asI16(TileBuilder *b, MlirType type) {
  return tbVectorType(mlirIntegerTypeGet(b->ctx, 16),
                      mlirShapedTypeGetDimSize(type, 0));
}

static MlirValue bitcast(TileBuilder *b, MlirValue v, MlirType to) {
  return tbConvertOp(b, "llvm.bitcast", v, to);
}

/* The op again on i16 lanes: 16-bit float vector operands are bitcast to
 * i16 vectors, and such a result back. */
static void retype(MlirOperation op) {
  TileBuilder b = tbBefore(op);
  intptr_t numOperands = mlirOperationGetNumOperands(op);
  intptr_t numResults = mlirOperationGetNumResults(op);
  MlirValue operands[4];
  MlirType result;
  if (numOperands > 4 || numResults > 1)
    return;
  for (intptr_t i = 0; i < numOperands; ++i) {
    MlirValue v = mlirOperationGetOperand(op, i);
    MlirType type = mlirValueGetType(v);
    operands[i] = isHalfVector(type) ? bitcast(&b, v, asI16(&b, type)) : v;
  }
  MlirValue old = numResults ? mlirOperationGetResult(op, 0) : (MlirValue){0};
  if (numResults)
    result = asI16(&b, mlirValueGetType(old));
  MlirOperation moved =
      tbCreateLike(&b, op, numOperands, operands, numResults, &result);
  if (numResults)
    mlirValueReplaceAllUsesOfWith(
        old, bitcast(&b, tbResult(moved), mlirValueGetType(old)));
  mlirOperationDestroy(op);
}

static MlirWalkResult collect(MlirOperation op, void *userData) {
  bool load = tileOpIs(op, "llvm.intr.masked.load");
  if (load && isHalfVector(mlirValueGetType(mlirOperationGetResult(op, 0))))
    tileOpListAppend(userData, op);
  if (tileOpIs(op, "llvm.intr.masked.store") &&
      isHalfVector(mlirValueGetType(mlirOperationGetOperand(op, 0))))
    tileOpListAppend(userData, op);
  return MlirWalkResultAdvance;
}

static void run(MlirOperation op, MlirExternalPass pass,
                const TileOptionValue *options) {
  (void)pass;
  (void)options;
  TileOpList ops = {0};
  mlirOperationWalk(op, collect, &ops, MlirWalkPreOrder);
  for (size_t i = 0; i < ops.count; ++i)
    retype(ops.ops[i]);
  tileOpListFree(&ops);
}

const TilePassDescriptor tileCpuHalfMovesPass = {
    .argument = "tile-cpu-half-moves",
    .name = "TileCpuHalfMoves",
    .summary = "Masked loads and stores of f16/bf16 vectors move i16 lanes, "
               "so that LLVM does not convert them through f32 (cpu)",
    .anchor = "",
    .run = run,
};
