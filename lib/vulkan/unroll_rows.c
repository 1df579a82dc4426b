/* The first step of tile-vulkan-unroll-vectors: ops on vectors of two
 * dimensions (SPIR-V's vectors have one) become the same ops on their
 * rows, which the second step cuts into pieces where they are wide. As
 * there, each op is rewritten on its own: its operands' rows are taken
 * with vector.extract, its results' rows put back with vector.insert, and
 * canonicalize folds each row of a put-together value (and of a constant)
 * into the row it names; the ops that take and put rows are marked
 * tile.vector_piece.
 *
 * Rewritten: arith and math ops (elementwise; arith.select's condition may
 * be a scalar), vector.fma, vector.broadcast of a scalar or a row,
 * vector.extract and vector.insert of a row or of an element at a static
 * position, vector.shape_cast between two dimensions and one, vector.
 * transpose, vector.transfer_read and transfer_write along the last two
 * dimensions of a memref without a mask (rows that may lie past the first
 * of them are masked by a check of their index), and float contractions of a
 * matrix product (the right-hand side k x n or n x k; row i is acc_i plus an
 * fma per k of lhs[i][k] broadcast and row k of the right-hand side) and outer
 * products. An op is rewritten only where the ops its two-dimensional values
 * come from (or a constant) and go to are rewritten too. */
#include "vulkan/vulkan.h"

#include "ir/builder.h"
#include "ir/builder_vector.h"
#include "ir/choices.h"
#include "ir/ir.h"
#include "support/count.h"

#include "mlir-c/AffineMap.h"
#include "mlir-c/BuiltinAttributes.h"

/* kMaxRows: vectors of up to 64 rows of up to 256 lanes are rewritten. */
enum { kMaxRows = 64, kMaxLanes = 256, kMaxOperands = 8 };

static MlirNamedAttribute mark(TileBuilder *b) {
  return tbNamed(b, TILE_VULKAN_PIECE_MARK, mlirUnitAttrGet(b->ctx));
}

/* The rows of a vector of two static dimensions this step takes, else 0. */
static int64_t rowsOf(MlirType type) {
  if (!mlirTypeIsAVector(type) || mlirShapedTypeGetRank(type) != 2 ||
      !mlirShapedTypeHasStaticShape(type) ||
      mlirVectorTypeIsDimScalable(type, 0) ||
      mlirVectorTypeIsDimScalable(type, 1))
    return 0;
  int64_t rows = mlirShapedTypeGetDimSize(type, 0);
  int64_t lanes = mlirShapedTypeGetDimSize(type, 1);
  return rows >= 1 && rows <= kMaxRows && lanes >= 1 && lanes <= kMaxLanes
             ? rows
             : 0;
}

static int64_t valueRows(MlirValue v) { return rowsOf(mlirValueGetType(v)); }

static MlirType rowType(MlirType type) {
  int64_t lanes = mlirShapedTypeGetDimSize(type, 1);
  return mlirVectorTypeGet(1, &lanes, mlirShapedTypeGetElementType(type));
}

static MlirValue extractAt(TileBuilder *b, MlirValue v, int64_t at,
                           MlirType type) {
  MlirNamedAttribute attrs[] = {
      tbNamed(b, "static_position", mlirDenseI64ArrayGet(b->ctx, 1, &at)),
      mark(b)};
  return tbResult(
      tbCreate(b, "vector.extract", 1, &v, 1, &type, TILE_COUNT(attrs), attrs));
}

/* Row `i` of a two-dimensional `v`. */
static MlirValue rowOf(TileBuilder *b, MlirValue v, int64_t i) {
  return extractAt(b, v, i, rowType(mlirValueGetType(v)));
}

