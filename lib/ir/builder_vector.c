/* Builder helpers for vector code: vector ops, loops that carry values,
 * stack buffers. */
#include "ir/builder_vector.h"

#include "ir/ir.h"

#include <stdio.h>
#include <string.h>

MlirType tbVectorType(MlirType element, int64_t lanes) {
  return mlirVectorTypeGet(1, &lanes, element);
}

MlirType tbMemRefType(MlirType element, intptr_t rank, const int64_t *shape) {
  return mlirMemRefTypeContiguousGet(element, rank, shape,
                                     mlirAttributeGetNull());
}

MlirType tbI64(TileBuilder *b) { return mlirIntegerTypeGet(b->ctx, 64); }

MlirValue tbAlloca(TileBuilder *b, MlirType memref, int64_t alignment) {
  MlirNamedAttribute attrs[] = {
      tbNamed(b, "operandSegmentSizes",
              mlirDenseI32ArrayGet(b->ctx, 2, (const int32_t[]){0, 0})),
      tbNamed(b, "alignment", tbI64Attr(b, alignment)),
  };
  return tbResult(tbCreate(b, "memref.alloca", 0, NULL, 1, &memref, 2, attrs));
}

/* Operands `head`, then `indices`, then `tail`. */
static intptr_t gather(MlirValue *out, intptr_t numHead, const MlirValue *head,
                       intptr_t n, const MlirValue *indices, intptr_t numTail,
                       const MlirValue *tail) {
  intptr_t k = 0;
  for (intptr_t i = 0; i < numHead; ++i)
    out[k++] = head[i];
  for (intptr_t i = 0; i < n; ++i)
    out[k++] = indices[i];
  for (intptr_t i = 0; i < numTail; ++i)
    out[k++] = tail[i];
  return k;
}

void tbPrefetch(TileBuilder *b, MlirValue memref, intptr_t n,
                const MlirValue *indices) {
  MlirValue operands[TILE_MAX_RANK + 1];
  intptr_t k = gather(operands, 1, &memref, n, indices, 0, NULL);
  MlirNamedAttribute attrs[] = {
      tbNamed(b, "isWrite", tbBoolAttr(b, false)),
      tbNamed(b, "localityHint",
              mlirIntegerAttrGet(mlirIntegerTypeGet(b->ctx, 32), 3)),
      tbNamed(b, "isDataCache", tbBoolAttr(b, true)),
  };
  tbCreate(b, "memref.prefetch", k, operands, 0, NULL, 3, attrs);
}

MlirValue tbVLoad(TileBuilder *b, MlirType vectorType, MlirValue memref,
                  intptr_t n, const MlirValue *indices) {
  MlirValue operands[TILE_MAX_RANK + 1];
  intptr_t k = gather(operands, 1, &memref, n, indices, 0, NULL);
  return tbResult(
      tbCreate(b, "vector.load", k, operands, 1, &vectorType, 0, NULL));
}

void tbVStore(TileBuilder *b, MlirValue value, MlirValue memref, intptr_t n,
              const MlirValue *indices) {
  MlirValue operands[TILE_MAX_RANK + 2];
  MlirValue head[] = {value, memref};
  intptr_t k = gather(operands, 2, head, n, indices, 0, NULL);
  tbCreate(b, "vector.store", k, operands, 0, NULL, 0, NULL);
}

MlirValue tbVMaskedLoad(TileBuilder *b, MlirValue memref, intptr_t n,
                        const MlirValue *indices, MlirValue mask,
                        MlirValue passthru) {
  MlirValue operands[TILE_MAX_RANK + 3];
  MlirValue tail[] = {mask, passthru};
  intptr_t k = gather(operands, 1, &memref, n, indices, 2, tail);
  MlirType type = mlirValueGetType(passthru);
  return tbResult(
      tbCreate(b, "vector.maskedload", k, operands, 1, &type, 0, NULL));
}

