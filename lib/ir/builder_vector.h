/* Builder helpers for vector code: vector ops, loops that carry values,
 * stack buffers. They extend ir/builder.h in the same style. */
#ifndef TILE_IR_BUILDER_VECTOR_H
#define TILE_IR_BUILDER_VECTOR_H

#include "ir/builder.h"

/* Types */
MlirType tbVectorType(MlirType element, int64_t lanes);
/* A memref with the identity layout and no memory space. */
MlirType tbMemRefType(MlirType element, intptr_t rank, const int64_t *shape);
MlirType tbI64(TileBuilder *b);

/* memref.alloca with an alignment in bytes. */
MlirValue tbAlloca(TileBuilder *b, MlirType memref, int64_t alignment);

/* memref.prefetch for reading into all cache levels. */
void tbPrefetch(TileBuilder *b, MlirValue memref, intptr_t n,
                const MlirValue *indices);

/* vector.load / vector.store of `vectorType` at `indices`. */
MlirValue tbVLoad(TileBuilder *b, MlirType vectorType, MlirValue memref,
                  intptr_t n, const MlirValue *indices);
void tbVStore(TileBuilder *b, MlirValue value, MlirValue memref, intptr_t n,
              const MlirValue *indices);
/* vector.maskedload (lanes off the mask read `passthru`) / maskedstore. */
MlirValue tbVMaskedLoad(TileBuilder *b, MlirValue memref, intptr_t n,
                        const MlirValue *indices, MlirValue mask,
                        MlirValue passthru);
void tbVMaskedStore(TileBuilder *b, MlirValue value, MlirValue memref,
                    intptr_t n, const MlirValue *indices, MlirValue mask);
/* vector.transfer_read / transfer_write of a one-dimensional vector along
 * the last dimension of `memref`, in bounds, under `mask` where it is not
 * null (lanes off the mask read `padding`, a scalar, and are not written).
 * Unlike vector.load, they take memrefs whose last dimension is strided. */
MlirValue tbVTransferRead(TileBuilder *b, MlirType vectorType, MlirValue memref,
                          intptr_t n, const MlirValue *indices,
                          MlirValue padding, MlirValue mask);
void tbVTransferWrite(TileBuilder *b, MlirValue value, MlirValue memref,
                      intptr_t n, const MlirValue *indices, MlirValue mask);
/* vector.create_mask: the first `count` of `lanes` lanes are on. */
MlirValue tbVCreateMask(TileBuilder *b, int64_t lanes, MlirValue count);
MlirValue tbVBroadcast(TileBuilder *b, MlirType vectorType, MlirValue scalar);
/* vector.fma: a * b + c, lane by lane. */
MlirValue tbVFma(TileBuilder *b, MlirValue x, MlirValue y, MlirValue acc);
/* vector.reduction <kind> (add, maximumf, minsi, ...) to a scalar. */
MlirValue tbVReduce(TileBuilder *b, const char *kind, MlirValue vector);
/* vector.shuffle: lane i of the result is lane mask[i] of x ++ y. */
MlirValue tbVShuffle(TileBuilder *b, MlirValue x, MlirValue y, intptr_t n,
                     const int64_t *mask);
/* vector.extract of one lane at a static position. */
MlirValue tbVExtract(TileBuilder *b, MlirValue vector, int64_t lane);
/* The first element of a vector of static shape and at most TILE_MAX_RANK
 * dimensions (vector.extract at 0 in every dimension; at no position for a
 * vector of rank 0). */
MlirValue tbVExtractFirst(TileBuilder *b, MlirValue vector);
/* `vector` with lane `lane` set to `value` (vector.insert). */
MlirValue tbVInsert(TileBuilder *b, MlirValue vector, int64_t lane,
                    MlirValue value);

/* A constant of element type `element` shaped like `like`: a scalar, or a
 * splat vector when `like` is a vector. tbSplatInt takes integers whole. */
MlirValue tbSplat(TileBuilder *b, MlirValue like, MlirType element,
                  double value);
MlirValue tbSplatInt(TileBuilder *b, MlirValue like, MlirType element,
                     int64_t value);

/* The zero of vector type `type` (a splat constant). */
MlirValue tbZeroVector(TileBuilder *b, MlirType type);

/* arith on any type: one result of the operand's type. */
MlirValue tbUnary(TileBuilder *b, const char *op, MlirValue x);
MlirValue tbConvertOp(TileBuilder *b, const char *op, MlirValue x, MlirType to);
/* arith.cmpf with a predicate name: "olt", "oge", "uno", ... */
MlirValue tbCmpF(TileBuilder *b, const char *predicate, MlirValue x,
                 MlirValue y);
MlirValue tbMaxS(TileBuilder *b, MlirValue x, MlirValue y); /* maxsi */
MlirValue tbMinS(TileBuilder *b, MlirValue x, MlirValue y); /* minsi */
MlirValue tbOr(TileBuilder *b, MlirValue x, MlirValue y);

/* f64 `x` (scalar or vector) to f32 rounded to odd: an inexact result gets
 * its last bit set, after stepping back towards zero where rounding to
 * nearest went away from it. Rounding that again to a format of at most 22
 * significant bits (f16, bf16) rounds as `x` would directly; rounding f64
 * to f32 to nearest and then again may not (x just above a halfway point
 * of f16 becomes that point in f32, which then rounds to even). */
MlirValue tbRoundToOddF32(TileBuilder *b, MlirValue x);

/* scf.for carrying `numInits` values. The body has no terminator: end it
 * with tbYield. Iteration values are tbIterArg, results tbLoopResult. */
TileLoop tbForIter(TileBuilder *b, MlirValue lb, MlirValue ub, MlirValue step,
                   intptr_t numInits, const MlirValue *inits);
MlirValue tbIterArg(TileLoop loop, intptr_t i);
MlirValue tbLoopResult(TileLoop loop, intptr_t i);
void tbYield(TileBuilder *b, intptr_t n, const MlirValue *values);

#endif
