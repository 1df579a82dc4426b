/* Queries on the SIMT layout model: names, attributes, thread-parallel loops.
 */
#include "gpu/layout.h"

#include "ir/ir.h"

#include <string.h>

static const char *const names[] = {"grid",    "rows",       "cols", "scalar",
                                    "threads", "replicated", "none"};

const char *tileGpuLayoutName(TileGpuLayout layout) { return names[layout]; }

TileGpuLayout tileGpuLayoutFromAttr(MlirAttribute attr) {
  if (mlirAttributeIsNull(attr) || !mlirAttributeIsAString(attr))
    return TileGpuNone;
  MlirStringRef s = mlirStringAttrGetValue(attr);
  for (int i = TileGpuGrid; i < TileGpuNone; ++i)
    if (tileStrRefEquals(s, names[i]))
      return (TileGpuLayout)i;
  return TileGpuNone;
}

bool tileGpuIsParallelLoop(MlirOperation op) { return tileIsThreadLoop(op); }

MlirBlock tileGpuLoopBody(MlirOperation loop) {
  return mlirRegionGetFirstBlock(mlirOperationGetRegion(loop, 0));
}

unsigned tileGpuLoopRank(MlirOperation loop) {
  return (unsigned)mlirBlockGetNumArguments(tileGpuLoopBody(loop));
}

/* The constant value of an index operand, or INT64_MIN. */
static int64_t constantIndex(MlirValue v) {
  int64_t value;
  return tileConstantInt(v, &value) ? value : INT64_MIN;
}

/* Static lower bound and step of dimension `d`, INT64_MIN when dynamic. */
static void staticBounds(MlirOperation loop, unsigned d, int64_t *lb,
                         int64_t *step) {
  if (tileOpIs(loop, "scf.forall")) {
    MlirAttribute lbs = tileOpGetAttr(loop, "staticLowerBound");
    MlirAttribute steps = tileOpGetAttr(loop, "staticStep");
    *lb = mlirDenseI64ArrayGetElement(lbs, d);
    *step = mlirDenseI64ArrayGetElement(steps, d);
    /* Dynamic entries are operands; constants among them count too. */
    unsigned rank = tileGpuLoopRank(loop);
    intptr_t next = 0;
    for (unsigned i = 0; i < rank; ++i)
      if (mlirDenseI64ArrayGetElement(lbs, i) == INT64_MIN) {
        if (i == d)
          *lb = constantIndex(mlirOperationGetOperand(loop, next));
        ++next;
      }
    MlirAttribute ubs = tileOpGetAttr(loop, "staticUpperBound");
    for (unsigned i = 0; i < rank; ++i)
      next += mlirDenseI64ArrayGetElement(ubs, i) == INT64_MIN;
    for (unsigned i = 0; i < rank; ++i)
      if (mlirDenseI64ArrayGetElement(steps, i) == INT64_MIN) {
        if (i == d)
          *step = constantIndex(mlirOperationGetOperand(loop, next));
        ++next;
      }
    return;
  }
  unsigned rank = tileGpuLoopRank(loop);
  *lb = constantIndex(mlirOperationGetOperand(loop, d));
  *step = constantIndex(mlirOperationGetOperand(loop, 2 * rank + d));
}

bool tileGpuLoopIsDense(MlirOperation loop, unsigned d) {
  int64_t lb, step;
  staticBounds(loop, d, &lb, &step);
  return lb == 0 && step == 1;
}

TileGpuLayout tileGpuFragmentLayout(MlirValue fragment) {
  if (!mlirValueIsAOpResult(fragment))
    return TileGpuNone;
  return tileGpuLayoutFromAttr(
      tileOpGetAttr(mlirOpResultGetOwner(fragment), TILE_GPU_LAYOUT_ATTR));
}

bool tileGpuKernelGrid(MlirOperation kernel, int64_t *tr, int64_t *tc) {
  MlirAttribute grid = tileOpGetAttr(kernel, TILE_GPU_GRID_ATTR);
  if (mlirAttributeIsNull(grid) || !mlirAttributeIsADenseI64Array(grid) ||
      mlirDenseArrayGetNumElements(grid) != 2)
    return false;
  *tr = mlirDenseI64ArrayGetElement(grid, 0);
  *tc = mlirDenseI64ArrayGetElement(grid, 1);
  return *tr > 0 && *tc > 0;
}