void tbVMaskedStore(TileBuilder *b, MlirValue value, MlirValue memref,
                    intptr_t n, const MlirValue *indices, MlirValue mask) {
  MlirValue operands[TILE_MAX_RANK + 3];
  MlirValue tail[] = {mask, value};
  intptr_t k = gather(operands, 1, &memref, n, indices, 2, tail);
  tbCreate(b, "vector.maskedstore", k, operands, 0, NULL, 0, NULL);
}

/* The attributes of a one-dimensional transfer along the last of `n`
 * dimensions, in bounds. Its operands: a read's memref, `n` indices,
 * padding and `numMask` masks (0 or 1); a write's vector, memref, indices
 * and masks. */
static void transferAttributes(TileBuilder *b, intptr_t n, bool read,
                               int32_t numMask, MlirNamedAttribute *attrs) {
  MlirAttribute inBounds = tbBoolAttr(b, true);
  attrs[0] = tbNamed(
      b, "permutation_map",
      mlirAffineMapAttrGet(mlirAffineMapMinorIdentityGet(b->ctx, n, 1)));
  attrs[1] = tbNamed(b, "in_bounds", mlirArrayAttrGet(b->ctx, 1, &inBounds));
  int32_t reading[] = {1, (int32_t)n, 1, numMask};
  int32_t writing[] = {1, 1, (int32_t)n, numMask};
  attrs[2] = tbNamed(b, "operandSegmentSizes",
                     mlirDenseI32ArrayGet(b->ctx, 4, read ? reading : writing));
}

MlirValue tbVTransferRead(TileBuilder *b, MlirType vectorType, MlirValue memref,
                          intptr_t n, const MlirValue *indices,
                          MlirValue padding, MlirValue mask) {
  MlirValue operands[TILE_MAX_RANK + 3];
  MlirValue tail[] = {padding, mask};
  int32_t numMask = mlirValueIsNull(mask) ? 0 : 1;
  intptr_t k = gather(operands, 1, &memref, n, indices, 1 + numMask, tail);
  MlirNamedAttribute attrs[3];
  transferAttributes(b, n, true, numMask, attrs);
  return tbResult(tbCreate(b, "vector.transfer_read", k, operands, 1,
                           &vectorType, 3, attrs));
}

void tbVTransferWrite(TileBuilder *b, MlirValue value, MlirValue memref,
                      intptr_t n, const MlirValue *indices, MlirValue mask) {
  MlirValue operands[TILE_MAX_RANK + 3];
  MlirValue head[] = {value, memref};
  int32_t numMask = mlirValueIsNull(mask) ? 0 : 1;
  intptr_t k = gather(operands, 2, head, n, indices, numMask, &mask);
  MlirNamedAttribute attrs[3];
  transferAttributes(b, n, false, numMask, attrs);
  tbCreate(b, "vector.transfer_write", k, operands, 0, NULL, 3, attrs);
}

MlirValue tbVCreateMask(TileBuilder *b, int64_t lanes, MlirValue count) {
  MlirType type = tbVectorType(tbI1(b), lanes);
  return tbResult(
      tbCreate(b, "vector.create_mask", 1, &count, 1, &type, 0, NULL));
}

MlirValue tbVBroadcast(TileBuilder *b, MlirType vectorType, MlirValue scalar) {
  return tbResult(
      tbCreate(b, "vector.broadcast", 1, &scalar, 1, &vectorType, 0, NULL));
}

MlirValue tbVFma(TileBuilder *b, MlirValue x, MlirValue y, MlirValue acc) {
  MlirValue operands[] = {x, y, acc};
  MlirType type = mlirValueGetType(acc);
  return tbResult(tbCreate(b, "vector.fma", 3, operands, 1, &type, 0, NULL));
}

MlirValue tbVReduce(TileBuilder *b, const char *kind, MlirValue vector) {
  char text[64];
  snprintf(text, sizeof(text), "#vector.kind<%s>", kind);
  MlirNamedAttribute attr = tbNamed(b, "kind", tbParseAttr(b, text));
  MlirType type = mlirShapedTypeGetElementType(mlirValueGetType(vector));
  return tbResult(
      tbCreate(b, "vector.reduction", 1, &vector, 1, &type, 1, &attr));
}

