/* tile-expand-vectors: the vector ops that MLIR 22's lowering to LLVM
 * misses or mishandles become ones it lowers. Runs right before
 * convert-vector-to-scf in every pipeline that ends in LLVM.
 *
 * - vector.load, vector.store, vector.maskedload and vector.maskedstore of
 *   a vector of several dimensions become one op per row (a vector of the
 *   last dimension): convert-vector-to-llvm lowers only one dimension, and
 *   LLVM's translation failed on an unrealized cast left for the others.
 *   Row r of the leading dimensions reads at the access's indices plus r in
 *   the memref's trailing dimensions, as the op itself does.
 * - A transfer of rank 0 becomes a memref.load or memref.store of its
 *   element, under scf.if where it has a mask (tileLowerRankZeroTransfer):
 *   the conversions to LLVM and SPIR-V have no pattern for a masked one.
 * - A transfer_read of several dimensions whose only use is as the
 *   destination of a vector.insert gets its rows extracted and inserted into
 *   a new vector first. convert-vector-to-scf{full-unroll} takes the only
 *   user of a read that is a vector.insert for one that inserts the read
 *   into a larger vector, and builds the read's rows into the insert's own
 *   result: mlir-opt 22 crashes on it (in vector.insert's folder), even for
 *   a static position. With the rows as its users, the read is unrolled
 *   into a vector of its own.
 * - A vector.extract or vector.insert at a dynamic position in a dimension
 *   other than the last (LLVM's arrays of vectors take constant indices
 *   only; the translation failed on an unrealized cast) becomes one on the
 *   vector shape-cast to one dimension, at the linear position: of the
 *   element, or of each element of the row or block it extracts or
 *   inserts. */
#include "passes/expand_vectors.h"

#include "ir/builder.h"
#include "ir/builder_gpu.h"
#include "ir/builder_vector.h"
#include "ir/ir.h"
#include "passes/pass.h"
#include "support/alloc.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Dialect/Arith.h"
#include "mlir-c/Dialect/MemRef.h"
#include "mlir-c/Dialect/SCF.h"
#include "mlir-c/Dialect/Vector.h"

#include <stdlib.h>

bool tileIsRankZeroTransfer(MlirOperation op, TileTransfer *t) {
  return tileTransferOf(op, t) && mlirTypeIsAVector(t->vector) &&
         mlirShapedTypeGetRank(t->vector) == 0 && t->rank <= TILE_MAX_RANK;
}

void tileLowerRankZeroTransfer(MlirOperation op, const TileTransfer *t) {
  TileBuilder b = tbBefore(op);
  MlirValue indices[TILE_MAX_RANK];
  for (intptr_t i = 0; i < t->rank; ++i)
    indices[i] = mlirOperationGetOperand(op, t->memrefAt + 1 + i);
  MlirValue on = t->mask.ptr ? tbVExtractFirst(&b, t->mask) : (MlirValue){NULL};
  if (t->read) {
    MlirValue element;
    if (!on.ptr) {
      element = tbLoad(&b, t->memref, t->rank, indices);
    } else {
      TileIfValue branch =
          tbIfValue(&b, on, mlirShapedTypeGetElementType(t->vector));
      TileBuilder then = tbInto(branch.thenBlock, b.loc);
      tbYieldValue(&then, tbLoad(&then, t->memref, t->rank, indices));
      TileBuilder otherwise = tbInto(branch.elseBlock, b.loc);
      tbYieldValue(&otherwise, t->padding);
      element = tbResult(branch.op);
    }
    tbReplaceOp(op, tbVBroadcast(&b, t->vector, element));
    return;
  }
  MlirValue element = tbVExtractFirst(&b, t->value);
  TileBuilder at = on.ptr ? tbAtTerminator(tbIf(&b, on), b.loc) : b;
  tbStore(&at, element, t->memref, t->rank, indices);
  mlirOperationDestroy(op);
}

/* An n-D vector.load, store, maskedload or maskedstore: where its operands
 * are and what it accesses. */
