/* tile-vulkan-views: the memref ops of device code that MLIR 22's SPIR-V
 * conversion does not take, and that fold-memref-alias-ops does not fold
 * into the loads and stores through them (they failed with "failed to
 * legalize operation"):
 *   - memref.assume_alignment and memref.prefetch are hints: dropped.
 *   - memref.transpose: each load and store through it indexes the
 *     transposed memref, its indices permuted; any other use is reported.
 *   - memref.reinterpret_cast of a memref of the identity layout: each
 *     load and store through it indexes the source at the element
 *     offset + sum(index * stride), delinearized over the source's shape;
 *     a source of another layout, or any other use, is reported.
 *   - memref.view is reported at the op.
 *   - vector.load and vector.store of one-dimensional vectors become a
 *     scalar load or store per lane: MLIR's conversion bitcast the buffer
 *     pointer to a vector pointer, which Vulkan's logical addressing does
 *     not allow (spirv-val: "OpLoad Pointer ... is not a logical pointer";
 *     the kernel compiled, and was invalid), and the kernel ABI, which
 *     flattens buffers of dynamic shape, takes scalar accesses only. */
#include "ir/builder.h"
#include "ir/builder_vector.h"
#include "ir/ir.h"
#include "passes/pass.h"
#include "support/alloc.h"
#include "support/count.h"

#include "mlir-c/AffineExpr.h"
#include "mlir-c/AffineMap.h"
#include "mlir-c/BuiltinAttributes.h"

#include <stdlib.h>

typedef struct {
  TileOpList ops;
  unsigned errors;
} Views;

/* A vector.load or vector.store of a one-dimensional vector of up to 4
 * lanes (SPIR-V's vectors). */
static bool isVectorAccess(MlirOperation op) {
  bool load = tileOpIs(op, "vector.load");
  if (!load && !tileOpIs(op, "vector.store"))
    return false;
  MlirType vector = load ? mlirValueGetType(mlirOperationGetResult(op, 0))
                         : mlirValueGetType(mlirOperationGetOperand(op, 0));
  /* Wider ones are reported (tile-gpu-check-device-ops) at the access; a
   * memref of vectors is loaded whole. */
  MlirType memref = mlirValueGetType(mlirOperationGetOperand(op, load ? 0 : 1));
  return !mlirTypeIsAVector(mlirShapedTypeGetElementType(memref)) &&
         mlirShapedTypeGetRank(vector) == 1 &&
         !mlirShapedTypeIsDynamicDim(vector, 0) &&
         mlirShapedTypeGetDimSize(vector, 0) <= 4;
}

/* The lanes of a vector.load (or store) as scalar loads (stores) of the
 * consecutive elements along the last index. */
static void scalarize(MlirOperation op) {
  bool load = tileOpIs(op, "vector.load");
  TileBuilder b = tbBefore(op);
  MlirType vector = load ? mlirValueGetType(mlirOperationGetResult(op, 0))
                         : mlirValueGetType(mlirOperationGetOperand(op, 0));
  MlirType element = mlirShapedTypeGetElementType(vector);
  int64_t lanes = mlirShapedTypeGetDimSize(vector, 0);
  intptr_t first = load ? 0 : 1; /* the memref */
  intptr_t n = mlirOperationGetNumOperands(op);
  MlirValue operands[2 + TILE_MAX_RANK];
  intptr_t count = 0;
  for (intptr_t i = first; i < n && count < 1 + TILE_MAX_RANK; ++i)
    operands[1 + count++] = mlirOperationGetOperand(op, i);
  MlirValue last = operands[count];
  MlirValue *values = tileMalloc((size_t)lanes * sizeof(MlirValue));
  for (int64_t k = 0; k < lanes; ++k) {
    operands[count] =
        k ? tbAdd(&b, last, tbConstIndex(&b, k)) : last; /* lane k */
    if (load) {
      values[k] = tbResult(tbCreate(&b, "memref.load", count, operands + 1, 1,
                                    &element, 0, NULL));
    } else {
      operands[0] = tbVExtract(&b, mlirOperationGetOperand(op, 0), k);
      tbCreate(&b, "memref.store", count + 1, operands, 0, NULL, 0, NULL);
    }
  }
  if (load)
    mlirValueReplaceAllUsesOfWith(
        mlirOperationGetResult(op, 0),
        tbResult(tbCreate(&b, "vector.from_elements", (intptr_t)lanes, values,
                          1, &vector, 0, NULL)));
  free(values);
}