/* The vector of type `type` whose rows are `rows`. */
static MlirValue fromRows(TileBuilder *b, MlirType type,
                          const MlirValue *rows) {
  MlirValue acc = tbZeroVector(b, type);
  for (int64_t i = 0; i < rowsOf(type); ++i) {
    MlirNamedAttribute attrs[] = {
        tbNamed(b, "static_position", mlirDenseI64ArrayGet(b->ctx, 1, &i)),
        mark(b)};
    MlirValue operands[] = {rows[i], acc};
    acc = tbResult(tbCreate(b, "vector.insert", 2, operands, 1, &type,
                            TILE_COUNT(attrs), attrs));
  }
  return acc;
}

/* An arith or math op (or vector.fma) whose vector operands and results
 * all have one two-dimensional shape: its rows. */
static int64_t elementwiseRows(MlirOperation op) {
  if (!tileVulkanIsElementwise(op) ||
      mlirOperationGetNumOperands(op) > kMaxOperands ||
      mlirOperationGetNumResults(op) != 1)
    return 0;
  intptr_t operands = mlirOperationGetNumOperands(op);
  int64_t rows = 0, lanes = 0;
  for (intptr_t i = 0; i <= operands; ++i) {
    MlirType t = mlirValueGetType(i < operands ? mlirOperationGetOperand(op, i)
                                               : mlirOperationGetResult(op, 0));
    if (!mlirTypeIsAVector(t)) {
      if (!(i == 0 && tileOpIs(op, "arith.select")))
        return 0;
      continue;
    }
    if (!rowsOf(t) || (rows && (rowsOf(t) != rows ||
                                mlirShapedTypeGetDimSize(t, 1) != lanes)))
      return 0;
    rows = rowsOf(t);
    lanes = mlirShapedTypeGetDimSize(t, 1);
  }
  return rows;
}

static void rowsElementwise(MlirOperation op, int64_t rows) {
  TileBuilder b = tbBefore(op);
  intptr_t operands = mlirOperationGetNumOperands(op);
  MlirType type = mlirValueGetType(mlirOperationGetResult(op, 0));
  MlirType row = rowType(type);
  MlirValue results[kMaxRows];
  for (int64_t i = 0; i < rows; ++i) {
    MlirValue args[kMaxOperands];
    for (intptr_t k = 0; k < operands; ++k) {
      MlirValue v = mlirOperationGetOperand(op, k);
      args[k] = mlirTypeIsAVector(mlirValueGetType(v)) ? rowOf(&b, v, i) : v;
    }
    results[i] = tbResult(tbCreateLike(&b, op, operands, args, 1, &row));
  }
  tbReplaceOp(op, fromRows(&b, type, results));
}

/* A transfer of a two-dimensional vector along the last two dimensions of
 * a memref, without a mask. */
static bool isRowTransfer(MlirOperation op, TileTransfer *t) {
  if (!tileTransferOf(op, t) || !rowsOf(t->vector) || t->mask.ptr ||
      t->rank < 2 || mlirOperationGetNumOperands(op) > kMaxOperands)
    return false;
  MlirAttribute map = tileOpGetAttr(op, "permutation_map");
  MlirAttribute inBounds = tileOpGetAttr(op, "in_bounds");
  return !mlirAttributeIsNull(map) && mlirAttributeIsAAffineMap(map) &&
         mlirAffineMapIsMinorIdentity(mlirAffineMapAttrGetValue(map)) &&
         mlirAffineMapGetNumResults(mlirAffineMapAttrGetValue(map)) == 2 &&
         !mlirAttributeIsNull(inBounds) && mlirAttributeIsAArray(inBounds) &&
         mlirArrayAttrGetNumElements(inBounds) == 2;
}

/* The mask of row `row` of a transfer that may run past the memref's
 * second to last dimension, of `size`: every lane on where `index` lies
 * inside it, none elsewhere (a read gives the padding there, a write leaves
 * it). */
static MlirValue rowMask(TileBuilder *b, MlirValue index, MlirValue size,
                         MlirType row) {
  MlirValue inside = tbCmpI(b, "ult", index, size);
  int64_t lanes = mlirShapedTypeGetDimSize(row, 0);
  return tbVBroadcast(b, tbVectorType(tbI1(b), lanes), inside);
}