typedef struct {
  bool load;
  MlirValue memref;
  intptr_t memrefAt; /* its indices follow it */
  intptr_t rank;     /* the memref's */
  MlirValue mask;    /* null when none */
  MlirValue other;   /* the value stored, or a maskedload's pass_thru */
  MlirType vector;
} RowAccess;

static bool isStaticVector(MlirType type) {
  return mlirTypeIsAVector(type) && !mlirVectorTypeIsScalable(type);
}

/* Fills `a` for a memory op of a vector of 2 to TILE_MAX_RANK static
 * dimensions on a memref of its element type. */
static bool rowAccessOf(MlirOperation op, RowAccess *a) {
  intptr_t n = mlirOperationGetNumOperands(op);
  if (tileOpIs(op, "vector.load") && mlirOperationGetNumResults(op) == 1)
    *a = (RowAccess){.load = true, .memrefAt = 0};
  else if (tileOpIs(op, "vector.store") && n >= 2)
    *a = (RowAccess){.memrefAt = 1, .other = mlirOperationGetOperand(op, 0)};
  else if (tileOpIs(op, "vector.maskedload") && n >= 3 &&
           mlirOperationGetNumResults(op) == 1)
    *a = (RowAccess){.load = true,
                     .mask = mlirOperationGetOperand(op, n - 2),
                     .other = mlirOperationGetOperand(op, n - 1)};
  else if (tileOpIs(op, "vector.maskedstore") && n >= 3)
    *a = (RowAccess){.mask = mlirOperationGetOperand(op, n - 2),
                     .other = mlirOperationGetOperand(op, n - 1)};
  else
    return false;
  a->memref = mlirOperationGetOperand(op, a->memrefAt);
  MlirType memref = mlirValueGetType(a->memref);
  a->vector = a->load ? mlirValueGetType(mlirOperationGetResult(op, 0))
                      : mlirValueGetType(a->other);
  if (!mlirTypeIsAMemRef(memref) || !isStaticVector(a->vector))
    return false;
  a->rank = mlirShapedTypeGetRank(memref);
  intptr_t vrank = mlirShapedTypeGetRank(a->vector);
  return vrank >= 2 && vrank <= a->rank && a->rank <= TILE_MAX_RANK &&
         n == a->memrefAt + 1 + a->rank + (a->mask.ptr ? 2 : 0) &&
         mlirTypeEqual(mlirShapedTypeGetElementType(memref),
                       mlirShapedTypeGetElementType(a->vector));
}

/* The row (vector of the last dimension) of `vector` at leading `pos`. */
static MlirValue extractRow(TileBuilder *b, MlirValue vector, intptr_t n,
                            const int64_t *pos) {
  MlirType type = mlirValueGetType(vector);
  int64_t lanes = mlirShapedTypeGetDimSize(type, n);
  MlirType row = tbVectorType(mlirShapedTypeGetElementType(type), lanes);
  MlirNamedAttribute attr =
      tbNamed(b, "static_position", mlirDenseI64ArrayGet(b->ctx, n, pos));
  return tbResult(tbCreate(b, "vector.extract", 1, &vector, 1, &row, 1, &attr));
}

static MlirValue insertRow(TileBuilder *b, MlirValue row, MlirValue vector,
                           intptr_t n, const int64_t *pos) {
  MlirType type = mlirValueGetType(vector);
  MlirNamedAttribute attr =
      tbNamed(b, "static_position", mlirDenseI64ArrayGet(b->ctx, n, pos));
  MlirValue operands[] = {row, vector};
  return tbResult(
      tbCreate(b, "vector.insert", 2, operands, 1, &type, 1, &attr));
}

/* The number of rows of `vector` (the product of its leading dimensions)
 * and, for row r, their positions in `pos`. */
static int64_t numRows(MlirType vector) {
  int64_t rows = 1;
  for (intptr_t d = 0; d + 1 < mlirShapedTypeGetRank(vector); ++d)
    rows *= mlirShapedTypeGetDimSize(vector, d);
  return rows;
}

static void rowPosition(MlirType vector, int64_t r, int64_t *pos) {
  for (intptr_t d = mlirShapedTypeGetRank(vector) - 2; d >= 0; --d) {
    int64_t size = mlirShapedTypeGetDimSize(vector, d);
    pos[d] = r % size;
    r /= size;
  }
}

