/* tile-vulkan-vector-memory: the vector memory ops of device code that
 * MLIR 22's SPIR-V conversion does not take become one scalar access per
 * lane (each failed with "failed to legalize operation"):
 *   - vector.maskedload / vector.maskedstore: lane k reads (writes) element
 *     i + k where mask[k] is set; a read lane whose mask is clear is the
 *     pass-through's lane.
 *   - vector.gather / vector.scatter: the same at element i + offsets[k].
 *   - vector.transfer_read / vector.transfer_write of one dimension: lane k
 *     reads (writes) along the dimension the permutation map names (every
 *     lane the same element for a broadcast), where its mask is set and,
 *     unless the dimension is in_bounds, where the element lies inside the
 *     memref; other read lanes are the padding.
 *   - vector.expandload / vector.compressstore: the enabled lanes read
 *     (write) consecutive elements, each after those of the enabled lanes
 *     before it.
 *   - vector.create_mask / vector.constant_mask of one dimension: lane k is
 *     k < size.
 * A lane that may not be read is a branch around its load, so no access
 * ever leaves its buffer. Vectors of 1 to 4 lanes only (SPIR-V's vectors;
 * wider ones are reported by tile-gpu-check-device-ops), on memrefs of
 * scalars. */
#include "ir/builder.h"
#include "ir/builder_gpu.h"
#include "ir/builder_vector.h"
#include "ir/ir.h"
#include "passes/pass.h"

#include "mlir-c/AffineExpr.h"
#include "mlir-c/AffineMap.h"
#include "mlir-c/BuiltinAttributes.h"

enum { kMaxLanes = 4 };

/* The lane count of a vector type of one dimension and 1 to 4 lanes, else
 * 0. */
static int64_t spirvLanes(MlirType type) {
  if (!mlirTypeIsAVector(type) || mlirShapedTypeGetRank(type) != 1 ||
      mlirShapedTypeIsDynamicDim(type, 0) ||
      mlirVectorTypeIsDimScalable(type, 0))
    return 0;
  int64_t lanes = mlirShapedTypeGetDimSize(type, 0);
  return lanes >= 1 && lanes <= kMaxLanes ? lanes : 0;
}

static bool isScalarMemRef(MlirValue v) {
  MlirType type = mlirValueGetType(v);
  return mlirTypeIsAMemRef(type) &&
         !mlirTypeIsAVector(mlirShapedTypeGetElementType(type));
}

/* How one op reads or writes its lanes. */
typedef struct {
  MlirOperation op;
  bool read;
  MlirValue memref;
  intptr_t rank;
  MlirValue indices[TILE_MAX_RANK];
  /* The dimension the lanes step along; -1 when every lane reads one
   * element (a broadcast). */
  intptr_t dim;
  MlirValue offsets; /* gather/scatter: a vector of offsets; else null */
  MlirValue mask;    /* null when every lane is enabled */
  MlirValue fill;    /* read lanes not loaded: a vector (pass-through) or,
                      * for transfer_read, a scalar (padding) */
  MlirValue value;   /* the vector written */
  bool checkBounds;  /* transfer ops not in_bounds */
  MlirType vector;
} Access;

static void setIndices(Access *a, intptr_t first) {
  for (intptr_t k = 0; k < a->rank && k < TILE_MAX_RANK; ++k)
    a->indices[k] = mlirOperationGetOperand(a->op, first + k);
}

static bool describeMasked(MlirOperation op, Access *a) {
  bool load = tileOpIs(op, "vector.maskedload");
  bool gather = tileOpIs(op, "vector.gather");
  bool offsets = gather || tileOpIs(op, "vector.scatter");
  a->read = load || gather;
  a->memref = mlirOperationGetOperand(op, 0);
  if (!isScalarMemRef(a->memref))
    return false;
  a->rank = mlirShapedTypeGetRank(mlirValueGetType(a->memref));
  intptr_t n = mlirOperationGetNumOperands(op);
  /* ... indices, [offsets,] mask, pass-through or value */
  if (a->rank > TILE_MAX_RANK || n != 1 + a->rank + (offsets ? 3 : 2))
    return false;
  setIndices(a, 1);
  a->dim = a->rank - 1;
  a->offsets =
      offsets ? mlirOperationGetOperand(op, 1 + a->rank) : (MlirValue){NULL};
  a->mask = mlirOperationGetOperand(op, n - 2);
  MlirValue last = mlirOperationGetOperand(op, n - 1);
  if (a->read)
    a->fill = last;
  else
    a->value = last;
  a->vector = mlirValueGetType(a->read ? mlirOperationGetResult(op, 0) : last);
  return a->rank > 0;
}