/* Row i moved at the memref's second to last index plus i, along its last
 * dimension (a one-result minor identity map); under rowMask where the
 * transfer is not in bounds along the second to last. */
static void rowsTransfer(MlirOperation op, const TileTransfer *t) {
  TileBuilder b = tbBefore(op);
  int64_t rows = rowsOf(t->vector);
  MlirAttribute inBoundsAttr = tileOpGetAttr(op, "in_bounds");
  bool firstInBounds =
      mlirBoolAttrGetValue(mlirArrayAttrGetElement(inBoundsAttr, 0));
  MlirAttribute lastInBounds = mlirArrayAttrGetElement(inBoundsAttr, 1);
  MlirAttribute inBounds = mlirArrayAttrGet(b.ctx, 1, &lastInBounds);
  MlirAttribute map = mlirAffineMapAttrGet(
      mlirAffineMapMinorIdentityGet(b.ctx, (intptr_t)t->rank, 1));
  intptr_t n = mlirOperationGetNumOperands(op);
  intptr_t rowIndex = t->memrefAt + t->rank - 1; /* second to last index */
  MlirType row = rowType(t->vector);
  MlirValue size =
      firstInBounds ? (MlirValue){NULL} : tbDim(&b, t->memref, t->rank - 2);
  MlirValue results[kMaxRows];
  for (int64_t i = 0; i < rows; ++i) {
    MlirValue args[kMaxOperands + 1]; /* and a mask */
    for (intptr_t k = 0; k < n; ++k) {
      MlirValue v = mlirOperationGetOperand(op, k);
      if (k == rowIndex && i)
        v = tbAdd(&b, v, tbConstIndex(&b, i));
      else if (!t->read && k == 0)
        v = rowOf(&b, v, i);
      args[k] = v;
    }
    intptr_t count = n;
    if (!firstInBounds)
      args[count++] = rowMask(&b, args[rowIndex], size, row);
    MlirOperation piece =
        tbCreateLike(&b, op, count, args, t->read ? 1 : 0, &row);
    mlirOperationSetAttributeByName(piece, tileRef("permutation_map"), map);
    mlirOperationSetAttributeByName(piece, tileRef("in_bounds"), inBounds);
    if (!firstInBounds) {
      int32_t rank = (int32_t)t->rank;
      int32_t reading[] = {1, rank, 1, 1}, writing[] = {1, 1, rank, 1};
      mlirOperationSetAttributeByName(
          piece, tileRef("operandSegmentSizes"),
          mlirDenseI32ArrayGet(b.ctx, 4, t->read ? reading : writing));
    }
    if (t->read)
      results[i] = tbResult(piece);
  }
  if (t->read)
    tbReplaceOp(op, fromRows(&b, t->vector, results));
  else
    mlirOperationDestroy(op);
}

/* The static position of a vector.extract or vector.insert (one or two
 * indices, none dynamic) into `*at`; its count, or 0. */
static intptr_t staticPosition(MlirOperation op, int64_t *at) {
  MlirAttribute pos = tileOpGetAttr(op, "static_position");
  if (mlirAttributeIsNull(pos) || !mlirAttributeIsADenseI64Array(pos))
    return 0;
  intptr_t n = mlirDenseArrayGetNumElements(pos);
  if (n < 1 || n > 2)
    return 0;
  for (intptr_t i = 0; i < n; ++i)
    if ((at[i] = mlirDenseI64ArrayGetElement(pos, i)) < 0)
      return 0;
  return n;
}

/* Whether attribute `name` of op is the attribute written `text`. */
static bool attrIs(MlirOperation op, const char *name, const char *text) {
  MlirAttribute a = tileOpGetAttr(op, name);
  return !mlirAttributeIsNull(a) &&
         mlirAttributeEqual(a, mlirAttributeParseGet(
                                   mlirOperationGetContext(op), tileRef(text)));
}