static void splitRows(MlirOperation op, const RowAccess *a) {
  TileBuilder b = tbBefore(op);
  intptr_t lead = mlirShapedTypeGetRank(a->vector) - 1;
  int64_t lanes = mlirShapedTypeGetDimSize(a->vector, lead);
  MlirType element = mlirShapedTypeGetElementType(a->vector);
  MlirType rowType = tbVectorType(element, lanes);
  MlirValue base[TILE_MAX_RANK];
  for (intptr_t i = 0; i < a->rank; ++i)
    base[i] = mlirOperationGetOperand(op, a->memrefAt + 1 + i);
  /* The vector's leading dimensions are the memref's from `first` on. */
  intptr_t first = a->rank - lead - 1;
  MlirValue result = a->load ? tbZeroVector(&b, a->vector) : (MlirValue){0};
  int64_t rows = numRows(a->vector);
  for (int64_t r = 0; r < rows; ++r) {
    int64_t pos[TILE_MAX_RANK];
    rowPosition(a->vector, r, pos);
    MlirValue indices[TILE_MAX_RANK];
    for (intptr_t i = 0; i < a->rank; ++i)
      indices[i] = base[i];
    for (intptr_t d = 0; d < lead; ++d)
      if (pos[d])
        indices[first + d] =
            tbAdd(&b, base[first + d], tbConstIndex(&b, pos[d]));
    MlirValue mask =
        a->mask.ptr ? extractRow(&b, a->mask, lead, pos) : (MlirValue){0};
    MlirValue other =
        a->other.ptr ? extractRow(&b, a->other, lead, pos) : (MlirValue){0};
    if (a->load) {
      MlirValue row =
          mask.ptr ? tbVMaskedLoad(&b, a->memref, a->rank, indices, mask, other)
                   : tbVLoad(&b, rowType, a->memref, a->rank, indices);
      result = insertRow(&b, row, result, lead, pos);
    } else if (mask.ptr) {
      tbVMaskedStore(&b, other, a->memref, a->rank, indices, mask);
    } else {
      tbVStore(&b, other, a->memref, a->rank, indices);
    }
  }
  if (a->load)
    tbReplaceOp(op, result);
  else
    mlirOperationDestroy(op);
}

/* The vector.insert that is the only use of a transfer_read of several
 * dimensions and inserts into it (see the header). */
static bool readIsInsertDest(MlirOperation op) {
  TileTransfer t;
  if (!tileTransferOf(op, &t) || !t.read || !isStaticVector(t.vector) ||
      mlirShapedTypeGetRank(t.vector) < 2 ||
      mlirShapedTypeGetRank(t.vector) > TILE_MAX_RANK)
    return false;
  MlirOpOperand use = mlirValueGetFirstUse(mlirOperationGetResult(op, 0));
  if (mlirOpOperandIsNull(use) ||
      !mlirOpOperandIsNull(mlirOpOperandGetNextUse(use)))
    return false;
  return tileOpIs(mlirOpOperandGetOwner(use), "vector.insert") &&
         mlirOpOperandGetOperandNumber(use) == 1;
}

static void rebuildRows(MlirOperation read) {
  MlirValue value = mlirOperationGetResult(read, 0);
  MlirOpOperand use = mlirValueGetFirstUse(value);
  MlirOperation insert = mlirOpOperandGetOwner(use);
  MlirType type = mlirValueGetType(value);
  TileBuilder b = tbAfter(read);
  intptr_t lead = mlirShapedTypeGetRank(type) - 1;
  MlirValue rebuilt = tbZeroVector(&b, type);
  int64_t rows = numRows(type);
  for (int64_t r = 0; r < rows; ++r) {
    int64_t pos[TILE_MAX_RANK];
    rowPosition(type, r, pos);
    rebuilt =
        insertRow(&b, extractRow(&b, value, lead, pos), rebuilt, lead, pos);
  }
  mlirOperationSetOperand(insert, 1, rebuilt);
}

enum { kDynamic = INT64_MIN };