static bool describeTransfer(MlirOperation op, Access *a) {
  TileTransfer t;
  if (!tileTransferOf(op, &t) || !isScalarMemRef(t.memref) ||
      t.rank > TILE_MAX_RANK)
    return false;
  a->read = t.read;
  a->memref = t.memref;
  a->rank = t.rank;
  setIndices(a, t.memrefAt + 1);
  a->mask = t.mask;
  a->fill = t.padding;
  a->value = t.value;
  a->vector = t.vector;
  MlirAttribute mapAttr = tileOpGetAttr(op, "permutation_map");
  if (mlirAttributeIsNull(mapAttr) || !mlirAttributeIsAAffineMap(mapAttr))
    return false;
  MlirAffineMap map = mlirAffineMapAttrGetValue(mapAttr);
  if (mlirAffineMapGetNumResults(map) != 1)
    return false;
  MlirAffineExpr expr = mlirAffineMapGetResult(map, 0);
  if (mlirAffineExprIsADim(expr))
    a->dim = mlirAffineDimExprGetPosition(expr);
  else if (mlirAffineExprIsAConstant(expr) &&
           mlirAffineConstantExprGetValue(expr) == 0)
    a->dim = -1; /* a broadcast: no bounds to check on the lanes */
  else
    return false;
  a->offsets = (MlirValue){NULL};
  a->checkBounds = a->dim >= 0 && !tileTransferInBounds(op);
  return true;
}

static bool describe(MlirOperation op, Access *a) {
  *a = (Access){.op = op};
  bool ok;
  if (tileOpIs(op, "vector.maskedload") || tileOpIs(op, "vector.maskedstore") ||
      tileOpIs(op, "vector.gather") || tileOpIs(op, "vector.scatter"))
    ok = describeMasked(op, a);
  else if (tileOpIs(op, "vector.transfer_read") ||
           tileOpIs(op, "vector.transfer_write"))
    ok = describeTransfer(op, a);
  else
    return false;
  return ok && spirvLanes(a->vector) > 0 &&
         (!a->offsets.ptr || spirvLanes(mlirValueGetType(a->offsets)) > 0) &&
         (!a->mask.ptr || spirvLanes(mlirValueGetType(a->mask)) > 0);
}

static MlirValue toIndex(TileBuilder *b, MlirValue v) {
  if (mlirTypeIsAIndex(mlirValueGetType(v)))
    return v;
  return tbConvertOp(b, "arith.index_cast", v, tbIndex(b));
}

/* Lane k's indices into the memref, and the condition under which it may
 * be accessed (null: always). `size` is the memref's size along the
 * lanes' dimension where bounds are checked. */
static MlirValue laneAccess(TileBuilder *b, const Access *a, int64_t k,
                            MlirValue size, MlirValue *indices) {
  for (intptr_t d = 0; d < a->rank; ++d)
    indices[d] = a->indices[d];
  if (a->dim >= 0 && a->offsets.ptr)
    indices[a->dim] =
        tbAdd(b, indices[a->dim], toIndex(b, tbVExtract(b, a->offsets, k)));
  else if (a->dim >= 0 && k > 0)
    indices[a->dim] = tbAdd(b, indices[a->dim], tbConstIndex(b, k));
  MlirValue cond = a->mask.ptr ? tbVExtract(b, a->mask, k) : (MlirValue){NULL};
  if (a->checkBounds) {
    MlirValue inside = tbCmpI(b, "ult", indices[a->dim], size);
    cond = cond.ptr ? tbAnd(b, cond, inside) : inside;
  }
  return cond;
}

