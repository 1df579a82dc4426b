/* tile-expand-shapes: a memref.expand_shape that splits one dimension into
 * several of dynamic size (memref<?xf32> into memref<?x?xf32>, with the
 * sizes in output_shape) becomes a memref.reinterpret_cast of its source's
 * base buffer, with the sizes of output_shape and the strides they give.
 * MLIR 22's expand-strided-metadata infers the sizes of a group from the
 * source and takes at most one dynamic size per group: on two it built a
 * reinterpret_cast from a null size and crashed (mlir-opt does too), so any
 * function that reshaped a dynamic buffer into a matrix of runtime sizes
 * crashed the cpu pipeline and the host pipelines of the GPU targets. Runs
 * right before expand-strided-metadata, which lowers the cast.
 *
 * A dimension of stride s split into sizes e0, ..., ek has strides
 * s * e1 * ... * ek, ..., s * ek, s; the offset is the source's. Static
 * strides and offsets of the result type are kept as constants (the cast's
 * verifier compares them). */
#include "ir/builder.h"
#include "ir/ir.h"
#include "passes/pass.h"
#include "support/count.h"
#include "support/strbuf.h"

#include "mlir-c/Dialect/Arith.h"
#include "mlir-c/Dialect/MemRef.h"

#include <stdio.h>

/* Whether a group of `op`'s reassociation has more than one dynamic size
 * in the result (what expand-strided-metadata cannot take). */
static bool ambiguous(MlirOperation op) {
  if (!tileOpIs(op, "memref.expand_shape") ||
      mlirOperationGetNumResults(op) != 1)
    return false;
  MlirType result = mlirValueGetType(mlirOperationGetResult(op, 0));
  MlirAttribute groups = mlirOperationGetAttributeByName(
      op, mlirStringRefCreateFromCString("reassociation"));
  if (!mlirTypeIsAMemRef(result) || mlirAttributeIsNull(groups) ||
      !mlirAttributeIsAArray(groups))
    return false;
  for (intptr_t g = 0; g < mlirArrayAttrGetNumElements(groups); ++g) {
    MlirAttribute group = mlirArrayAttrGetElement(groups, g);
    int dynamic = 0;
    for (intptr_t i = 0; i < mlirArrayAttrGetNumElements(group); ++i) {
      int64_t d = mlirIntegerAttrGetValueInt(mlirArrayAttrGetElement(group, i));
      dynamic += mlirShapedTypeIsDynamicDim(result, d);
    }
    if (dynamic > 1)
      return true;
  }
  return false;
}

static MlirWalkResult collect(MlirOperation op, void *userData) {
  if (ambiguous(op))
    tileOpListAppend(userData, op);
  return MlirWalkResultAdvance;
}

/* One entry of a mixed static/dynamic list. */
typedef struct {
  int64_t value; /* INT64_MIN: dynamic, in `dynamic` */
  MlirValue dynamic;
} Mixed;

/* Appends "array<i64: ...>" of the list's static entries to `text`, and
 * its dynamic ones to `operands`. */
static void splitMixed(const Mixed *list, intptr_t n, TileStrBuf *text,
                       MlirValue *operands, intptr_t *numOperands) {
  tileStrBufAppendStr(text, "array<i64");
  for (intptr_t i = 0; i < n; ++i) {
    tileStrBufPrintf(text, "%s %lld", i ? "," : ":", (long long)list[i].value);
    if (list[i].value == INT64_MIN)
      operands[(*numOperands)++] = list[i].dynamic;
  }
  tileStrBufAppendStr(text, ">");
}

static MlirAttribute mixedAttr(TileBuilder *b, const Mixed *list, intptr_t n,
                               MlirValue *operands, intptr_t *numOperands) {
  TileStrBuf text = TILE_STRBUF_INIT;
  splitMixed(list, n, &text, operands, numOperands);
  MlirAttribute attr = tbParseAttr(b, tileStrBufGet(&text));
  tileStrBufFree(&text);
  return attr;
}

