/* Shared tiles of CUDA kernels live in dynamic shared memory: a block may
 * use up to 227 KiB there (48 KiB of static shared memory at most), and the
 * TMA swizzles need 1024-byte aligned tiles. Two passes: one places the
 * tiles before kernels become launches, one sizes the launches after. */
#include "ir/builder.h"
#include "ir/ir.h"
#include "passes/pass.h"
#include "tile/dialect.h"

#include "mlir-c/Dialect/GPU.h"

#include <stdio.h>

/* Bytes of dynamic shared memory a kernel uses, stamped on every
 * gpu.dynamic_shared_memory op of the kernel and on the kernel loop. */
#define BYTES_ATTR "tile.dynamic_shared_bytes"

enum { Alignment = 1024, MaxTiles = 64 };

typedef struct {
  MlirOperation ops[MaxTiles];
  unsigned n;
  bool overflow;
} Allocs;

static MlirWalkResult collectShared(MlirOperation op, void *userData) {
  Allocs *a = userData;
  if (!tileOpIs(op, "tile.alloc") ||
      tileMemRefTypeGetScope(mlirValueGetType(mlirOperationGetResult(op, 0))) !=
          TileScopeShared)
    return MlirWalkResultAdvance;
  if (a->n == MaxTiles)
    a->overflow = true;
  else
    a->ops[a->n++] = op;
  return MlirWalkResultAdvance;
}

static int64_t bytesOf(MlirType memref) {
  MlirType elem = tileElementType(memref);
  int64_t bits = mlirTypeIsAFloat(elem)     ? mlirFloatTypeGetWidth(elem)
                 : mlirTypeIsAInteger(elem) ? mlirIntegerTypeGetWidth(elem)
                                            : 64;
  int64_t n = 1;
  for (int64_t i = 0; i < tileRank(memref); ++i)
    n *= tileDim(memref, i);
  return n * ((bits + 7) / 8);
}

static int64_t alignUp(int64_t v) {
  return (v + Alignment - 1) / Alignment * Alignment;
}

static MlirWalkResult stamp(MlirOperation op, void *userData) {
  if (tileOpIs(op, "gpu.dynamic_shared_memory"))
    mlirOperationSetDiscardableAttributeByName(op, tileRef(BYTES_ATTR),
                                               *(MlirAttribute *)userData);
  return MlirWalkResultAdvance;
}

/* Replaces the kernel's shared tile.allocs by views of dynamic shared
 * memory, after whatever the kernel already reserved there. */
static bool placeTiles(MlirOperation kernel) {
  Allocs allocs = {{{0}}, 0, false};
  mlirOperationWalk(kernel, collectShared, &allocs, MlirWalkPreOrder);
  if (allocs.overflow) {
    tileEmitOpError(kernel, "has more than %d shared tiles", MaxTiles);
    return false;
  }
  MlirAttribute reserved = tileOpGetAttr(kernel, BYTES_ATTR);
  int64_t offset = mlirAttributeIsNull(reserved)
                       ? 0
                       : alignUp(mlirIntegerAttrGetValueInt(reserved));
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(kernel, 0));
  TileBuilder b = tbBefore(mlirBlockGetFirstOperation(body));
  if (allocs.n) {
    MlirType dynType =
        tbParseType(&b, "memref<?xi8, #gpu.address_space<workgroup>>");
    MlirValue dynamic = tbResult(tbCreate(&b, "gpu.dynamic_shared_memory", 0,
                                          NULL, 1, &dynType, 0, NULL));
    for (unsigned i = 0; i < allocs.n; ++i) {
      MlirValue tile = mlirOperationGetResult(allocs.ops[i], 0);
      MlirType type = mlirValueGetType(tile);
      MlirValue operands[] = {dynamic, tbConstIndex(&b, offset)};
      MlirValue view = tbResult(
          tbCreate(&b, "memref.view", 2, operands, 1, &type, 0, NULL));
      mlirValueReplaceAllUsesOfWith(tile, view);
      mlirOperationDestroy(allocs.ops[i]);
      offset = alignUp(offset + bytesOf(type));
    }
  }
  if (offset == 0)
    return true;
  MlirAttribute total = tbI64Attr(&b, offset);
  mlirOperationSetDiscardableAttributeByName(kernel, tileRef(BYTES_ATTR), total);
  mlirOperationWalk(kernel, stamp, &total, MlirWalkPreOrder);
  return true;
}

