/* Builder helpers for GPU lowering: threads, barriers, private arrays,
 * atomics, value-yielding branches and float arithmetic. */
#include "ir/builder_gpu.h"

#include "ir/builder_vector.h"
#include "ir/ir.h"
#include "support/count.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

MlirValue tbThreadIdX(TileBuilder *b) {
  MlirType index = tbIndex(b);
  MlirNamedAttribute dim =
      tbNamed(b, "dimension", tbParseAttr(b, "#gpu<dim x>"));
  return tbResult(tbCreate(b, "gpu.thread_id", 0, NULL, 1, &index, 1, &dim));
}

MlirOperation tbBarrier(TileBuilder *b) {
  return tbCreate(b, "gpu.barrier", 0, NULL, 0, NULL, 0, NULL);
}

MlirType tbMemRefTypeIn(TileBuilder *b, intptr_t rank, const int64_t *shape,
                        MlirType element, MlirAttribute memorySpace) {
  (void)b;
  return mlirMemRefTypeContiguousGet(element, rank, shape, memorySpace);
}

MlirValue tbAllocaType(TileBuilder *b, MlirType memrefType) {
  MlirNamedAttribute segments =
      tbNamed(b, "operandSegmentSizes",
              mlirDenseI32ArrayGet(b->ctx, 2, (const int32_t[]){0, 0}));
  return tbResult(
      tbCreate(b, "memref.alloca", 0, NULL, 1, &memrefType, 1, &segments));
}

MlirValue tbAtomicRmw(TileBuilder *b, const char *kind, MlirValue value,
                      MlirValue memref, intptr_t n, const MlirValue *indices) {
  MlirValue operands[TILE_MAX_RANK + 2];
  operands[0] = value;
  operands[1] = memref;
  for (intptr_t i = 0; i < n; ++i)
    operands[i + 2] = indices[i];
  /* arith::AtomicRMWKind values: addf = 0, addi = 1. */
  MlirNamedAttribute attr =
      tbNamed(b, "kind", tbI64Attr(b, strcmp(kind, "addf") == 0 ? 0 : 1));
  MlirType type = mlirValueGetType(value);
  return tbResult(
      tbCreate(b, "memref.atomic_rmw", n + 2, operands, 1, &type, 1, &attr));
}

TileIfValue tbIfValue(TileBuilder *b, MlirValue cond, MlirType type) {
  MlirOperation op =
      tbCreateWithRegions(b, "scf.if", 1, &cond, 1, &type, 0, NULL, 2);
  MlirBlock thenBlock = mlirBlockCreate(0, NULL, NULL);
  MlirBlock elseBlock = mlirBlockCreate(0, NULL, NULL);
  mlirRegionAppendOwnedBlock(mlirOperationGetRegion(op, 0), thenBlock);
  mlirRegionAppendOwnedBlock(mlirOperationGetRegion(op, 1), elseBlock);
  return (TileIfValue){op, thenBlock, elseBlock};
}

void tbYieldValue(TileBuilder *b, MlirValue value) {
  tbCreate(b, "scf.yield", 1, &value, 0, NULL, 0, NULL);
}

TileBuilder tbInto(MlirBlock block, MlirLocation loc) {
  return tbAtEnd(block, loc);
}

static bool isFloat(MlirValue v) {
  return mlirTypeIsAFloat(mlirValueGetType(v));
}

MlirValue tbAddAny(TileBuilder *b, MlirValue x, MlirValue y) {
  return tbBinary(b, isFloat(x) ? "arith.addf" : "arith.addi", x, y);
}

MlirValue tbMulAny(TileBuilder *b, MlirValue x, MlirValue y) {
  return tbBinary(b, isFloat(x) ? "arith.mulf" : "arith.muli", x, y);
}

