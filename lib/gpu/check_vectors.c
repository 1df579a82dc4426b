/* tile-gpu-check-vectors: a vector.transfer_read or transfer_write in a
 * kernel that may run past a buffer of dynamic shape (no in_bounds = true on
 * every dimension) is reported at the op. The vector lowering checks such a
 * transfer against memref.dim, which it creates after NVVM's and ROCDL's
 * conversions have run: the kernel failed with "LLVM Translation failed for
 * operation: builtin.unrealized_conversion_cast" and no location. In-bounds
 * transfers, masked loads and stores, and transfers of static shapes
 * compile. */
#include "gpu/fail.h"
#include "ir/ir.h"
#include "passes/pass.h"

enum { OptTarget };

static const TilePassOption options[] = {
    [OptTarget] = {"target", TileOptionString, "gpu",
                   "the target named in messages (cuda, rocm)", NULL},
};

typedef struct {
  const char *target;
  unsigned errors;
} Check;

/* Whether every entry of the transfer's in_bounds is true. */
static bool allInBounds(MlirOperation op) {
  MlirAttribute inBounds = mlirOperationGetAttributeByName(
      op, mlirStringRefCreateFromCString("in_bounds"));
  if (mlirAttributeIsNull(inBounds) || !mlirAttributeIsAArray(inBounds))
    return false;
  for (intptr_t i = 0; i < mlirArrayAttrGetNumElements(inBounds); ++i) {
    MlirAttribute entry = mlirArrayAttrGetElement(inBounds, i);
    if (!mlirAttributeIsABool(entry) || !mlirBoolAttrGetValue(entry))
      return false;
  }
  return true;
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
  if (hasDynamicShape(mlirValueGetType(buffer)) && !allInBounds(op))
    tileGpuFail(&c->errors, op,
                "may run past its buffer of dynamic shape, which kernels on "
                "the %s target cannot check: mark it in_bounds = [true, ...] "
                "where it stays inside, or use vector.maskedload / "
                "vector.maskedstore with a mask",
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
               "buffer of dynamic shape (the GPU lowering cannot check them)",
    .anchor = "",
    .options = options,
    .numOptions = TILE_COUNT(options),
    .run = run,
};
