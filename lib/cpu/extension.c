/* The tile_cpu dialect's ops: their target-neutral rules and the choices
 * they state for a kernel. The rules that depend on the chip and on the
 * kernel's GEMMs (registers, tile shapes, element types) are
 * tile-cpu-gemm's, which honours the ops. */
#include "cpu/extension.h"

#include "ir/choices.h"
#include "ir/ir.h"
#include "support/count.h"

#include <string.h>

static bool boolAttr(MlirOperation op, const char *name) {
  return mlirBoolAttrGetValue(tileOpGetAttr(op, name));
}

void tileCpuReadChoices(MlirOperation kernel, TileCpuChoices *c) {
  memset(c, 0, sizeof(*c));
  c->packA = c->packB = true;
  if (mlirOperationIsNull(kernel))
    return;
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(kernel, 0));
  for (MlirOperation op = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op)) {
    if (tileOpIs(op, "tile_cpu.micro_kernel")) {
      c->microKernel = op;
      c->rows = tileChoiceI64(op, "rows");
      c->vectors = tileChoiceI64(op, "vectors");
      c->unroll = tileChoiceI64(op, "unroll");
    } else if (tileOpIs(op, "tile_cpu.packing")) {
      c->packing = op;
      c->packA = boolAttr(op, "a");
      c->packB = boolAttr(op, "b");
    } else if (tileOpIs(op, "tile_cpu.prefetch")) {
      c->prefetch = op;
      c->distance = tileChoiceI64(op, "distance");
    }
  }
}

bool tileCpuHasChoices(const TileCpuChoices *c) {
  return !mlirOperationIsNull(c->microKernel) ||
         !mlirOperationIsNull(c->packing) || !mlirOperationIsNull(c->prefetch);
}

void tileCpuEraseChoices(TileCpuChoices *c) {
  MlirOperation *ops[] = {&c->microKernel, &c->packing, &c->prefetch};
  for (size_t i = 0; i < TILE_COUNT(ops); ++i)
    if (!mlirOperationIsNull(*ops[i])) {
      mlirOperationDestroy(*ops[i]);
      *ops[i] = (MlirOperation){NULL};
    }
}

enum { MaxPrefetchDistance = 65536 };

/* The op's place (directly in a kernel body, the only op of its name
 * there) and its attributes; each attribute is checked, so that every bad
 * one is reported. */
static bool checkOp(MlirOperation op) {
  if (!tileCheckChoicePlacement(op))
    return false;
  if (tileOpIs(op, "tile_cpu.micro_kernel")) {
    bool rows = tileCheckChoiceInt(op, "rows", 1);
    bool vectors = tileCheckChoiceInt(op, "vectors", 1);
    bool unroll = tileCheckChoiceInt(op, "unroll", 1);
    return rows && vectors && unroll;
  }
  if (tileOpIs(op, "tile_cpu.packing")) {
    bool a = tileCheckChoiceBool(op, "a");
    bool b = tileCheckChoiceBool(op, "b");
    return a && b;
  }
  if (!tileCheckChoiceInt(op, "distance", 0))
    return false;
  /* The prefetched row's offset is distance x the row stride: a limit far
   * beyond any tile's rows keeps that product from wrapping. */
  int64_t distance = tileChoiceI64(op, "distance");
  if (distance > MaxPrefetchDistance) {
    tileEmitOpError(op, "expects 'distance' to be at most %d rows, got %lld",
                    MaxPrefetchDistance, (long long)distance);
    return false;
  }
  return true;
}

unsigned tileCpuVerifyExtensionOps(MlirOperation root) {
  return tileCheckChoiceOps(root, "tile_cpu.", checkOp);
}