/* A vector.extract (source, dynamic positions) or vector.insert (value,
 * dest, dynamic positions) of a vector of 2 to TILE_MAX_RANK static
 * dimensions with a dynamic position before the last dimension. */
static bool hasLeadingDynamicPosition(MlirOperation op) {
  bool insert = tileOpIs(op, "vector.insert");
  if (!insert && !tileOpIs(op, "vector.extract"))
    return false;
  MlirAttribute pos = tileOpGetAttr(op, "static_position");
  MlirType vector = mlirValueGetType(mlirOperationGetOperand(op, insert));
  if (mlirAttributeIsNull(pos) || !mlirAttributeIsADenseI64Array(pos) ||
      !isStaticVector(vector))
    return false;
  intptr_t rank = mlirShapedTypeGetRank(vector);
  intptr_t n = mlirDenseArrayGetNumElements(pos);
  if (rank < 2 || rank > TILE_MAX_RANK || n > rank)
    return false;
  for (intptr_t k = 0; k < n && k + 1 < rank; ++k)
    if (mlirDenseI64ArrayGetElement(pos, k) == kDynamic)
      return true;
  return false;
}

static MlirValue shapeCast(TileBuilder *b, MlirValue v, MlirType to) {
  return tbResult(tbCreate(b, "vector.shape_cast", 1, &v, 1, &to, 0, NULL));
}

/* vector.extract / vector.insert of one element of a one-dimensional
 * vector at dynamic index `at`. */
static MlirValue extractAt(TileBuilder *b, MlirValue flat, MlirValue at) {
  int64_t dynamic = kDynamic;
  MlirNamedAttribute attr =
      tbNamed(b, "static_position", mlirDenseI64ArrayGet(b->ctx, 1, &dynamic));
  MlirType type = mlirShapedTypeGetElementType(mlirValueGetType(flat));
  MlirValue operands[] = {flat, at};
  return tbResult(
      tbCreate(b, "vector.extract", 2, operands, 1, &type, 1, &attr));
}

static MlirValue insertAt(TileBuilder *b, MlirValue value, MlirValue flat,
                          MlirValue at) {
  int64_t dynamic = kDynamic;
  MlirNamedAttribute attr =
      tbNamed(b, "static_position", mlirDenseI64ArrayGet(b->ctx, 1, &dynamic));
  MlirType type = mlirValueGetType(flat);
  MlirValue operands[] = {value, flat, at};
  return tbResult(
      tbCreate(b, "vector.insert", 3, operands, 1, &type, 1, &attr));
}

static void linearizePosition(MlirOperation op) {
  bool insert = tileOpIs(op, "vector.insert");
  MlirValue vector = mlirOperationGetOperand(op, insert);
  MlirType type = mlirValueGetType(vector);
  MlirAttribute pos = tileOpGetAttr(op, "static_position");
  intptr_t rank = mlirShapedTypeGetRank(type);
  intptr_t n = mlirDenseArrayGetNumElements(pos);
  TileBuilder b = tbBefore(op);
  /* The first element's linear index; `size` elements from it. */
  int64_t size = 1;
  for (intptr_t d = n; d < rank; ++d)
    size *= mlirShapedTypeGetDimSize(type, d);
  int64_t stride = size;
  /* The dynamic positions are the operands after the vectors, in order. */
  MlirValue index[TILE_MAX_RANK];
  intptr_t nextDynamic = insert ? 2 : 1;
  for (intptr_t k = 0; k < n; ++k) {
    int64_t p = mlirDenseI64ArrayGetElement(pos, k);
    index[k] = p == kDynamic ? mlirOperationGetOperand(op, nextDynamic++)
                             : tbConstIndex(&b, p);
  }
  MlirValue base = tbConstIndex(&b, 0);
  for (intptr_t k = n - 1; k >= 0; --k) {
    base = tbAdd(&b, base, tbMul(&b, index[k], tbConstIndex(&b, stride)));
    stride *= mlirShapedTypeGetDimSize(type, k);
  }
  MlirType element = mlirShapedTypeGetElementType(type);
  MlirValue flat = shapeCast(&b, vector, tbVectorType(element, stride));
  MlirValue result;
  if (!insert) {
    MlirType resultType = mlirValueGetType(mlirOperationGetResult(op, 0));
    if (!mlirTypeIsAVector(resultType)) {
      result = extractAt(&b, flat, base);
    } else {
      MlirValue *elements = tileCallocArray((size_t)size, sizeof(MlirValue));
      for (int64_t k = 0; k < size; ++k)
        elements[k] = extractAt(&b, flat, tbAdd(&b, base, tbConstIndex(&b, k)));
      MlirType row = tbVectorType(element, size);
      result = tbResult(tbCreate(&b, "vector.from_elements", size, elements, 1,
                                 &row, 0, NULL));
      free(elements);
      if (!mlirTypeEqual(row, resultType))
        result = shapeCast(&b, result, resultType);
    }
  } else {
    MlirValue value = mlirOperationGetOperand(op, 0);
    if (!mlirTypeIsAVector(mlirValueGetType(value))) {
      flat = insertAt(&b, value, flat, base);
    } else {
      MlirValue row = shapeCast(&b, value, tbVectorType(element, size));
      for (int64_t k = 0; k < size; ++k)
        flat = insertAt(&b, tbVExtract(&b, row, k), flat,
                        tbAdd(&b, base, tbConstIndex(&b, k)));
    }
    result = shapeCast(&b, flat, type);
  }
  tbReplaceOp(op, result);
}

