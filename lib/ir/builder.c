/* A small IR builder so that C lowering code reads like the IR it emits. */
#include "ir/builder.h"
#include "ir/builder_vector.h"

#include "ir/ir.h"
#include "support/alloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

TileBuilder tbBefore(MlirOperation op) {
  return (TileBuilder){mlirOperationGetContext(op),
                       mlirOperationGetLocation(op), mlirOperationGetBlock(op),
                       op};
}

TileBuilder tbAfter(MlirOperation op) {
  TileBuilder b = tbBefore(op);
  b.before = mlirOperationGetNextInBlock(op);
  return b;
}

TileBuilder tbAtEnd(MlirBlock block, MlirLocation loc) {
  return (TileBuilder){mlirLocationGetContext(loc), loc, block,
                       (MlirOperation){NULL}};
}

TileBuilder tbAtTerminator(MlirBlock block, MlirLocation loc) {
  return (TileBuilder){mlirLocationGetContext(loc), loc, block,
                       mlirBlockGetTerminator(block)};
}

static MlirOperation insert(TileBuilder *b, MlirOperation op) {
  if (mlirOperationIsNull(b->before))
    mlirBlockAppendOwnedOperation(b->block, op);
  else
    mlirBlockInsertOwnedOperationBefore(b->block, b->before, op);
  return op;
}

MlirOperation
tbCreateWithRegions(TileBuilder *b, const char *name, intptr_t numOperands,
                    const MlirValue *operands, intptr_t numResults,
                    const MlirType *results, intptr_t numAttrs,
                    const MlirNamedAttribute *attrs, intptr_t numRegions) {
  MlirOperationState state = mlirOperationStateGet(tileRef(name), b->loc);
  mlirOperationStateAddOperands(&state, numOperands, operands);
  mlirOperationStateAddResults(&state, numResults, results);
  mlirOperationStateAddAttributes(&state, numAttrs, attrs);
  MlirRegion regions[4];
  for (intptr_t i = 0; i < numRegions && i < 4; ++i)
    regions[i] = mlirRegionCreate();
  mlirOperationStateAddOwnedRegions(&state, numRegions, regions);
  return insert(b, mlirOperationCreate(&state));
}

MlirOperation tbCreate(TileBuilder *b, const char *name, intptr_t numOperands,
                       const MlirValue *operands, intptr_t numResults,
                       const MlirType *results, intptr_t numAttrs,
                       const MlirNamedAttribute *attrs) {
  return tbCreateWithRegions(b, name, numOperands, operands, numResults,
                             results, numAttrs, attrs, 0);
}

MlirOperation tbCreateLike(TileBuilder *b, MlirOperation like,
                           intptr_t numOperands, const MlirValue *operands,
                           intptr_t numResults, const MlirType *results) {
  MlirOperationState state = mlirOperationStateGet(
      mlirIdentifierStr(mlirOperationGetName(like)), b->loc);
  mlirOperationStateAddOperands(&state, numOperands, operands);
  mlirOperationStateAddResults(&state, numResults, results);
  for (intptr_t i = 0; i < mlirOperationGetNumAttributes(like); ++i) {
    MlirNamedAttribute attr = mlirOperationGetAttribute(like, i);
    mlirOperationStateAddAttributes(&state, 1, &attr);
  }
  return insert(b, mlirOperationCreate(&state));
}

MlirValue tbResult(MlirOperation op) { return mlirOperationGetResult(op, 0); }

void tbReplaceOp(MlirOperation op, MlirValue value) {
  mlirValueReplaceAllUsesOfWith(mlirOperationGetResult(op, 0), value);
  mlirOperationDestroy(op);
}

MlirNamedAttribute tbNamed(TileBuilder *b, const char *name,
                           MlirAttribute attr) {
  return mlirNamedAttributeGet(mlirIdentifierGet(b->ctx, tileRef(name)), attr);
}

MlirAttribute tbParseAttr(TileBuilder *b, const char *text) {
  return mlirAttributeParseGet(b->ctx, tileRef(text));
}

MlirType tbParseType(TileBuilder *b, const char *text) {
  return mlirTypeParseGet(b->ctx, tileRef(text));
}