static MlirWalkResult collect(MlirOperation op, void *userData) {
  Views *v = userData;
  if (tileOpIs(op, "memref.view")) {
    tileEmitOpError(op, "has no lowering on the vulkan target (MLIR's SPIR-V "
                        "conversion has none); allocate the array with "
                        "memref.alloca of its element type");
    ++v->errors;
  } else if (tileOpIs(op, "memref.assume_alignment") ||
             tileOpIs(op, "memref.prefetch") ||
             tileOpIs(op, "memref.transpose") ||
             tileOpIs(op, "memref.reinterpret_cast") || isVectorAccess(op)) {
    tileOpListAppend(&v->ops, op);
  }
  return MlirWalkResultAdvance;
}

/* The dimension a memref.dim reads when it is a constant, else -1. */
static int64_t constantDim(MlirOperation dim) {
  int64_t d;
  return tileConstantInt(mlirOperationGetOperand(dim, 1), &d) && d >= 0 ? d
                                                                        : -1;
}

/* Whether each use of the view's result is a memref.load, a memref.store
 * into it or a memref.dim of one of its dimensions; reports the first
 * other one. */
static bool onlyAccessed(MlirOperation view, const char *what) {
  MlirValue result = mlirOperationGetResult(view, 0);
  for (MlirOpOperand use = mlirValueGetFirstUse(result);
       !mlirOpOperandIsNull(use); use = mlirOpOperandGetNextUse(use)) {
    MlirOperation user = mlirOpOperandGetOwner(use);
    unsigned at = mlirOpOperandGetOperandNumber(use);
    if ((tileOpIs(user, "memref.load") && at == 0) ||
        (tileOpIs(user, "memref.store") && at == 1) ||
        (tileOpIs(user, "memref.dim") && at == 0 &&
         constantDim(user) < mlirShapedTypeGetRank(mlirValueGetType(result))))
      continue;
    MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(user));
    tileEmitOpError(view,
                    "is used by '%.*s', which the vulkan target cannot "
                    "follow through a %s (loads, stores and memref.dim "
                    "can)",
                    (int)name.length, name.data, what);
    return false;
  }
  return true;
}

/* Loads and stores through `transpose` index its source: the source's
 * index at position perm(k) is the transpose's index k. */
static void foldTranspose(MlirOperation transpose) {
  MlirValue source = mlirOperationGetOperand(transpose, 0);
  MlirAffineMap perm =
      mlirAffineMapAttrGetValue(tileOpGetAttr(transpose, "permutation"));
  intptr_t rank = mlirAffineMapGetNumResults(perm);
  MlirValue result = mlirOperationGetResult(transpose, 0);
  MlirOpOperand use = mlirValueGetFirstUse(result);
  while (!mlirOpOperandIsNull(use)) {
    MlirOperation user = mlirOpOperandGetOwner(use);
    use = mlirOpOperandGetNextUse(use);
    if (tileOpIs(user, "memref.dim")) {
      /* The source's size of the dimension it was permuted from. */
      TileBuilder b = tbBefore(user);
      MlirAffineExpr from = mlirAffineMapGetResult(perm, constantDim(user));
      tbReplaceOp(user, tbDim(&b, source, mlirAffineDimExprGetPosition(from)));
      continue;
    }
    intptr_t first = tileOpIs(user, "memref.load") ? 1 : 2;
    MlirValue indices[TILE_MAX_RANK];
    for (intptr_t k = 0; k < rank && k < TILE_MAX_RANK; ++k)
      indices[mlirAffineDimExprGetPosition(mlirAffineMapGetResult(perm, k))] =
          mlirOperationGetOperand(user, first + k);
    for (intptr_t k = 0; k < rank && k < TILE_MAX_RANK; ++k)
      mlirOperationSetOperand(user, first + k, indices[k]);
    mlirOperationSetOperand(user, first - 1, source);
  }
}

/* Loads and stores through `cast` index its source, a memref of the
 * identity layout: the element offset + sum(index_k * stride_k) of the
 * cast, delinearized over the source's sizes (the last index varies
 * fastest); memref.dim of it is the cast's size. */