/* A float vector.contract of two-dimensional operands that sums products
 * ("add"), its maps a matrix product's with the right-hand side stored
 * k x n (0) or n x k (1); -1 for any other. */
static int contractForm(MlirOperation op) {
  if (!tileOpIs(op, "vector.contract") || mlirOperationGetNumOperands(op) != 3)
    return -1;
  for (intptr_t i = 0; i < 3; ++i) {
    MlirType t = mlirValueGetType(mlirOperationGetOperand(op, i));
    if (!rowsOf(t) || !mlirTypeIsAFloat(mlirShapedTypeGetElementType(t)))
      return -1;
  }
  /* k, the lanes of a left-hand row, is at most kMaxRows: an fma per k. */
  if (mlirShapedTypeGetDimSize(mlirValueGetType(mlirOperationGetOperand(op, 0)),
                               1) > kMaxRows)
    return -1;
  if (!attrIs(op, "kind", "#vector.kind<add>") ||
      !attrIs(op, "iterator_types",
              "[#vector.iterator_type<parallel>, "
              "#vector.iterator_type<parallel>, "
              "#vector.iterator_type<reduction>]"))
    return -1;
  if (attrIs(op, "indexing_maps",
             "[affine_map<(d0, d1, d2) -> (d0, d2)>, "
             "affine_map<(d0, d1, d2) -> (d2, d1)>, "
             "affine_map<(d0, d1, d2) -> (d0, d1)>]"))
    return 0;
  if (attrIs(op, "indexing_maps",
             "[affine_map<(d0, d1, d2) -> (d0, d2)>, "
             "affine_map<(d0, d1, d2) -> (d1, d2)>, "
             "affine_map<(d0, d1, d2) -> (d0, d1)>]"))
    return 1;
  return -1;
}

/* A float vector.outerproduct of two vectors (kind add, an accumulator or
 * none). */
static bool isOuterProduct(MlirOperation op) {
  if (!tileOpIs(op, "vector.outerproduct") ||
      mlirOperationGetNumOperands(op) > 3 ||
      !rowsOf(mlirValueGetType(mlirOperationGetResult(op, 0))) ||
      !mlirTypeIsAVector(mlirValueGetType(mlirOperationGetOperand(op, 1))) ||
      !mlirTypeIsAFloat(
          tbScalarOf(mlirValueGetType(mlirOperationGetResult(op, 0)))))
    return false;
  MlirAttribute kind = tileOpGetAttr(op, "kind");
  return mlirAttributeIsNull(kind) || attrIs(op, "kind", "#vector.kind<add>");
}

/* vector.extract and vector.insert of a row or an element of a
 * two-dimensional vector; broadcasts of a scalar or a row to one;
 * shape_cast between two dimensions and one; transpose; matrix-product
 * contractions and outer products. */
