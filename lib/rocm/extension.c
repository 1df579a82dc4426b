/* The tile_rocm dialect's ops: their target-neutral rules and the choices
 * they state for a kernel. The chip-dependent rules (which shapes a chip
 * has, what fits its LDS) are tile-rocm-matrix's, which honours the ops. */
#include "rocm/extension.h"

#include "ir/ir.h"

#include <string.h>

static const char prefix[] = "tile_rocm.";

bool tileRocmIsExtensionOp(MlirOperation op) {
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
  return name.length > sizeof(prefix) - 1 &&
         strncmp(name.data, prefix, sizeof(prefix) - 1) == 0;
}

static int64_t intAttr(MlirOperation op, const char *name) {
  return mlirIntegerAttrGetValueInt(tileOpGetAttr(op, name));
}

void tileRocmReadChoices(MlirOperation kernel, TileRocmChoices *c) {
  memset(c, 0, sizeof(*c));
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(kernel, 0));
  for (MlirOperation op = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op)) {
    if (tileOpIs(op, "tile_rocm.matrix_shape")) {
      c->matrixShape = op;
      c->m = intAttr(op, "m");
      c->n = intAttr(op, "n");
      c->k = intAttr(op, "k");
    } else if (tileOpIs(op, "tile_rocm.lds_layout")) {
      c->ldsLayout = op;
      c->pad = intAttr(op, "pad");
    }
  }
}

void tileRocmEraseChoices(TileRocmChoices *c) {
  if (!mlirOperationIsNull(c->matrixShape))
    mlirOperationDestroy(c->matrixShape);
  if (!mlirOperationIsNull(c->ldsLayout))
    mlirOperationDestroy(c->ldsLayout);
  c->matrixShape = c->ldsLayout = (MlirOperation){NULL};
}

/* Attribute `name` of `op` is an i64 of at least `min`. */
static bool checkInt(MlirOperation op, const char *name, int64_t min) {
  MlirAttribute attr = tileOpGetAttr(op, name);
  if (mlirAttributeIsNull(attr) || !mlirAttributeIsAInteger(attr) ||
      !mlirTypeIsAInteger(mlirAttributeGetType(attr)) ||
      mlirIntegerTypeGetWidth(mlirAttributeGetType(attr)) != 64 ||
      !mlirIntegerTypeIsSignless(mlirAttributeGetType(attr))) {
    tileEmitOpError(op, "expects '%s' to be an i64 integer attribute", name);
    return false;
  }
  if (mlirIntegerAttrGetValueInt(attr) < min) {
    tileEmitOpError(op, "expects '%s' to be at least %lld, got %lld", name,
                    (long long)min,
                    (long long)mlirIntegerAttrGetValueInt(attr));
    return false;
  }
  return true;
}

/* The op's attributes, and its place: directly in a kernel body, the only
 * op of its name there. */
static bool checkOp(MlirOperation op) {
  MlirOperation parent = mlirOperationGetParentOperation(op);
  if (mlirOperationIsNull(parent) || !tileIsKernelLoop(parent)) {
    tileEmitOpError(op, "must be directly in a kernel body (an scf.forall "
                        "mapped to #gpu.block ids)");
    return false;
  }
  for (MlirOperation prev =
           mlirBlockGetFirstOperation(mlirOperationGetBlock(op));
       !mlirOperationEqual(prev, op); prev = mlirOperationGetNextInBlock(prev))
    if (mlirIdentifierEqual(mlirOperationGetName(prev),
                            mlirOperationGetName(op))) {
      tileEmitOpError(op, "repeats a choice: a kernel holds at most one "
                          "of this op");
      return false;
    }
  if (tileOpIs(op, "tile_rocm.matrix_shape")) {
    /* Each attribute is checked, so that every bad one is reported. */
    bool m = checkInt(op, "m", 1), n = checkInt(op, "n", 1);
    bool k = checkInt(op, "k", 1);
    return m && n && k;
  }
  return checkInt(op, "pad", 0);
}

static MlirWalkResult visit(MlirOperation op, void *userData) {
  unsigned *errors = userData;
  if (tileRocmIsExtensionOp(op) && !checkOp(op))
    ++*errors;
  return MlirWalkResultAdvance;
}

unsigned tileRocmVerifyExtensionOps(MlirOperation root) {
  unsigned errors = 0;
  mlirOperationWalk(root, visit, &errors, MlirWalkPreOrder);
  return errors;
}