MlirValue tbMulAddAny(TileBuilder *b, MlirValue acc, MlirValue x, MlirValue y) {
  if (!isFloat(x))
    return tbAddAny(b, acc, tbMulAny(b, x, y));
  MlirNamedAttribute contract =
      tbNamed(b, "fastmath", tbParseAttr(b, "#arith.fastmath<contract>"));
  MlirType type = mlirValueGetType(acc);
  MlirValue product[2] = {x, y};
  MlirValue p =
      tbResult(tbCreate(b, "arith.mulf", 2, product, 1, &type, 1, &contract));
  MlirValue sum[2] = {acc, p};
  return tbResult(tbCreate(b, "arith.addf", 2, sum, 1, &type, 1, &contract));
}

MlirValue tbMaxAny(TileBuilder *b, MlirValue x, MlirValue y) {
  return tbBinary(b, isFloat(x) ? "arith.maximumf" : "arith.maxsi", x, y);
}

MlirValue tbMinAny(TileBuilder *b, MlirValue x, MlirValue y) {
  return tbBinary(b, isFloat(x) ? "arith.minimumf" : "arith.minsi", x, y);
}

MlirValue tbAbsAny(TileBuilder *b, MlirValue x) {
  MlirType type = mlirValueGetType(x);
  MlirType scalar = tbScalarOf(type);
  if (!mlirTypeIsAFloat(scalar))
    return tbResult(tbCreate(b, "math.absi", 1, &x, 1, &type, 0, NULL));
  /* The sign bit cleared, rather than math.absf, which some GPU targets
   * lower to a library call (libdevice's __nv_fabsf), or max(x, -x), whose
   * NaN lavapipe's compiler lost (it folds the x + -x that the expansion
   * of maximumf adds for unordered operands into 0): -0 gives +0, NaN
   * stays NaN. */
  unsigned width = mlirFloatTypeGetWidth(scalar);
  MlirType bitsType = tbShapedLike(type, mlirIntegerTypeGet(b->ctx, width));
  MlirValue bits = tbConvertOp(b, "arith.bitcast", x, bitsType);
  MlirValue mask = tbSplatInt(
      b, bits, mlirIntegerTypeGet(b->ctx, width),
      (int64_t)(width == 64 ? INT64_MAX : (1ull << (width - 1)) - 1));
  return tbConvertOp(b, "arith.bitcast", tbAnd(b, bits, mask), type);
}

MlirValue tbZeroOf(TileBuilder *b, MlirType type) {
  return mlirTypeIsAFloat(type) ? tbConstFloat(b, type, 0.0)
                                : tbConstInt(b, type, 0);
}

static int64_t signedExtreme(MlirType type, bool highest) {
  unsigned width = mlirIntegerTypeGetWidth(type);
  if (width >= 64)
    return highest ? INT64_MAX : INT64_MIN;
  int64_t max = ((int64_t)1 << (width - 1)) - 1;
  return highest ? max : -max - 1;
}

MlirValue tbLowestOf(TileBuilder *b, MlirType type) {
  return mlirTypeIsAFloat(type)
             ? tbConstFloat(b, type, -INFINITY)
             : tbConstInt(b, type, signedExtreme(type, false));
}

MlirValue tbHighestOf(TileBuilder *b, MlirType type) {
  return mlirTypeIsAFloat(type)
             ? tbConstFloat(b, type, INFINITY)
             : tbConstInt(b, type, signedExtreme(type, true));
}

static void launchSegments(MlirOperation launch, int32_t *seg) {
  MlirAttribute sizes = tileOpGetAttr(launch, "operandSegmentSizes");
  intptr_t n =
      mlirAttributeIsNull(sizes) ? 0 : mlirDenseArrayGetNumElements(sizes);
  for (intptr_t i = 0; i < TileLaunchNumSegments; ++i)
    seg[i] = i < n ? mlirDenseI32ArrayGetElement(sizes, i) : 0;
}

void tbLaunchSegment(MlirOperation launch, TileLaunchSegment segment,
                     intptr_t *first, intptr_t *count) {
  int32_t seg[TileLaunchNumSegments];
  launchSegments(launch, seg);
  *first = 0;
  for (int i = 0; i < (int)segment; ++i)
    *first += seg[i];
  *count = seg[segment];
}