static bool isRowOp(MlirOperation op) {
  int64_t at[2];
  if (contractForm(op) >= 0 || isOuterProduct(op))
    return true;
  if (tileOpIs(op, "vector.extract")) {
    MlirValue v = mlirOperationGetOperand(op, 0);
    intptr_t n = staticPosition(op, at);
    return mlirOperationGetNumOperands(op) == 1 && valueRows(v) && n &&
           at[0] < valueRows(v) &&
           (n == 1 || at[1] < mlirShapedTypeGetDimSize(mlirValueGetType(v), 1));
  }
  if (tileOpIs(op, "vector.insert")) {
    MlirValue dest = mlirOperationGetOperand(op, 1);
    intptr_t n = staticPosition(op, at);
    return mlirOperationGetNumOperands(op) == 2 && valueRows(dest) && n &&
           at[0] < valueRows(dest) &&
           (n == 1 ||
            at[1] < mlirShapedTypeGetDimSize(mlirValueGetType(dest), 1));
  }
  if (tileOpIs(op, "vector.broadcast")) {
    MlirType from = mlirValueGetType(mlirOperationGetOperand(op, 0));
    MlirType to = mlirValueGetType(mlirOperationGetResult(op, 0));
    return rowsOf(to) &&
           (!mlirTypeIsAVector(from) || (mlirShapedTypeGetRank(from) == 1 &&
                                         mlirShapedTypeGetDimSize(from, 0) ==
                                             mlirShapedTypeGetDimSize(to, 1)));
  }
  if (tileOpIs(op, "vector.shape_cast")) {
    MlirType from = mlirValueGetType(mlirOperationGetOperand(op, 0));
    MlirType to = mlirValueGetType(mlirOperationGetResult(op, 0));
    bool flat = mlirShapedTypeGetRank(from) == 1 &&
                mlirShapedTypeHasStaticShape(from) &&
                !mlirVectorTypeIsDimScalable(from, 0);
    bool flatTo = mlirShapedTypeGetRank(to) == 1 &&
                  mlirShapedTypeHasStaticShape(to) &&
                  !mlirVectorTypeIsDimScalable(to, 0);
    return (rowsOf(from) && flatTo) || (flat && rowsOf(to));
  }
  if (tileOpIs(op, "vector.transpose")) {
    MlirType from = mlirValueGetType(mlirOperationGetOperand(op, 0));
    MlirType to = mlirValueGetType(mlirOperationGetResult(op, 0));
    return rowsOf(from) && rowsOf(to) &&
           mlirShapedTypeGetDimSize(from, 0) *
                   mlirShapedTypeGetDimSize(from, 1) <=
               kMaxLanes * 4;
  }
  return false;
}

/* The `size` lanes of one-dimensional `v` from `offset`, or `v` itself. */
static MlirValue flatSlice(TileBuilder *b, MlirValue v, int64_t offset,
                           int64_t size) {
  MlirType type = mlirValueGetType(v);
  if (offset == 0 && size == mlirShapedTypeGetDimSize(type, 0))
    return v;
  return tileVulkanSlice(b, v, offset, size);
}

/* Row i of a contraction: acc_i + sum over k of lhs[i][k] * rhs_k, where
 * rhs_k is row k of a k x n right-hand side; of an n x k one, the row
 * built from lane k of each of its rows. An fma per k. */
static void rowsContract(TileBuilder *b, MlirOperation op, MlirValue *rows) {
  int form = contractForm(op);
  MlirValue lhs = mlirOperationGetOperand(op, 0);
  MlirValue rhs = mlirOperationGetOperand(op, 1);
  MlirValue acc = mlirOperationGetOperand(op, 2);
  MlirType type = mlirValueGetType(acc);
  MlirType row = rowType(type);
  int64_t m = rowsOf(type);
  int64_t n = mlirShapedTypeGetDimSize(type, 1);
  int64_t k = mlirShapedTypeGetDimSize(mlirValueGetType(lhs), 1);
  MlirValue rhsRows[kMaxRows];
  for (int64_t q = 0; q < k; ++q) {
    if (form == 0) {
      rhsRows[q] = rowOf(b, rhs, q);
      continue;
    }
    MlirValue lanes[kMaxRows]; /* n: the right-hand side's rows */
    for (int64_t j = 0; j < n; ++j)
      lanes[j] = tbVExtract(b, rowOf(b, rhs, j), q);
    rhsRows[q] = tbResult(
        tbCreate(b, "vector.from_elements", n, lanes, 1, &row, 0, NULL));
  }
  for (int64_t i = 0; i < m; ++i) {
    MlirValue lhsRow = rowOf(b, lhs, i);
    MlirValue r = rowOf(b, acc, i);
    for (int64_t q = 0; q < k; ++q)
      r = tbVFma(b, tbVBroadcast(b, row, tbVExtract(b, lhsRow, q)), rhsRows[q],
                 r);
    rows[i] = r;
  }
}