MlirAttribute tbI64Attr(TileBuilder *b, int64_t v) {
  return mlirIntegerAttrGet(mlirIntegerTypeGet(b->ctx, 64), v);
}

MlirAttribute tbBoolAttr(TileBuilder *b, bool v) {
  return mlirBoolAttrGet(b->ctx, v);
}

MlirAttribute tbStrAttr(TileBuilder *b, const char *s) {
  return mlirStringAttrGet(b->ctx, tileRef(s));
}

MlirType tbIndex(TileBuilder *b) { return mlirIndexTypeGet(b->ctx); }
MlirType tbI1(TileBuilder *b) { return mlirIntegerTypeGet(b->ctx, 1); }
MlirType tbI32(TileBuilder *b) { return mlirIntegerTypeGet(b->ctx, 32); }
MlirType tbF32(TileBuilder *b) { return mlirF32TypeGet(b->ctx); }

MlirValue tbConstAttr(TileBuilder *b, MlirAttribute value) {
  MlirType type = mlirAttributeGetType(value);
  MlirNamedAttribute attr = tbNamed(b, "value", value);
  return tbResult(tbCreate(b, "arith.constant", 0, NULL, 1, &type, 1, &attr));
}

MlirValue tbConstIndex(TileBuilder *b, int64_t v) {
  return tbConstAttr(b, mlirIntegerAttrGet(tbIndex(b), v));
}

MlirValue tbConstInt(TileBuilder *b, MlirType type, int64_t v) {
  return tbConstAttr(b, mlirIntegerAttrGet(type, v));
}

MlirValue tbConstFloat(TileBuilder *b, MlirType type, double v) {
  return tbConstAttr(b, mlirFloatAttrDoubleGet(b->ctx, type, v));
}

MlirValue tbBinary(TileBuilder *b, const char *op, MlirValue x, MlirValue y) {
  MlirValue operands[] = {x, y};
  MlirType type = mlirValueGetType(x);
  return tbResult(tbCreate(b, op, 2, operands, 1, &type, 0, NULL));
}

MlirValue tbAdd(TileBuilder *b, MlirValue x, MlirValue y) {
  return tbBinary(b, "arith.addi", x, y);
}
MlirValue tbSub(TileBuilder *b, MlirValue x, MlirValue y) {
  return tbBinary(b, "arith.subi", x, y);
}
MlirValue tbMul(TileBuilder *b, MlirValue x, MlirValue y) {
  return tbBinary(b, "arith.muli", x, y);
}
MlirValue tbDivU(TileBuilder *b, MlirValue x, MlirValue y) {
  return tbBinary(b, "arith.divui", x, y);
}
MlirValue tbRemU(TileBuilder *b, MlirValue x, MlirValue y) {
  return tbBinary(b, "arith.remui", x, y);
}
MlirValue tbMinU(TileBuilder *b, MlirValue x, MlirValue y) {
  return tbBinary(b, "arith.minui", x, y);
}
MlirValue tbAnd(TileBuilder *b, MlirValue x, MlirValue y) {
  return tbBinary(b, "arith.andi", x, y);
}

MlirType tbShapedLike(MlirType like, MlirType element) {
  if (!mlirTypeIsAVector(like))
    return element;
  intptr_t rank = mlirShapedTypeGetRank(like);
  int64_t shape[TILE_MAX_RANK];
  for (intptr_t i = 0; i < rank && i < TILE_MAX_RANK; ++i)
    shape[i] = mlirShapedTypeGetDimSize(like, i);
  return mlirVectorTypeGet(rank, shape, element);
}

MlirType tbScalarOf(MlirType type) {
  return mlirTypeIsAShaped(type) ? mlirShapedTypeGetElementType(type) : type;
}

MlirValue tbCmpI(TileBuilder *b, const char *predicate, MlirValue x,
                 MlirValue y) {
  static const char *const names[] = {"eq",  "ne",  "slt", "sle", "sgt",
                                      "sge", "ult", "ule", "ugt", "uge"};
  int64_t code = 0;
  for (int64_t i = 0; i < 10; ++i)
    if (strcmp(names[i], predicate) == 0)
      code = i;
  MlirValue operands[] = {x, y};
  MlirType i1 = tbShapedLike(mlirValueGetType(x), tbI1(b));
  MlirNamedAttribute attr = tbNamed(
      b, "predicate", mlirIntegerAttrGet(mlirIntegerTypeGet(b->ctx, 64), code));
  return tbResult(tbCreate(b, "arith.cmpi", 2, operands, 1, &i1, 1, &attr));
}