void tbLaunchKernelOperands(MlirOperation launch, intptr_t *first,
                            intptr_t *count) {
  tbLaunchSegment(launch, TileLaunchKernelOperands, first, count);
}

intptr_t tbGpuMemoryOpDependencies(MlirOperation op) {
  if (!tileOpIs(op, "gpu.alloc")) {
    /* dealloc: memref; memcpy: dst, src; memset: dst, value. */
    intptr_t fixed = tileOpIs(op, "gpu.dealloc") ? 1 : 2;
    return mlirOperationGetNumOperands(op) - fixed;
  }
  MlirAttribute segments = tileOpGetAttr(op, "operandSegmentSizes");
  if (mlirAttributeIsNull(segments) ||
      mlirDenseArrayGetNumElements(segments) != 3)
    return -1;
  return mlirDenseI32ArrayGetElement(segments, 0);
}

void tbSetLaunchKernelOperands(MlirOperation launch, intptr_t n,
                               const MlirValue *operands) {
  int32_t seg[TileLaunchNumSegments];
  launchSegments(launch, seg);
  intptr_t first, count;
  tbLaunchKernelOperands(launch, &first, &count);
  intptr_t total = mlirOperationGetNumOperands(launch);
  intptr_t rest = total - first - count;
  MlirValue *all =
      tileCallocArray((size_t)(first + n + rest), sizeof(MlirValue));
  for (intptr_t i = 0; i < first; ++i)
    all[i] = mlirOperationGetOperand(launch, i);
  for (intptr_t i = 0; i < n; ++i)
    all[first + i] = operands[i];
  for (intptr_t i = 0; i < rest; ++i)
    all[first + n + i] = mlirOperationGetOperand(launch, first + count + i);
  mlirOperationSetOperands(launch, first + n + rest, all);
  free(all);
  seg[TileLaunchKernelOperands] = (int32_t)n;
  mlirOperationSetAttributeByName(
      launch, mlirStringRefCreateFromCString("operandSegmentSizes"),
      mlirDenseI32ArrayGet(mlirOperationGetContext(launch),
                           TileLaunchNumSegments, seg));
}

static const struct {
  const char *kind, *floatOp, *intOp;
} combiningKinds[] = {
    {"add", "arith.addf", "arith.addi"},  {"mul", "arith.mulf", "arith.muli"},
    {"minnumf", "arith.minnumf", NULL},   {"maxnumf", "arith.maxnumf", NULL},
    {"minimumf", "arith.minimumf", NULL}, {"maximumf", "arith.maximumf", NULL},
    {"minsi", NULL, "arith.minsi"},       {"minui", NULL, "arith.minui"},
    {"maxsi", NULL, "arith.maxsi"},       {"maxui", NULL, "arith.maxui"},
    {"and", NULL, "arith.andi"},          {"or", NULL, "arith.ori"},
    {"xor", NULL, "arith.xori"},
};

int tileCombiningKind(MlirOperation op, const char *attr, const char *format) {
  MlirAttribute value = tileOpGetAttr(op, attr);
  if (mlirAttributeIsNull(value))
    return -1;
  for (size_t i = 0; i < TILE_COUNT(combiningKinds); ++i) {
    char text[64];
    snprintf(text, sizeof(text), format, combiningKinds[i].kind);
    MlirAttribute kind =
        mlirAttributeParseGet(mlirOperationGetContext(op), tileRef(text));
    if (!mlirAttributeIsNull(kind) && mlirAttributeEqual(value, kind))
      return (int)i;
  }
  return -1;
}

const char *tileCombiningOp(int kind, bool isFloat) {
  if (kind < 0 || (size_t)kind >= TILE_COUNT(combiningKinds))
    return NULL;
  return isFloat ? combiningKinds[kind].floatOp : combiningKinds[kind].intOp;
}

const char *tileCombiningName(int kind) {
  if (kind < 0 || (size_t)kind >= TILE_COUNT(combiningKinds))
    return NULL;
  return combiningKinds[kind].kind;
}