static void rowsOp(MlirOperation op) {
  TileBuilder b = tbBefore(op);
  MlirValue rows[kMaxRows];
  int64_t at[2] = {0, 0};
  if (contractForm(op) >= 0) {
    rowsContract(&b, op, rows);
    tbReplaceOp(
        op,
        fromRows(&b, mlirValueGetType(mlirOperationGetResult(op, 0)), rows));
    return;
  }
  if (isOuterProduct(op)) {
    /* Row i: lhs[i] * rhs (+ acc_i). */
    MlirValue lhs = mlirOperationGetOperand(op, 0);
    MlirValue rhs = mlirOperationGetOperand(op, 1);
    MlirType type = mlirValueGetType(mlirOperationGetResult(op, 0));
    MlirType row = rowType(type);
    bool hasAcc = mlirOperationGetNumOperands(op) == 3;
    for (int64_t i = 0; i < rowsOf(type); ++i) {
      MlirValue l = tbVBroadcast(&b, row, tbVExtract(&b, lhs, i));
      rows[i] = hasAcc ? tbVFma(&b, l, rhs,
                                rowOf(&b, mlirOperationGetOperand(op, 2), i))
                       : tbBinary(&b, "arith.mulf", l, rhs);
    }
    tbReplaceOp(op, fromRows(&b, type, rows));
    return;
  }
  if (tileOpIs(op, "vector.extract")) {
    MlirValue v = mlirOperationGetOperand(op, 0);
    intptr_t n = staticPosition(op, at);
    MlirValue row = rowOf(&b, v, at[0]);
    tbReplaceOp(op, n == 1 ? row : tbVExtract(&b, row, at[1]));
    return;
  }
  MlirType to = mlirValueGetType(mlirOperationGetResult(op, 0));
  if (tileOpIs(op, "vector.insert")) {
    MlirValue value = mlirOperationGetOperand(op, 0);
    MlirValue dest = mlirOperationGetOperand(op, 1);
    intptr_t n = staticPosition(op, at);
    for (int64_t i = 0; i < rowsOf(to); ++i) {
      rows[i] = rowOf(&b, dest, i);
      if (i == at[0])
        rows[i] = n == 1 ? value : tbVInsert(&b, rows[i], at[1], value);
    }
    tbReplaceOp(op, fromRows(&b, to, rows));
    return;
  }
  MlirValue from = mlirOperationGetOperand(op, 0);
  MlirType fromType = mlirValueGetType(from);
  if (tileOpIs(op, "vector.broadcast")) {
    MlirType row = rowType(to);
    MlirValue r =
        mlirTypeIsAVector(fromType) ? from : tbVBroadcast(&b, row, from);
    for (int64_t i = 0; i < rowsOf(to); ++i)
      rows[i] = r;
    tbReplaceOp(op, fromRows(&b, to, rows));
    return;
  }
  if (tileOpIs(op, "vector.shape_cast") && rowsOf(to)) {
    int64_t lanes = mlirShapedTypeGetDimSize(to, 1);
    for (int64_t i = 0; i < rowsOf(to); ++i)
      rows[i] = flatSlice(&b, from, i * lanes, lanes);
    tbReplaceOp(op, fromRows(&b, to, rows));
    return;
  }
  if (tileOpIs(op, "vector.shape_cast")) {
    /* Two dimensions to one: the rows, lane by lane. */
    int64_t lanes = mlirShapedTypeGetDimSize(fromType, 1);
    int64_t total = rowsOf(fromType) * lanes;
    MlirValue values[kMaxRows * 4];
    if (total > kMaxRows * 4)
      return;
    for (int64_t i = 0; i < rowsOf(fromType); ++i) {
      MlirValue row = rowOf(&b, from, i);
      for (int64_t l = 0; l < lanes; ++l)
        values[i * lanes + l] = tbVExtract(&b, row, l);
    }
    tbReplaceOp(op, tbResult(tbCreate(&b, "vector.from_elements", total, values,
                                      1, &to, 0, NULL)));
    return;
  }
  /* transpose: row j of the result holds lane j of every row. */
  int64_t inRows = rowsOf(fromType);
  int64_t outRows = rowsOf(to);
  MlirValue in[kMaxRows];
  for (int64_t i = 0; i < inRows; ++i)
    in[i] = rowOf(&b, from, i);
  MlirType row = rowType(to);
  for (int64_t j = 0; j < outRows; ++j) {
    MlirValue values[kMaxRows];
    for (int64_t i = 0; i < inRows; ++i)
      values[i] = tbVExtract(&b, in[i], j);
    rows[j] = tbResult(
        tbCreate(&b, "vector.from_elements", inRows, values, 1, &row, 0, NULL));
  }
  tbReplaceOp(op, fromRows(&b, to, rows));
}

