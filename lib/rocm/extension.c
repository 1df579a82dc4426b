/* The tile_rocm dialect's ops: their target-neutral rules and the choices
 * they state for a kernel. The chip-dependent rules (which shapes a chip
 * has, what fits its LDS) are tile-rocm-matrix's, which honours the ops. */
#include "rocm/extension.h"

#include "ir/choices.h"
#include "ir/ir.h"

#include <string.h>

void tileRocmReadChoices(MlirOperation kernel, TileRocmChoices *c) {
  memset(c, 0, sizeof(*c));
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(kernel, 0));
  for (MlirOperation op = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op)) {
    if (tileOpIs(op, "tile_rocm.matrix_shape")) {
      c->matrixShape = op;
      c->m = tileChoiceI64(op, "m");
      c->n = tileChoiceI64(op, "n");
      c->k = tileChoiceI64(op, "k");
    } else if (tileOpIs(op, "tile_rocm.lds_layout")) {
      c->ldsLayout = op;
      c->pad = tileChoiceI64(op, "pad");
    } else if (tileOpIs(op, "tile_rocm.direct_loads")) {
      c->directLoads = op;
    }
  }
}

void tileRocmEraseChoices(TileRocmChoices *c) {
  if (!mlirOperationIsNull(c->matrixShape))
    mlirOperationDestroy(c->matrixShape);
  if (!mlirOperationIsNull(c->ldsLayout))
    mlirOperationDestroy(c->ldsLayout);
  if (!mlirOperationIsNull(c->directLoads))
    mlirOperationDestroy(c->directLoads);
  c->matrixShape = c->ldsLayout = c->directLoads = (MlirOperation){NULL};
}

/* The op's place (directly in a kernel body, the only op of its name
 * there) and its attributes. */
static bool checkOp(MlirOperation op) {
  if (!tileCheckChoicePlacement(op))
    return false;
  if (tileOpIs(op, "tile_rocm.matrix_shape")) {
    /* Each attribute is checked, so that every bad one is reported. */
    bool m = tileCheckChoiceInt(op, "m", 1);
    bool n = tileCheckChoiceInt(op, "n", 1);
    bool k = tileCheckChoiceInt(op, "k", 1);
    return m && n && k;
  }
  if (tileOpIs(op, "tile_rocm.waves_per_eu"))
    return tileCheckChoiceInt(op, "waves", 1);
  if (tileOpIs(op, "tile_rocm.direct_loads"))
    return true;
  return tileCheckChoiceInt(op, "pad", 0);
}

unsigned tileRocmVerifyExtensionOps(MlirOperation root) {
  return tileCheckChoiceOps(root, "tile_rocm.", checkOp);
}
