/* tile-gpu-transfer-masks: a one-dimensional vector.transfer_read or
 * transfer_write of device code that may run past the end of its memref
 * (in_bounds false along a minor-identity lane dimension) becomes an in-bounds
 * transfer under the mask of the lanes inside the memref,
 * vector.create_mask(size - index), and'ed with its own mask. This is the mask
 * that MLIR's lowering to LLVM would add itself; made there, after NVVM's and
 * ROCDL's conversions, its memref.dim of a buffer of dynamic shape was never
 * converted, and LLVM's translation failed on an unrealized cast without a
 * location. Made here, the memref.dim (or, for a static size, a constant) is
 * lowered with the rest of the kernel. */
#include "ir/builder.h"
#include "ir/builder_gpu.h"
#include "ir/builder_vector.h"
#include "ir/ir.h"
#include "passes/pass.h"
#include "support/alloc.h"

#include "mlir-c/AffineMap.h"
#include "mlir-c/BuiltinAttributes.h"

#include <stdlib.h>
#include <string.h>

/* Whether the transfer takes a mask of the lanes inside its memref: one
 * lane dimension, the memref's last, that may run past it. */
static bool needsMask(MlirOperation op, TileTransfer *t) {
  if (!tileTransferOf(op, t) || !mlirTypeIsAVector(t->vector) ||
      mlirShapedTypeGetRank(t->vector) != 1 ||
      mlirVectorTypeIsDimScalable(t->vector, 0) || t->rank < 1)
    return false;
  MlirAttribute map = tileOpGetAttr(op, "permutation_map");
  return !mlirAttributeIsNull(map) && mlirAttributeIsAAffineMap(map) &&
         mlirAffineMapIsMinorIdentity(mlirAffineMapAttrGetValue(map)) &&
         !tileTransferInBounds(op);
}

static void rewrite(MlirOperation op, const TileTransfer *t) {
  TileBuilder b = tbBefore(op);
  MlirValue memref = t->memref;
  MlirType memrefType = mlirValueGetType(memref);
  intptr_t last = t->rank - 1;
  MlirValue size =
      mlirShapedTypeIsDynamicDim(memrefType, last)
          ? tbDim(&b, memref, last)
          : tbConstIndex(&b, mlirShapedTypeGetDimSize(memrefType, last));
  MlirValue index = mlirOperationGetOperand(op, t->memrefAt + 1 + last);
  MlirType vector = t->vector;
  /* size - index lanes, none where the transfer starts past the end. */
  MlirValue inside = tbMaxS(&b, tbSub(&b, size, index), tbConstIndex(&b, 0));
  MlirValue mask =
      tbVCreateMask(&b, mlirShapedTypeGetDimSize(vector, 0), inside);
  if (t->mask.ptr)
    mask = tbAnd(&b, mask, t->mask);

  intptr_t n = mlirOperationGetNumOperands(op);
  intptr_t kept = t->mask.ptr ? n - 1 : n;
  MlirValue *operands = tileCallocArray((size_t)kept + 1, sizeof(MlirValue));
  for (intptr_t i = 0; i < kept; ++i)
    operands[i] = mlirOperationGetOperand(op, i);
  operands[kept] = mask;
  intptr_t numAttrs = mlirOperationGetNumAttributes(op);
  MlirNamedAttribute *attrs =
      tileCallocArray((size_t)numAttrs + 2, sizeof(MlirNamedAttribute));
  intptr_t count = 0;
  for (intptr_t i = 0; i < numAttrs; ++i) {
    MlirNamedAttribute a = mlirOperationGetAttribute(op, i);
    MlirStringRef name = mlirIdentifierStr(a.name);
    if (mlirStringRefEqual(name, tileRef("in_bounds")) ||
        mlirStringRefEqual(name, tileRef("operandSegmentSizes")))
      continue;
    attrs[count++] = a;
  }
  attrs[count++] = tbNamed(&b, "in_bounds", tbParseAttr(&b, "[true]"));
  int32_t segments[4];
  if (t->read) {
    segments[0] = 1;
    segments[1] = (int32_t)t->rank;
    segments[2] = 1;
    segments[3] = 1;
  } else {
    segments[0] = 1;
    segments[1] = 1;
    segments[2] = (int32_t)t->rank;
    segments[3] = 1;
  }
  attrs[count++] = tbNamed(&b, "operandSegmentSizes",
                           mlirDenseI32ArrayGet(b.ctx, 4, segments));
  intptr_t numResults = mlirOperationGetNumResults(op);
  MlirType result = numResults ? mlirValueGetType(mlirOperationGetResult(op, 0))
                               : (MlirType){NULL};
  MlirOperation replacement =
      tbCreate(&b, t->read ? "vector.transfer_read" : "vector.transfer_write",
               kept + 1, operands, numResults, &result, count, attrs);
  if (numResults)
    tbReplaceOp(op, tbResult(replacement));
  else
    mlirOperationDestroy(op);
  free(operands);
  free(attrs);
}

static MlirWalkResult collect(MlirOperation op, void *userData) {
  TileTransfer t;
  if (needsMask(op, &t))
    tileOpListAppend(userData, op);
  return MlirWalkResultAdvance;
}

static void run(MlirOperation root, MlirExternalPass pass,
                const TileOptionValue *values) {
  (void)pass;
  (void)values;
  TileOpList ops = {0};
  mlirOperationWalk(root, collect, &ops, MlirWalkPostOrder);
  for (size_t i = 0; i < ops.count; ++i) {
    TileTransfer t;
    if (needsMask(ops.ops[i], &t))
      rewrite(ops.ops[i], &t);
  }
  tileOpListFree(&ops);
}

const TilePassDescriptor tileGpuTransferMasksPass = {
    .argument = "tile-gpu-transfer-masks",
    .name = "TileGpuTransferMasks",
    .summary = "Give one-dimensional vector transfers that may run past "
               "their memref the mask of the lanes inside it, before the "
               "GPU conversion (the lowering to LLVM made it too late)",
    .anchor = "",
    .run = run,
};