typedef struct {
  TileOpList rows, rankZero, reads, positions;
} Found;

static MlirWalkResult collect(MlirOperation op, void *userData) {
  Found *found = userData;
  RowAccess a;
  TileTransfer t;
  if (rowAccessOf(op, &a))
    tileOpListAppend(&found->rows, op);
  else if (tileIsRankZeroTransfer(op, &t))
    tileOpListAppend(&found->rankZero, op);
  else if (readIsInsertDest(op))
    tileOpListAppend(&found->reads, op);
  else if (hasLeadingDynamicPosition(op))
    tileOpListAppend(&found->positions, op);
  return MlirWalkResultAdvance;
}

static void run(MlirOperation root, MlirExternalPass pass,
                const TileOptionValue *values) {
  (void)pass;
  (void)values;
  Found found = {0};
  mlirOperationWalk(root, collect, &found, MlirWalkPostOrder);
  for (size_t i = 0; i < found.rows.count; ++i) {
    RowAccess a;
    if (rowAccessOf(found.rows.ops[i], &a))
      splitRows(found.rows.ops[i], &a);
  }
  for (size_t i = 0; i < found.rankZero.count; ++i) {
    TileTransfer t;
    if (tileIsRankZeroTransfer(found.rankZero.ops[i], &t))
      tileLowerRankZeroTransfer(found.rankZero.ops[i], &t);
  }
  for (size_t i = 0; i < found.positions.count; ++i)
    linearizePosition(found.positions.ops[i]);
  for (size_t i = 0; i < found.reads.count; ++i)
    if (readIsInsertDest(found.reads.ops[i]))
      rebuildRows(found.reads.ops[i]);
  tileOpListFree(&found.rows);
  tileOpListFree(&found.rankZero);
  tileOpListFree(&found.reads);
  tileOpListFree(&found.positions);
}

static const TileDialectHandleGetter dialects[] = {
    mlirGetDialectHandle__arith__,
    mlirGetDialectHandle__memref__,
    mlirGetDialectHandle__scf__,
    mlirGetDialectHandle__vector__,
};

const TilePassDescriptor tileExpandVectorsPass = {
    .argument = "tile-expand-vectors",
    .name = "TileExpandVectors",
    .summary = "Split vector loads and stores of several dimensions into "
               "rows, lower transfers of rank 0 to memref ops, extracts "
               "and inserts at dynamic positions to one dimension, and keep "
               "convert-vector-to-scf from crashing on a transfer_read "
               "inserted into (before the lowering to LLVM)",
    .anchor = "",
    .dependentDialects = dialects,
    .numDependentDialects = TILE_COUNT(dialects),
    .run = run,
};
