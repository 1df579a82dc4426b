/* Block rasterisation: the order in which a kernel's 2-d grid visits its
 * blocks, remapped so that the blocks resident at one time share A rows and
 * B columns in L2. The warp-specialised path groups 8 block rows by
 * default; tile_cuda.rasterize asks any path for another group. */
#include "cuda/rasterize.h"

#include "ir/ir.h"

static MlirValue idx(TileBuilder *b, int64_t v) { return tbConstIndex(b, v); }

/* Whether the dense i64 array `name` of the kernel holds `value` only. */
static bool allStatic(MlirOperation kernel, const char *name, int64_t value) {
  MlirAttribute array = tileOpGetAttr(kernel, name);
  for (intptr_t i = 0; i < mlirDenseArrayGetNumElements(array); ++i)
    if (mlirDenseI64ArrayGetElement(array, i) != value)
      return false;
  return true;
}

static bool mappedYX(MlirOperation kernel) {
  MlirContext ctx = mlirOperationGetContext(kernel);
  MlirAttribute mapping = tileOpGetAttr(kernel, "mapping");
  return mlirArrayAttrGetNumElements(mapping) == 2 &&
         mlirAttributeEqual(
             mlirArrayAttrGetElement(mapping, 0),
             mlirAttributeParseGet(ctx, tileRef("#gpu.block<y>"))) &&
         mlirAttributeEqual(
             mlirArrayAttrGetElement(mapping, 1),
             mlirAttributeParseGet(ctx, tileRef("#gpu.block<x>")));
}

bool tileCudaRasterFits(MlirOperation kernel, TileStrBuf *why) {
  if (!mappedYX(kernel))
    return tileCudaRefuse(why, "block order is rasterised over grids mapped "
                               "[#gpu.block<y>, #gpu.block<x>] only");
  /* The block ids are the induction variables only from 0 in steps of 1. */
  if (!allStatic(kernel, "staticLowerBound", 0) ||
      !allStatic(kernel, "staticStep", 1))
    return tileCudaRefuse(why, "block order is rasterised over grids from 0 "
                               "in steps of 1 only");
  return true;
}

void tileCudaRasterise(TileBuilder *b, MlirOperation kernel,
                       int64_t groupRows) {
  /* The remapping takes the block ids for the indices of the blocks: on a
   * grid of offsets (lower bound or step other than 0 and 1) it computed
   * other offsets than the grid's, and C tiles went missing. */
  if (groupRows <= 1 || !tileCudaRasterFits(kernel, NULL))
    return;
  TileLoopBounds bounds = tbForallBounds(b, kernel);
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(kernel, 0));
  MlirValue bm = mlirBlockGetArgument(body, 0);
  MlirValue bn = mlirBlockGetArgument(body, 1);
  MlirValue gridM = bounds.ub[0], gridN = bounds.ub[1];
  MlirValue linear = tbAdd(b, tbMul(b, bm, gridN), bn);
  MlirValue perGroup = tbMul(b, idx(b, groupRows), gridN);
  MlirValue firstRow = tbMul(b, tbDivU(b, linear, perGroup), idx(b, groupRows));
  MlirValue rows = tbMinU(b, tbSub(b, gridM, firstRow), idx(b, groupRows));
  MlirValue within = tbRemU(b, linear, perGroup);
  MlirValue newM = tbAdd(b, firstRow, tbRemU(b, within, rows));
  MlirValue newN = tbDivU(b, within, rows);
  MlirOperation mUsers[] = {mlirOpResultGetOwner(linear)};
  MlirOperation nUsers[] = {mlirOpResultGetOwner(linear)};
  /* linear = bm * gridN + bn: its muli uses bm, its addi uses bn. */
  mUsers[0] = mlirOpResultGetOwner(mlirOperationGetOperand(mUsers[0], 0));
  mlirValueReplaceAllUsesExcept(bm, newM, 1, mUsers);
  mlirValueReplaceAllUsesExcept(bn, newN, 1, nUsers);
}