/* The reinterpret_cast that stands for expand_shape `op`. */
static MlirValue expanded(TileBuilder *b, MlirOperation op) {
  MlirValue source = mlirOperationGetOperand(op, 0);
  MlirType sourceType = mlirValueGetType(source);
  MlirType result = mlirValueGetType(mlirOperationGetResult(op, 0));
  intptr_t sourceRank = mlirShapedTypeGetRank(sourceType);
  intptr_t rank = mlirShapedTypeGetRank(result);
  MlirOperation meta = tbStridedMetadata(b, source);

  int64_t resultStrides[TILE_MAX_RANK], resultOffset;
  mlirMemRefTypeGetStridesAndOffset(result, resultStrides, &resultOffset);
  MlirValue sizeValues[TILE_MAX_RANK];
  intptr_t next = 1;
  tbMixedValues(b, op, "static_output_shape", &next, rank, sizeValues);

  Mixed offset = {resultOffset, mlirOperationGetResult(meta, 1)};
  Mixed sizes[TILE_MAX_RANK], strides[TILE_MAX_RANK];
  for (intptr_t d = 0; d < rank; ++d)
    sizes[d] = (Mixed){mlirShapedTypeGetDimSize(result, d), sizeValues[d]};
  MlirAttribute groups = mlirOperationGetAttributeByName(
      op, mlirStringRefCreateFromCString("reassociation"));
  for (intptr_t g = 0; g < mlirArrayAttrGetNumElements(groups); ++g) {
    MlirAttribute group = mlirArrayAttrGetElement(groups, g);
    /* From the innermost dimension of the group out. */
    MlirValue stride = mlirOperationGetResult(meta, 2 + sourceRank + g);
    for (intptr_t i = mlirArrayAttrGetNumElements(group) - 1; i >= 0; --i) {
      int64_t d = mlirIntegerAttrGetValueInt(mlirArrayAttrGetElement(group, i));
      strides[d] = (Mixed){resultStrides[d], stride};
      if (i > 0)
        stride = tbMul(b, stride, sizeValues[d]);
    }
  }

  MlirValue operands[1 + 1 + 2 * TILE_MAX_RANK];
  intptr_t numOperands = 1;
  operands[0] = mlirOperationGetResult(meta, 0);
  MlirAttribute staticOffsets =
      mixedAttr(b, &offset, 1, operands, &numOperands);
  intptr_t afterOffsets = numOperands;
  MlirAttribute staticSizes = mixedAttr(b, sizes, rank, operands, &numOperands);
  intptr_t afterSizes = numOperands;
  MlirAttribute staticStrides =
      mixedAttr(b, strides, rank, operands, &numOperands);
  char segments[96];
  snprintf(segments, sizeof(segments), "array<i32: 1, %d, %d, %d>",
           (int)(afterOffsets - 1), (int)(afterSizes - afterOffsets),
           (int)(numOperands - afterSizes));
  MlirNamedAttribute attrs[] = {
      tbNamed(b, "operandSegmentSizes", tbParseAttr(b, segments)),
      tbNamed(b, "static_offsets", staticOffsets),
      tbNamed(b, "static_sizes", staticSizes),
      tbNamed(b, "static_strides", staticStrides),
  };
  return tbResult(tbCreate(b, "memref.reinterpret_cast", numOperands, operands,
                           1, &result, TILE_COUNT(attrs), attrs));
}

static void run(MlirOperation root, MlirExternalPass pass,
                const TileOptionValue *values) {
  (void)values;
  TileOpList list = {0};
  mlirOperationWalk(root, collect, &list, MlirWalkPostOrder);
  for (size_t i = 0; i < list.count; ++i) {
    MlirOperation op = list.ops[i];
    MlirType source = mlirValueGetType(mlirOperationGetOperand(op, 0));
    MlirType result = mlirValueGetType(mlirOperationGetResult(op, 0));
    int64_t strides[TILE_MAX_RANK], offset;
    if (mlirShapedTypeGetRank(result) > TILE_MAX_RANK ||
        mlirLogicalResultIsFailure(
            mlirMemRefTypeGetStridesAndOffset(source, strides, &offset))) {
      tileEmitOpError(op,
                      "splits a dimension into several of dynamic size, "
                      "which is supported up to rank %d of a strided memref",
                      TILE_MAX_RANK);
      mlirExternalPassSignalFailure(pass);
      break;
    }
    TileBuilder b = tbBefore(op);
    tbReplaceOp(op, expanded(&b, op));
  }
  tileOpListFree(&list);
}

static const TileDialectHandleGetter dialects[] = {
    mlirGetDialectHandle__arith__,
    mlirGetDialectHandle__memref__,
};

const TilePassDescriptor tileExpandShapesPass = {
    .argument = "tile-expand-shapes",
    .name = "TileExpandShapes",
    .summary = "Turn memref.expand_shape ops that split a dimension into "
               "several of dynamic size into reinterpret casts (MLIR 22's "
               "expand-strided-metadata crashed on them)",
    .anchor = "",
    .dependentDialects = dialects,
    .numDependentDialects = TILE_COUNT(dialects),
    .run = run,
};