MlirValue tbVShuffle(TileBuilder *b, MlirValue x, MlirValue y, intptr_t n,
                     const int64_t *mask) {
  MlirValue operands[] = {x, y};
  MlirType type =
      tbVectorType(mlirShapedTypeGetElementType(mlirValueGetType(x)), n);
  MlirNamedAttribute attr =
      tbNamed(b, "mask", mlirDenseI64ArrayGet(b->ctx, n, mask));
  return tbResult(
      tbCreate(b, "vector.shuffle", 2, operands, 1, &type, 1, &attr));
}

MlirValue tbVExtract(TileBuilder *b, MlirValue vector, int64_t lane) {
  MlirNamedAttribute attr =
      tbNamed(b, "static_position", mlirDenseI64ArrayGet(b->ctx, 1, &lane));
  MlirType type = mlirShapedTypeGetElementType(mlirValueGetType(vector));
  return tbResult(
      tbCreate(b, "vector.extract", 1, &vector, 1, &type, 1, &attr));
}

MlirValue tbVExtractFirst(TileBuilder *b, MlirValue vector) {
  MlirType type = mlirValueGetType(vector);
  int64_t zeros[TILE_MAX_RANK] = {0};
  intptr_t rank = mlirShapedTypeGetRank(type);
  MlirNamedAttribute attr =
      tbNamed(b, "static_position",
              mlirDenseI64ArrayGet(
                  b->ctx, rank < TILE_MAX_RANK ? rank : TILE_MAX_RANK, zeros));
  type = mlirShapedTypeGetElementType(type);
  return tbResult(
      tbCreate(b, "vector.extract", 1, &vector, 1, &type, 1, &attr));
}

MlirValue tbVInsert(TileBuilder *b, MlirValue vector, int64_t lane,
                    MlirValue value) {
  MlirNamedAttribute attr =
      tbNamed(b, "static_position", mlirDenseI64ArrayGet(b->ctx, 1, &lane));
  MlirType type = mlirValueGetType(vector);
  MlirValue operands[] = {value, vector};
  return tbResult(
      tbCreate(b, "vector.insert", 2, operands, 1, &type, 1, &attr));
}

static MlirValue splatOf(TileBuilder *b, MlirValue like, MlirAttribute scalar) {
  MlirType type =
      tbShapedLike(mlirValueGetType(like), mlirAttributeGetType(scalar));
  if (!mlirTypeIsAVector(type))
    return tbConstAttr(b, scalar);
  return tbConstAttr(b, mlirDenseElementsAttrSplatGet(type, scalar));
}

MlirValue tbSplat(TileBuilder *b, MlirValue like, MlirType element,
                  double value) {
  if (!mlirTypeIsAFloat(element))
    return tbSplatInt(b, like, element, (int64_t)value);
  return splatOf(b, like, mlirFloatAttrDoubleGet(b->ctx, element, value));
}

MlirValue tbZeroVector(TileBuilder *b, MlirType type) {
  MlirType element = mlirShapedTypeGetElementType(type);
  MlirAttribute zero = mlirTypeIsAFloat(element)
                           ? mlirFloatAttrDoubleGet(b->ctx, element, 0.0)
                           : mlirIntegerAttrGet(element, 0);
  return tbConstAttr(b, mlirDenseElementsAttrSplatGet(type, zero));
}

MlirValue tbSplatInt(TileBuilder *b, MlirValue like, MlirType element,
                     int64_t value) {
  return splatOf(b, like, mlirIntegerAttrGet(element, value));
}

MlirValue tbUnary(TileBuilder *b, const char *op, MlirValue x) {
  MlirType type = mlirValueGetType(x);
  return tbResult(tbCreate(b, op, 1, &x, 1, &type, 0, NULL));
}

MlirValue tbConvertOp(TileBuilder *b, const char *op, MlirValue x,
                      MlirType to) {
  return tbResult(tbCreate(b, op, 1, &x, 1, &to, 0, NULL));
}

