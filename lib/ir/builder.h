/* A small IR builder so that C lowering code reads like the IR it emits. */
#ifndef TILE_IR_BUILDER_H
#define TILE_IR_BUILDER_H

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/IR.h"

#include "ir/ir.h"

#include <stdbool.h>
#include <stdint.h>

/* Where new ops go: before `before`, or at the end of `block` when `before`
 * is null. Every op gets location `loc`. */
typedef struct {
  MlirContext ctx;
  MlirLocation loc;
  MlirBlock block;
  MlirOperation before;
} TileBuilder;

TileBuilder tbBefore(MlirOperation op);
TileBuilder tbAfter(MlirOperation op);
TileBuilder tbAtEnd(MlirBlock block, MlirLocation loc);
/* Before the terminator of `block`. */
TileBuilder tbAtTerminator(MlirBlock block, MlirLocation loc);

/* Creates `name` with operands, result types, attributes and `numRegions`
 * regions (each holding one block with `blockArgs` arguments when
 * blockArgs >= 0, empty otherwise) and inserts it. */
MlirOperation tbCreate(TileBuilder *b, const char *name, intptr_t numOperands,
                       const MlirValue *operands, intptr_t numResults,
                       const MlirType *results, intptr_t numAttrs,
                       const MlirNamedAttribute *attrs);
MlirOperation
tbCreateWithRegions(TileBuilder *b, const char *name, intptr_t numOperands,
                    const MlirValue *operands, intptr_t numResults,
                    const MlirType *results, intptr_t numAttrs,
                    const MlirNamedAttribute *attrs, intptr_t numRegions);
/* An op of `like`'s name and attributes (inherent ones too) with these
 * operands and result types, inserted; `like` is left as it is. */
MlirOperation tbCreateLike(TileBuilder *b, MlirOperation like,
                           intptr_t numOperands, const MlirValue *operands,
                           intptr_t numResults, const MlirType *results);
MlirValue tbResult(MlirOperation op);
/* Replaces the uses of op's one result by `value` and erases op. */
void tbReplaceOp(MlirOperation op, MlirValue value);

MlirNamedAttribute tbNamed(TileBuilder *b, const char *name,
                           MlirAttribute attr);
MlirAttribute tbParseAttr(TileBuilder *b, const char *text);
MlirType tbParseType(TileBuilder *b, const char *text);
MlirAttribute tbI64Attr(TileBuilder *b, int64_t v);
MlirAttribute tbBoolAttr(TileBuilder *b, bool v);
MlirAttribute tbStrAttr(TileBuilder *b, const char *s);

MlirType tbIndex(TileBuilder *b);
MlirType tbI1(TileBuilder *b);
MlirType tbI32(TileBuilder *b);
MlirType tbF32(TileBuilder *b);

/* arith */
MlirValue tbConstIndex(TileBuilder *b, int64_t v);
MlirValue tbConstInt(TileBuilder *b, MlirType type, int64_t v);
MlirValue tbConstFloat(TileBuilder *b, MlirType type, double v);
/* A constant of `type` (int, index or float) from an attribute value. */
MlirValue tbConstAttr(TileBuilder *b, MlirAttribute value);
MlirValue tbBinary(TileBuilder *b, const char *op, MlirValue x, MlirValue y);
MlirValue tbAdd(TileBuilder *b, MlirValue x, MlirValue y);  /* addi */
MlirValue tbSub(TileBuilder *b, MlirValue x, MlirValue y);  /* subi */
MlirValue tbMul(TileBuilder *b, MlirValue x, MlirValue y);  /* muli */
MlirValue tbDivU(TileBuilder *b, MlirValue x, MlirValue y); /* divui */
MlirValue tbRemU(TileBuilder *b, MlirValue x, MlirValue y); /* remui */
MlirValue tbMinU(TileBuilder *b, MlirValue x, MlirValue y); /* minui */
/* arith.cmpi with a predicate name: "eq", "ne", "slt", "sle", "ult", ... */
/* `element` in the shape of `like`: a vector of the same shape when `like`
 * is a vector type, `element` itself otherwise. */
MlirType tbShapedLike(MlirType like, MlirType element);
/* The element type of a vector (or other shaped type), `type` itself
 * otherwise. */
MlirType tbScalarOf(MlirType type);
/* arith.cmpi with a predicate name; i1, or a vector of i1 for vectors. */
MlirValue tbCmpI(TileBuilder *b, const char *predicate, MlirValue x,
                 MlirValue y);
MlirValue tbAnd(TileBuilder *b, MlirValue x, MlirValue y);
MlirValue tbSelect(TileBuilder *b, MlirValue c, MlirValue x, MlirValue y);
/* Converts between element types: ext/trunc for same-kind types. */
MlirValue tbConvert(TileBuilder *b, MlirValue v, MlirType to);

/* memref */
MlirValue tbLoad(TileBuilder *b, MlirValue memref, intptr_t n,
                 const MlirValue *indices);
void tbStore(TileBuilder *b, MlirValue value, MlirValue memref, intptr_t n,
             const MlirValue *indices);
MlirValue tbDim(TileBuilder *b, MlirValue memref, int64_t dim);
/* memref.extract_strided_metadata of a ranked memref of rank r: result 0
 * is its base buffer (rank 0, same element type and memory space), 1 its
 * offset, 2 to r + 1 its sizes and r + 2 to 2r + 1 its strides. */
MlirOperation tbStridedMetadata(TileBuilder *b, MlirValue memref);

/* The bounds of a loop nest as values, one per dimension. */
typedef struct {
  intptr_t rank;
  MlirValue lb[TILE_MAX_RANK], ub[TILE_MAX_RANK], step[TILE_MAX_RANK];
} TileLoopBounds;

/* The lower and upper bounds and steps of an scf.forall: its mixed static
 * and dynamic entries, static ones as constants built at `b`. */
TileLoopBounds tbForallBounds(TileBuilder *b, MlirOperation forall);

/* The number of iterations of a loop from `lb` to `ub` by `step` (positive),
 * as scf.for and scf.forall count them: ceil((ub - lb) / step), and 0 where
 * ub <= lb (an unsigned division of a negative span counted 2^64 - 3
 * iterations for ub - lb = -3). A constant where all three are. */
MlirValue tbTripCount(TileBuilder *b, MlirValue lb, MlirValue ub,
                      MlirValue step);
/* The first n entries of op's mixed static/dynamic list `attrName` (a
 * dense i64 array whose dynamic entries are INT64_MIN) as index values:
 * constants for the static entries, and for each dynamic one the operand
 * at *nextOperand, which advances. */
void tbMixedValues(TileBuilder *b, MlirOperation op, const char *attrName,
                   intptr_t *nextOperand, intptr_t n, MlirValue *out);

/* scf: a loop whose body is built with tbAtTerminator(loop.body, loc). */
typedef struct {
  MlirOperation op;
  MlirBlock body;
  MlirValue iv;
} TileLoop;
TileLoop tbFor(TileBuilder *b, MlirValue lb, MlirValue ub, MlirValue step);
/* scf.if without results; `thenBlock` ends in scf.yield. */
MlirBlock tbIf(TileBuilder *b, MlirValue cond);
/* scf.if without results with both branches; each block ends in scf.yield. */
void tbIfElse(TileBuilder *b, MlirValue cond, MlirBlock *thenBlock,
              MlirBlock *elseBlock);

#endif