static MlirWalkResult placeInKernels(MlirOperation op, void *userData) {
  if (!tileIsKernelLoop(op))
    return MlirWalkResultAdvance;
  if (!placeTiles(op))
    *(bool *)userData = false;
  return MlirWalkResultSkip;
}

static void runPlace(MlirOperation op, MlirExternalPass pass,
                     const TileOptionValue *options) {
  (void)options;
  bool ok = true;
  mlirOperationWalk(op, placeInKernels, &ok, MlirWalkPreOrder);
  if (!ok)
    mlirExternalPassSignalFailure(pass);
}

const TilePassDescriptor tileCudaDynamicSharedPass = {
    .argument = "tile-cuda-dynamic-shared",
    .name = "TileCudaDynamicShared",
    .summary = "Place the shared tiles of each kernel in dynamic shared "
               "memory, 1024-byte aligned",
    .anchor = "func.func",
    .run = runPlace,
};

/*===--- sizing launches ----------------------------------------------------===*/

static MlirWalkResult findBytes(MlirOperation op, void *userData) {
  int64_t *bytes = userData;
  if (!tileOpIs(op, "gpu.dynamic_shared_memory"))
    return MlirWalkResultAdvance;
  MlirAttribute attr = tileOpGetAttr(op, BYTES_ATTR);
  if (!mlirAttributeIsNull(attr) && mlirIntegerAttrGetValueInt(attr) > *bytes)
    *bytes = mlirIntegerAttrGetValueInt(attr);
  return MlirWalkResultAdvance;
}

/* gpu.launch operand groups: async deps, grid x/y/z, block x/y/z, cluster
 * x/y/z, dynamic shared memory size. */
enum { LaunchSegments = 11, DynamicSharedSegment = 10 };

static void sizeLaunch(MlirOperation launch) {
  int64_t bytes = 0;
  mlirOperationWalk(launch, findBytes, &bytes, MlirWalkPreOrder);
  MlirAttribute segments = tileOpGetAttr(launch, "operandSegmentSizes");
  if (bytes == 0 || mlirAttributeIsNull(segments) ||
      mlirDenseArrayGetNumElements(segments) != LaunchSegments ||
      mlirDenseI32ArrayGetElement(segments, DynamicSharedSegment) != 0)
    return;
  TileBuilder b = tbBefore(launch);
  intptr_t n = mlirOperationGetNumOperands(launch);
  MlirValue operands[32];
  if (n >= 32)
    return;
  for (intptr_t i = 0; i < n; ++i)
    operands[i] = mlirOperationGetOperand(launch, i);
  operands[n] = tbConstInt(&b, tbI32(&b), bytes);
  int32_t sizes[LaunchSegments];
  for (int i = 0; i < LaunchSegments; ++i)
    sizes[i] = mlirDenseI32ArrayGetElement(segments, i);
  sizes[DynamicSharedSegment] = 1;
  mlirOperationSetOperands(launch, n + 1, operands);
  mlirOperationSetAttributeByName(
      launch, tileRef("operandSegmentSizes"),
      mlirDenseI32ArrayGet(b.ctx, LaunchSegments, sizes));
}

static MlirWalkResult sizeLaunches(MlirOperation op, void *userData) {
  (void)userData;
  if (tileOpIs(op, "gpu.launch"))
    sizeLaunch(op);
  return MlirWalkResultAdvance;
}

static void runSize(MlirOperation op, MlirExternalPass pass,
                    const TileOptionValue *options) {
  (void)pass;
  (void)options;
  mlirOperationWalk(op, sizeLaunches, NULL, MlirWalkPreOrder);
}

const TilePassDescriptor tileCudaLaunchSharedPass = {
    .argument = "tile-cuda-launch-shared",
    .name = "TileCudaLaunchShared",
    .summary = "Give every gpu.launch the dynamic shared memory its kernel "
               "uses",
    .anchor = "func.func",
    .run = runSize,
};