MlirValue tbSelect(TileBuilder *b, MlirValue c, MlirValue x, MlirValue y) {
  MlirValue operands[] = {c, x, y};
  MlirType type = mlirValueGetType(x);
  return tbResult(tbCreate(b, "arith.select", 3, operands, 1, &type, 0, NULL));
}

static unsigned bitWidth(MlirType t) {
  if (mlirTypeIsAFloat(t))
    return mlirFloatTypeGetWidth(t);
  if (mlirTypeIsAInteger(t))
    return mlirIntegerTypeGetWidth(t);
  return 64;
}

MlirValue tbConvert(TileBuilder *b, MlirValue v, MlirType to) {
  MlirType from = mlirValueGetType(v);
  if (mlirTypeEqual(from, to))
    return v;
  const char *op;
  bool fromFloat = mlirTypeIsAFloat(from), toFloat = mlirTypeIsAFloat(to);
  /* Two float types of one width (f16 and bf16) convert through f32:
   * neither arith.extf nor arith.truncf goes between them. */
  if (fromFloat && toFloat && bitWidth(to) == bitWidth(from) &&
      bitWidth(to) < 32)
    return tbConvert(b, tbConvert(b, v, mlirF32TypeGet(mlirTypeGetContext(to))),
                     to);
  if (fromFloat && toFloat)
    op = bitWidth(to) > bitWidth(from) ? "arith.extf" : "arith.truncf";
  else if (!fromFloat && !toFloat)
    op = mlirTypeIsAIndex(from) || mlirTypeIsAIndex(to) ? "arith.index_cast"
         : bitWidth(to) > bitWidth(from)                ? "arith.extsi"
                                                        : "arith.trunci";
  else
    op = fromFloat ? "arith.fptosi" : "arith.sitofp";
  return tbResult(tbCreate(b, op, 1, &v, 1, &to, 0, NULL));
}

MlirValue tbLoad(TileBuilder *b, MlirValue memref, intptr_t n,
                 const MlirValue *indices) {
  MlirValue operands[TILE_MAX_RANK + 1];
  operands[0] = memref;
  for (intptr_t i = 0; i < n; ++i)
    operands[i + 1] = indices[i];
  MlirType type = mlirShapedTypeGetElementType(mlirValueGetType(memref));
  return tbResult(
      tbCreate(b, "memref.load", n + 1, operands, 1, &type, 0, NULL));
}

void tbStore(TileBuilder *b, MlirValue value, MlirValue memref, intptr_t n,
             const MlirValue *indices) {
  MlirValue operands[TILE_MAX_RANK + 2];
  operands[0] = value;
  operands[1] = memref;
  for (intptr_t i = 0; i < n; ++i)
    operands[i + 2] = indices[i];
  tbCreate(b, "memref.store", n + 2, operands, 0, NULL, 0, NULL);
}

MlirValue tbDim(TileBuilder *b, MlirValue memref, int64_t dim) {
  MlirValue operands[] = {memref, tbConstIndex(b, dim)};
  MlirType index = tbIndex(b);
  return tbResult(tbCreate(b, "memref.dim", 2, operands, 1, &index, 0, NULL));
}

MlirOperation tbStridedMetadata(TileBuilder *b, MlirValue memref) {
  MlirType type = mlirValueGetType(memref);
  intptr_t rank = mlirShapedTypeGetRank(type);
  MlirType *types = tileCallocArray((size_t)(2 + 2 * rank), sizeof(MlirType));
  types[0] = mlirMemRefTypeContiguousGet(tileElementType(type), 0, NULL,
                                         mlirMemRefTypeGetMemorySpace(type));
  for (intptr_t i = 1; i < 2 + 2 * rank; ++i)
    types[i] = tbIndex(b);
  MlirOperation meta = tbCreate(b, "memref.extract_strided_metadata", 1,
                                &memref, 2 + 2 * rank, types, 0, NULL);
  free(types);
  return meta;
}