MlirValue tbCmpF(TileBuilder *b, const char *predicate, MlirValue x,
                 MlirValue y) {
  static const char *const names[] = {
      "false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord",
      "ueq",   "ugt", "uge", "ult", "ule", "une", "uno", "true"};
  int64_t code = 0;
  for (int64_t i = 0; i < 16; ++i)
    if (strcmp(names[i], predicate) == 0)
      code = i;
  MlirType result = tbShapedLike(mlirValueGetType(x), tbI1(b));
  MlirValue operands[] = {x, y};
  MlirNamedAttribute attr = tbNamed(b, "predicate", tbI64Attr(b, code));
  return tbResult(tbCreate(b, "arith.cmpf", 2, operands, 1, &result, 1, &attr));
}

MlirValue tbMaxS(TileBuilder *b, MlirValue x, MlirValue y) {
  return tbBinary(b, "arith.maxsi", x, y);
}
MlirValue tbMinS(TileBuilder *b, MlirValue x, MlirValue y) {
  return tbBinary(b, "arith.minsi", x, y);
}
MlirValue tbOr(TileBuilder *b, MlirValue x, MlirValue y) {
  return tbBinary(b, "arith.ori", x, y);
}

MlirValue tbRoundToOddF32(TileBuilder *b, MlirValue x) {
  MlirType f32 = tbShapedLike(mlirValueGetType(x), tbF32(b));
  MlirType i32 = tbShapedLike(mlirValueGetType(x), tbI32(b));
  MlirValue t = tbConvertOp(b, "arith.truncf", x, f32);
  MlirValue back = tbConvertOp(b, "arith.extf", t, mlirValueGetType(x));
  MlirValue inexact = tbCmpF(b, "one", back, x);
  MlirValue above = tbCmpF(b, "ogt", tbUnary(b, "math.absf", back),
                           tbUnary(b, "math.absf", x));
  MlirValue bits = tbConvertOp(b, "arith.bitcast", t, i32);
  MlirValue towardZero =
      tbSub(b, bits, tbConvertOp(b, "arith.extui", above, i32));
  MlirValue odd = tbOr(b, towardZero, tbSplatInt(b, x, tbI32(b), 1));
  return tbConvertOp(b, "arith.bitcast", tbSelect(b, inexact, odd, bits), f32);
}

TileLoop tbForIter(TileBuilder *b, MlirValue lb, MlirValue ub, MlirValue step,
                   intptr_t numInits, const MlirValue *inits) {
  MlirValue operands[3 + 64];
  MlirType types[1 + 64];
  MlirLocation locs[1 + 64];
  if (numInits > 64)
    numInits = 64;
  operands[0] = lb;
  operands[1] = ub;
  operands[2] = step;
  types[0] = mlirValueGetType(lb);
  locs[0] = b->loc;
  for (intptr_t i = 0; i < numInits; ++i) {
    operands[3 + i] = inits[i];
    types[1 + i] = mlirValueGetType(inits[i]);
    locs[1 + i] = b->loc;
  }
  MlirOperation op = tbCreateWithRegions(b, "scf.for", 3 + numInits, operands,
                                         numInits, types + 1, 0, NULL, 1);
  MlirBlock body = mlirBlockCreate(1 + numInits, types, locs);
  mlirRegionAppendOwnedBlock(mlirOperationGetRegion(op, 0), body);
  return (TileLoop){op, body, mlirBlockGetArgument(body, 0)};
}

MlirValue tbIterArg(TileLoop loop, intptr_t i) {
  return mlirBlockGetArgument(loop.body, 1 + i);
}

MlirValue tbLoopResult(TileLoop loop, intptr_t i) {
  return mlirOperationGetResult(loop.op, i);
}

void tbYield(TileBuilder *b, intptr_t n, const MlirValue *values) {
  tbCreate(b, "scf.yield", n, values, 0, NULL, 0, NULL);
}