static void lower(const Access *a) {
  TileBuilder b = tbBefore(a->op);
  int64_t lanes = spirvLanes(a->vector);
  MlirType element = mlirShapedTypeGetElementType(a->vector);
  MlirValue size = {NULL};
  if (a->checkBounds) {
    MlirType memref = mlirValueGetType(a->memref);
    size = mlirShapedTypeIsDynamicDim(memref, a->dim)
               ? tbDim(&b, a->memref, a->dim)
               : tbConstIndex(&b, mlirShapedTypeGetDimSize(memref, a->dim));
  }
  MlirValue values[kMaxLanes];
  for (int64_t k = 0; k < lanes; ++k) {
    MlirValue indices[TILE_MAX_RANK];
    MlirValue cond = laneAccess(&b, a, k, size, indices);
    if (a->read) {
      MlirValue fill = mlirTypeIsAVector(mlirValueGetType(a->fill))
                           ? tbVExtract(&b, a->fill, k)
                           : a->fill;
      if (!cond.ptr) {
        values[k] = tbLoad(&b, a->memref, a->rank, indices);
        continue;
      }
      TileIfValue branch = tbIfValue(&b, cond, element);
      TileBuilder then = tbInto(branch.thenBlock, b.loc);
      tbYieldValue(&then, tbLoad(&then, a->memref, a->rank, indices));
      TileBuilder otherwise = tbInto(branch.elseBlock, b.loc);
      tbYieldValue(&otherwise, fill);
      values[k] = tbResult(branch.op);
    } else {
      MlirValue lane = tbVExtract(&b, a->value, k);
      if (!cond.ptr) {
        tbStore(&b, lane, a->memref, a->rank, indices);
        continue;
      }
      TileBuilder then = tbAtTerminator(tbIf(&b, cond), b.loc);
      tbStore(&then, lane, a->memref, a->rank, indices);
    }
  }
  if (a->read)
    tbReplaceOp(a->op, tbResult(tbCreate(&b, "vector.from_elements", lanes,
                                         values, 1, &a->vector, 0, NULL)));
  else
    mlirOperationDestroy(a->op);
}

/* vector.expandload and vector.compressstore: the enabled lanes read
 * (write) consecutive elements from i on, lane k the element after those of
 * the enabled lanes before it. */
static bool lowerCompressed(MlirOperation op) {
  bool load = tileOpIs(op, "vector.expandload");
  MlirValue memref = mlirOperationGetOperand(op, 0);
  if (!isScalarMemRef(memref))
    return false;
  intptr_t rank = mlirShapedTypeGetRank(mlirValueGetType(memref));
  intptr_t n = mlirOperationGetNumOperands(op);
  if (rank < 1 || rank > TILE_MAX_RANK || n != rank + 3)
    return false;
  MlirValue mask = mlirOperationGetOperand(op, n - 2);
  MlirValue other =
      mlirOperationGetOperand(op, n - 1); /* pass-through or value */
  MlirType vector = mlirValueGetType(other);
  int64_t lanes = spirvLanes(vector);
  if (!lanes || spirvLanes(mlirValueGetType(mask)) != lanes)
    return false;
  TileBuilder b = tbBefore(op);
  MlirType element = mlirShapedTypeGetElementType(vector);
  MlirValue indices[TILE_MAX_RANK];
  for (intptr_t d = 0; d < rank; ++d)
    indices[d] = mlirOperationGetOperand(op, 1 + d);
  MlirValue next = indices[rank - 1];
  MlirValue values[kMaxLanes];
  for (int64_t k = 0; k < lanes; ++k) {
    MlirValue on = tbVExtract(&b, mask, k);
    indices[rank - 1] = next;
    if (load) {
      TileIfValue branch = tbIfValue(&b, on, element);
      TileBuilder then = tbInto(branch.thenBlock, b.loc);
      tbYieldValue(&then, tbLoad(&then, memref, rank, indices));
      TileBuilder otherwise = tbInto(branch.elseBlock, b.loc);
      tbYieldValue(&otherwise, tbVExtract(&otherwise, other, k));
      values[k] = tbResult(branch.op);
    } else {
      MlirValue lane = tbVExtract(&b, other, k);
      TileBuilder then = tbAtTerminator(tbIf(&b, on), b.loc);
      tbStore(&then, lane, memref, rank, indices);
    }
    next = tbAdd(&b, next,
                 tbSelect(&b, on, tbConstIndex(&b, 1), tbConstIndex(&b, 0)));
  }
  if (load)
    tbReplaceOp(op, tbResult(tbCreate(&b, "vector.from_elements", lanes, values,
                                      1, &vector, 0, NULL)));
  else
    mlirOperationDestroy(op);
  return true;
}