TileLoop tbFor(TileBuilder *b, MlirValue lb, MlirValue ub, MlirValue step) {
  MlirValue operands[] = {lb, ub, step};
  MlirOperation op =
      tbCreateWithRegions(b, "scf.for", 3, operands, 0, NULL, 0, NULL, 1);
  MlirType index = mlirValueGetType(lb);
  MlirLocation loc = b->loc;
  MlirBlock body = mlirBlockCreate(1, &index, &loc);
  mlirRegionAppendOwnedBlock(mlirOperationGetRegion(op, 0), body);
  TileBuilder inner = tbAtEnd(body, b->loc);
  tbCreate(&inner, "scf.yield", 0, NULL, 0, NULL, 0, NULL);
  return (TileLoop){op, body, mlirBlockGetArgument(body, 0)};
}

MlirBlock tbIf(TileBuilder *b, MlirValue cond) {
  MlirOperation op =
      tbCreateWithRegions(b, "scf.if", 1, &cond, 0, NULL, 0, NULL, 2);
  MlirBlock thenBlock = mlirBlockCreate(0, NULL, NULL);
  mlirRegionAppendOwnedBlock(mlirOperationGetRegion(op, 0), thenBlock);
  TileBuilder inner = tbAtEnd(thenBlock, b->loc);
  tbCreate(&inner, "scf.yield", 0, NULL, 0, NULL, 0, NULL);
  return thenBlock;
}

void tbIfElse(TileBuilder *b, MlirValue cond, MlirBlock *thenBlock,
              MlirBlock *elseBlock) {
  MlirOperation op =
      tbCreateWithRegions(b, "scf.if", 1, &cond, 0, NULL, 0, NULL, 2);
  MlirBlock blocks[2];
  for (int i = 0; i < 2; ++i) {
    blocks[i] = mlirBlockCreate(0, NULL, NULL);
    mlirRegionAppendOwnedBlock(mlirOperationGetRegion(op, i), blocks[i]);
    TileBuilder inner = tbAtEnd(blocks[i], b->loc);
    tbCreate(&inner, "scf.yield", 0, NULL, 0, NULL, 0, NULL);
  }
  *thenBlock = blocks[0];
  *elseBlock = blocks[1];
}

void tbMixedValues(TileBuilder *b, MlirOperation op, const char *attrName,
                   intptr_t *nextOperand, intptr_t n, MlirValue *out) {
  MlirAttribute statics = tileOpGetAttr(op, attrName);
  for (intptr_t i = 0; i < n; ++i) {
    int64_t v = mlirDenseI64ArrayGetElement(statics, i);
    out[i] = v == INT64_MIN ? mlirOperationGetOperand(op, (*nextOperand)++)
                            : tbConstIndex(b, v);
  }
}

TileLoopBounds tbForallBounds(TileBuilder *b, MlirOperation forall) {
  TileLoopBounds bounds;
  bounds.rank =
      mlirDenseArrayGetNumElements(tileOpGetAttr(forall, "staticUpperBound"));
  /* Dynamic entries are the operands, in the order lbs, ubs, steps. */
  intptr_t next = 0;
  tbMixedValues(b, forall, "staticLowerBound", &next, bounds.rank, bounds.lb);
  tbMixedValues(b, forall, "staticUpperBound", &next, bounds.rank, bounds.ub);
  tbMixedValues(b, forall, "staticStep", &next, bounds.rank, bounds.step);
  return bounds;
}

MlirValue tbTripCount(TileBuilder *b, MlirValue lb, MlirValue ub,
                      MlirValue step) {
  int64_t l, u, s;
  if (tileConstantInt(lb, &l) && tileConstantInt(ub, &u) &&
      tileConstantInt(step, &s) && s > 0)
    return tbConstIndex(
        b, u <= l ? 0
                  : (int64_t)(((uint64_t)u - (uint64_t)l + (uint64_t)s - 1) /
                              (uint64_t)s));
  MlirValue span = tbMaxS(b, tbSub(b, ub, lb), tbConstIndex(b, 0));
  return tbBinary(b, "arith.ceildivui", span, step);
}
