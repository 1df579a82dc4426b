/* tile-gpu-check-vectors: a vector.transfer_read or transfer_write in a
 * kernel that may run past a buffer of dynamic shape (no in_bounds = true on
 * every dimension) along a dimension other than the buffer's last is
 * reported at the op. The vector lowering checks such a transfer against
 * memref.dim, which it creates after NVVM's and ROCDL's conversions have
 * run: the kernel failed with "LLVM Translation failed for operation:
 * builtin.unrealized_conversion_cast" and no location. Transfers whose
 * lanes run along the last dimension get their bounds as a mask before
 * those conversions (tile-gpu-transfer-masks, after convert-vector-to-scf
 * has made transfers of several dimensions one-dimensional); in-bounds
 * transfers, masked loads and stores, and transfers of static shapes
 * compile too. */
#include "gpu/fail.h"
#include "ir/ir.h"
#include "passes/pass.h"

#include "mlir-c/AffineExpr.h"
#include "mlir-c/AffineMap.h"

enum { OptTarget };

static const TilePassOption options[] = {
    [OptTarget] = {"target", TileOptionString, "gpu",
                   "the target named in messages (cuda, rocm)", NULL, NULL},
};

typedef struct {
  const char *target;
  unsigned errors;
} Check;

/* Whether the transfer's lanes run along the memref's last dimension:
 * its permutation map is a minor identity, up to broadcast dimensions. */
static bool lanesAlongLastDim(MlirOperation op, MlirType memref) {
  MlirAttribute attr = tileOpGetAttr(op, "permutation_map");
  if (mlirAttributeIsNull(attr) || !mlirAttributeIsAAffineMap(attr))
    return false;
  MlirAffineMap map = mlirAffineMapAttrGetValue(attr);
  intptr_t results = mlirAffineMapGetNumResults(map);
  intptr_t rank = mlirShapedTypeGetRank(memref);
  /* Result k names memref dimension rank - results + k, or is a broadcast
   * (the constant 0). */
  for (intptr_t k = 0; k < results; ++k) {
    MlirAffineExpr e = mlirAffineMapGetResult(map, k);
    if (mlirAffineExprIsAConstant(e) && mlirAffineConstantExprGetValue(e) == 0)
      continue;
    if (!mlirAffineExprIsADim(e) ||
        mlirAffineDimExprGetPosition(e) != rank - results + k)
      return false;
  }
  return results > 0 && results <= rank;
}

static bool hasDynamicShape(MlirType type) {
  if (!mlirTypeIsAMemRef(type))
    return false;
  for (intptr_t d = 0; d < mlirShapedTypeGetRank(type); ++d)
    if (mlirShapedTypeIsDynamicDim(type, d))
      return true;
  return false;
}

static MlirWalkResult checkTransfer(MlirOperation op, void *userData) {
  Check *c = userData;
  bool read = tileOpIs(op, "vector.transfer_read");
  if (!read && !tileOpIs(op, "vector.transfer_write"))
    return MlirWalkResultAdvance;
  MlirValue buffer = mlirOperationGetOperand(op, read ? 0 : 1);
  MlirType type = mlirValueGetType(buffer);
  if (hasDynamicShape(type) && !tileTransferInBounds(op) &&
      !lanesAlongLastDim(op, type))
    tileGpuFail(&c->errors, op,
                "may run past its buffer of dynamic shape along a dimension "
                "other than the last, which kernels on the %s target cannot "
                "check: mark it in_bounds = [true, ...] where it stays "
                "inside, transfer along the last dimension, or use "
                "vector.maskedload / vector.maskedstore with a mask",
                c->target);
  return MlirWalkResultAdvance;
}

static MlirWalkResult findKernels(MlirOperation op, void *userData) {
  if (!tileIsKernelLoop(op))
    return MlirWalkResultAdvance;
  mlirOperationWalk(op, checkTransfer, userData, MlirWalkPreOrder);
  return MlirWalkResultSkip;
}

static void run(MlirOperation op, MlirExternalPass pass,
                const TileOptionValue *values) {
  Check c = {values[OptTarget].s, 0};
  mlirOperationWalk(op, findKernels, &c, MlirWalkPreOrder);
  if (c.errors)
    mlirExternalPassSignalFailure(pass);
}

const TilePassDescriptor tileGpuCheckVectorsPass = {
    .argument = "tile-gpu-check-vectors",
    .name = "TileGpuCheckVectors",
    .summary = "Report vector transfers in kernels that may run past a "
               "buffer of dynamic shape along a dimension other than its "
               "last (the GPU lowering cannot check them)",
    .anchor = "",
    .options = options,
    .numOptions = TILE_COUNT(options),
    .run = run,
};