static bool foldReinterpretCast(MlirOperation cast) {
  MlirValue source = mlirOperationGetOperand(cast, 0);
  MlirType sourceType = mlirValueGetType(source);
  if (!mlirTypeIsAMemRef(sourceType) ||
      !mlirAffineMapIsIdentity(mlirMemRefTypeGetAffineMap(sourceType))) {
    tileEmitOpError(cast, "reinterprets a memref of a strided layout, which "
                          "the vulkan target cannot follow (a memref of the "
                          "identity layout it can)");
    return false;
  }
  MlirValue result = mlirOperationGetResult(cast, 0);
  intptr_t rank = mlirShapedTypeGetRank(mlirValueGetType(result));
  intptr_t sourceRank = mlirShapedTypeGetRank(sourceType);
  if (rank > TILE_MAX_RANK || sourceRank > TILE_MAX_RANK) {
    tileEmitOpError(cast, "has more than %d dimensions", TILE_MAX_RANK);
    return false;
  }
  if (!onlyAccessed(cast, "reinterpret_cast"))
    return false;
  /* Once, before the cast: its offset, sizes and strides (dynamic ones are
   * its operands after the source, in that order) and the source's sizes
   * but the first, which the delinearization divides by. */
  TileBuilder at = tbBefore(cast);
  MlirValue offset, sizes[TILE_MAX_RANK], strides[TILE_MAX_RANK];
  MlirValue sourceSizes[TILE_MAX_RANK];
  intptr_t next = 1;
  tbMixedValues(&at, cast, "static_offsets", &next, 1, &offset);
  tbMixedValues(&at, cast, "static_sizes", &next, rank, sizes);
  tbMixedValues(&at, cast, "static_strides", &next, rank, strides);
  for (intptr_t k = 1; k < sourceRank; ++k)
    sourceSizes[k] =
        mlirShapedTypeIsDynamicDim(sourceType, k)
            ? tbDim(&at, source, k)
            : tbConstIndex(&at, mlirShapedTypeGetDimSize(sourceType, k));
  MlirOpOperand use = mlirValueGetFirstUse(result);
  while (!mlirOpOperandIsNull(use)) {
    MlirOperation user = mlirOpOperandGetOwner(use);
    use = mlirOpOperandGetNextUse(use);
    if (tileOpIs(user, "memref.dim")) {
      tbReplaceOp(user, sizes[constantDim(user)]);
      continue;
    }
    bool load = tileOpIs(user, "memref.load");
    intptr_t first = load ? 1 : 2;
    TileBuilder b = tbBefore(user);
    MlirValue linear = offset;
    for (intptr_t k = 0; k < rank; ++k)
      linear = tbAdd(
          &b, linear,
          tbMul(&b, mlirOperationGetOperand(user, first + k), strides[k]));
    MlirValue indices[TILE_MAX_RANK];
    for (intptr_t k = sourceRank - 1; k > 0; --k) {
      indices[k] = tbRemU(&b, linear, sourceSizes[k]);
      linear = tbDivU(&b, linear, sourceSizes[k]);
    }
    if (sourceRank > 0)
      indices[0] = linear;
    if (load) {
      tbReplaceOp(user, tbLoad(&b, source, sourceRank, indices));
    } else {
      tbStore(&b, mlirOperationGetOperand(user, 0), source, sourceRank,
              indices);
      mlirOperationDestroy(user);
    }
  }
  return true;
}

static void run(MlirOperation root, MlirExternalPass pass,
                const TileOptionValue *values) {
  (void)values;
  Views v = {{0}, 0};
  mlirOperationWalk(root, collect, &v, MlirWalkPostOrder);
  /* Vector accesses first: their lanes are loads and stores, which the
   * views below are followed by. */
  for (size_t i = 0; i < v.ops.count; ++i)
    if (isVectorAccess(v.ops.ops[i])) {
      scalarize(v.ops.ops[i]);
      mlirOperationDestroy(v.ops.ops[i]);
      v.ops.ops[i] = (MlirOperation){NULL};
    }
  /* Last first: a view of a view is folded into its source's accesses
   * before that source is followed in turn (a view comes before its uses
   * in the walk). */
  for (size_t i = v.ops.count; i-- > 0;) {
    MlirOperation op = v.ops.ops[i];
    if (mlirOperationIsNull(op))
      continue;
    if (tileOpIs(op, "memref.transpose")) {
      if (!onlyAccessed(op, "transpose")) {
        ++v.errors;
        continue;
      }
      foldTranspose(op);
    } else if (tileOpIs(op, "memref.reinterpret_cast")) {
      if (!foldReinterpretCast(op)) {
        ++v.errors;
        continue;
      }
    } else if (tileOpIs(op, "memref.assume_alignment")) {
      mlirValueReplaceAllUsesOfWith(mlirOperationGetResult(op, 0),
                                    mlirOperationGetOperand(op, 0));
    }
    mlirOperationDestroy(op);
  }
  tileOpListFree(&v.ops);
  if (v.errors)
    mlirExternalPassSignalFailure(pass);
}

const TilePassDescriptor tileVulkanViewsPass = {
    .argument = "tile-vulkan-views",
    .name = "TileVulkanViews",
    .summary = "Drop memref.assume_alignment and memref.prefetch, access "
               "through memref.transpose by permuted indices and through "
               "memref.reinterpret_cast by linear ones, load and "
               "store vectors lane by lane, report memref.view (MLIR's "
               "SPIR-V conversion takes none of them as they are)",
    .anchor = "",
    .run = run,
};