/* Marks the ops this step may rewrite while it decides which it will. */
static const char *const kCandidate = "tile.vector_rows";

static MlirWalkResult collect(MlirOperation op, void *userData) {
  TileTransfer t;
  if (elementwiseRows(op) || isRowTransfer(op, &t) || isRowOp(op)) {
    tileOpListAppend(userData, op);
    mlirOperationSetDiscardableAttributeByName(
        op, tileRef(kCandidate), mlirUnitAttrGet(mlirOperationGetContext(op)));
  }
  return MlirWalkResultAdvance;
}

static bool isCandidate(MlirOperation op) {
  return !mlirAttributeIsNull(
      mlirOperationGetDiscardableAttributeByName(op, tileRef(kCandidate)));
}

/* Whether every user of op's two-dimensional results is a candidate, and
 * each of its two-dimensional operands comes from one or from a constant:
 * the rows put back together for any other op would be left (canonicalize
 * makes them a vector.from_elements), and so would the rows taken from
 * one, and either would be reported where the kernel wrote neither. */
static bool neighboursAreCandidates(MlirOperation op) {
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); ++i) {
    MlirValue v = mlirOperationGetOperand(op, i);
    if (!valueRows(v))
      continue;
    if (!mlirValueIsAOpResult(v))
      return false;
    MlirOperation owner = mlirOpResultGetOwner(v);
    if (!isCandidate(owner) && !tileOpIs(owner, "arith.constant"))
      return false;
  }
  for (intptr_t r = 0; r < mlirOperationGetNumResults(op); ++r) {
    MlirValue v = mlirOperationGetResult(op, r);
    if (!valueRows(v))
      continue;
    for (MlirOpOperand use = mlirValueGetFirstUse(v); !mlirOpOperandIsNull(use);
         use = mlirOpOperandGetNextUse(use))
      if (!isCandidate(mlirOpOperandGetOwner(use)))
        return false;
  }
  return true;
}

void tileVulkanUnrollRows(MlirOperation root) {
  TileOpList list = {0};
  mlirOperationWalk(root, collect, &list, MlirWalkPostOrder);
  /* Candidates next to an op that is none are left, until none is. */
  for (bool changed = true; changed;) {
    changed = false;
    for (size_t i = 0; i < list.count; ++i)
      if (isCandidate(list.ops[i]) && !neighboursAreCandidates(list.ops[i])) {
        mlirOperationRemoveDiscardableAttributeByName(list.ops[i],
                                                      tileRef(kCandidate));
        changed = true;
      }
  }
  for (size_t i = 0; i < list.count; ++i) {
    MlirOperation op = list.ops[i];
    if (!isCandidate(op))
      continue;
    mlirOperationRemoveDiscardableAttributeByName(op, tileRef(kCandidate));
    TileTransfer t;
    int64_t rows;
    if ((rows = elementwiseRows(op)))
      rowsElementwise(op, rows);
    else if (isRowTransfer(op, &t))
      rowsTransfer(op, &t);
    else
      rowsOp(op);
  }
  tileOpListFree(&list);
}