/* vector.create_mask %n or vector.constant_mask [n] of one dimension: lane
 * k is k < n. */
static bool lowerMask(MlirOperation op) {
  MlirType type = mlirValueGetType(mlirOperationGetResult(op, 0));
  int64_t lanes = spirvLanes(type);
  if (!lanes)
    return false;
  TileBuilder b = tbBefore(op);
  MlirValue size;
  if (tileOpIs(op, "vector.create_mask")) {
    if (mlirOperationGetNumOperands(op) != 1)
      return false;
    size = mlirOperationGetOperand(op, 0);
  } else {
    MlirAttribute sizes = tileOpGetAttr(op, "mask_dim_sizes");
    if (mlirAttributeIsNull(sizes) || mlirDenseArrayGetNumElements(sizes) != 1)
      return false;
    size = tbConstIndex(&b, mlirDenseI64ArrayGetElement(sizes, 0));
  }
  MlirValue bits[kMaxLanes];
  for (int64_t k = 0; k < lanes; ++k)
    bits[k] = tbCmpI(&b, "slt", tbConstIndex(&b, k), size);
  tbReplaceOp(op, tbResult(tbCreate(&b, "vector.from_elements", lanes, bits, 1,
                                    &type, 0, NULL)));
  return true;
}

static MlirWalkResult collect(MlirOperation op, void *userData) {
  if (tileOpIs(op, "vector.maskedload") || tileOpIs(op, "vector.maskedstore") ||
      tileOpIs(op, "vector.gather") || tileOpIs(op, "vector.scatter") ||
      tileOpIs(op, "vector.transfer_read") ||
      tileOpIs(op, "vector.transfer_write") ||
      tileOpIs(op, "vector.create_mask") ||
      tileOpIs(op, "vector.constant_mask") ||
      tileOpIs(op, "vector.expandload") || tileOpIs(op, "vector.compressstore"))
    tileOpListAppend(userData, op);
  return MlirWalkResultAdvance;
}

static void run(MlirOperation root, MlirExternalPass pass,
                const TileOptionValue *values) {
  (void)pass;
  (void)values;
  TileOpList ops = {0};
  mlirOperationWalk(root, collect, &ops, MlirWalkPostOrder);
  /* Masks first, so that the accesses they enable read their lanes from
   * vector.from_elements (which canonicalize folds away). The rest is left
   * to the SPIR-V conversion, which reports what it cannot take. A mask lowered
   * is erased: its entry is cleared, never read again. */
  for (size_t i = 0; i < ops.count; ++i)
    if (tileOpIs(ops.ops[i], "vector.create_mask") ||
        tileOpIs(ops.ops[i], "vector.constant_mask")) {
      lowerMask(ops.ops[i]);
      ops.ops[i] = (MlirOperation){NULL};
    }
  for (size_t i = 0; i < ops.count; ++i) {
    if (mlirOperationIsNull(ops.ops[i]))
      continue;
    if (tileOpIs(ops.ops[i], "vector.expandload") ||
        tileOpIs(ops.ops[i], "vector.compressstore")) {
      lowerCompressed(ops.ops[i]);
      continue;
    }
    Access a;
    if (describe(ops.ops[i], &a))
      lower(&a);
  }
  tileOpListFree(&ops);
}

const TilePassDescriptor tileVulkanVectorMemoryPass = {
    .argument = "tile-vulkan-vector-memory",
    .name = "TileVulkanVectorMemory",
    .summary = "Lower masked, gathered, expanding, compressing and "
               "transfer accesses of vectors of up to 4 lanes, and masks, to "
               "scalar accesses per lane (MLIR's SPIR-V conversion takes "
               "none of them)",
    .anchor = "",
    .run = run,
};
