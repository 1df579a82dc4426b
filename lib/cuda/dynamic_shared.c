/* Shared tiles and mbarriers of CUDA kernels live in dynamic shared memory:
 * a block may use up to 227 KiB there (48 KiB of static shared memory at
 * most), and the TMA swizzles need 1024-byte aligned tiles. Two passes: one
 * places them before kernels become launches, one sizes the launches after
 * (tile-cuda-extern-shared declares the region in the device module). */
#include "ir/builder.h"
#include "ir/ir.h"
#include "passes/pass.h"
#include "tile/dialect.h"

#include "mlir-c/Dialect/GPU.h"

#include "support/strbuf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Bytes of dynamic shared memory a kernel uses, stamped on every
 * gpu.dynamic_shared_memory op of the kernel and on the kernel loop. */
#define BYTES_ATTR "tile.dynamic_shared_bytes"

/* Tiles start on 1024-byte boundaries (what TMA's 128-byte swizzle needs);
 * an mbarrier is one 8-byte word. */
enum { TileAlignment = 1024, BarrierBytes = 8 };

static bool isSharedAlloc(MlirOperation op) {
  return tileOpIs(op, "tile.alloc") &&
         tileMemRefTypeGetScope(mlirValueGetType(
             mlirOperationGetResult(op, 0))) == TileScopeShared;
}

static MlirWalkResult collectShared(MlirOperation op, void *userData) {
  if (isSharedAlloc(op))
    tileOpListAppend(userData, op);
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

static int64_t alignUp(int64_t v, int64_t alignment) {
  return (v + alignment - 1) / alignment * alignment;
}

static MlirWalkResult stamp(MlirOperation op, void *userData) {
  if (tileOpIs(op, "gpu.dynamic_shared_memory"))
    mlirOperationSetDiscardableAttributeByName(op, tileRef(BYTES_ATTR),
                                               *(MlirAttribute *)userData);
  return MlirWalkResultAdvance;
}

/* The kernel's dynamic shared memory: one i8 view for the whole region,
 * created at the top of the kernel body on first use. */
typedef struct {
  TileBuilder b;
  MlirValue base;
  int64_t end;
} Region;

static MlirValue regionBase(Region *r) {
  if (mlirValueIsNull(r->base)) {
    MlirType type =
        tbParseType(&r->b, "memref<?xi8, #gpu.address_space<workgroup>>");
    r->base = tbResult(tbCreate(&r->b, "gpu.dynamic_shared_memory", 0, NULL, 1,
                                &type, 0, NULL));
  }
  return r->base;
}

/* A `type` view of the region at byte `offset`. */
static MlirValue regionView(Region *r, int64_t offset, MlirType type) {
  MlirValue operands[] = {regionBase(r), tbConstIndex(&r->b, offset)};
  return tbResult(
      tbCreate(&r->b, "memref.view", 2, operands, 1, &type, 0, NULL));
}

static void placeTile(Region *r, MlirOperation alloc) {
  MlirValue tile = mlirOperationGetResult(alloc, 0);
  MlirType type = mlirValueGetType(tile);
  int64_t offset = alignUp(r->end, TileAlignment);
  mlirValueReplaceAllUsesOfWith(tile, regionView(r, offset, type));
  r->end = offset + bytesOf(type);
}

/* The num_barriers of an !nvgpu.mbarrier.group (the C API has no getter;
 * the parameter is absent from the text when it is 1). */
static int64_t barrierCount(MlirType group) {
  TileStrBuf text = {0};
  const char *s = strstr(tileTypeStr(&text, group), "num_barriers = ");
  int64_t count = s ? strtoll(s + strlen("num_barriers = "), NULL, 10) : 1;
  tileStrBufFree(&text);
  return count;
}

/* nvgpu.mbarrier.create would lower to a static shared variable beside the
 * dynamic region, which then starts wherever the driver puts it after the
 * static part: the barriers go into the region instead, as the memref of
 * i64 words that convert-nvgpu-to-nvvm lowers a barrier group to. */
static void placeBarriers(Region *r, MlirOperation create) {
  MlirValue group = mlirOperationGetResult(create, 0);
  MlirType groupType = mlirValueGetType(group);
  int64_t count = barrierCount(groupType);
  char text[96];
  snprintf(text, sizeof(text),
           "memref<%lldxi64, #gpu.address_space<workgroup>>", (long long)count);
  int64_t offset = alignUp(r->end, BarrierBytes);
  MlirValue words = regionView(r, offset, tbParseType(&r->b, text));
  MlirValue cast =
      tbResult(tbCreate(&r->b, "builtin.unrealized_conversion_cast", 1, &words,
                        1, &groupType, 0, NULL));
  mlirValueReplaceAllUsesOfWith(group, cast);
  r->end = offset + count * BarrierBytes;
}

/* Replaces the kernel's shared tile.allocs and mbarrier groups by views of
 * dynamic shared memory, after whatever the kernel already reserved there. */
static void placeInKernel(MlirOperation kernel) {
  TileOpList tiles = {0}, barriers = {0};
  mlirOperationWalk(kernel, collectShared, &tiles, MlirWalkPreOrder);
  tileCollectOps(kernel, "nvgpu.mbarrier.create", &barriers);
  MlirAttribute reserved = tileOpGetAttr(kernel, BYTES_ATTR);
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(kernel, 0));
  Region r = {
      tbBefore(mlirBlockGetFirstOperation(body)),
      {NULL},
      mlirAttributeIsNull(reserved) ? 0 : mlirIntegerAttrGetValueInt(reserved)};
  for (size_t i = 0; i < tiles.count; ++i)
    placeTile(&r, tiles.ops[i]);
  for (size_t i = 0; i < barriers.count; ++i)
    placeBarriers(&r, barriers.ops[i]);
  /* Destroyed last: the builder inserts before the body's first op, which
   * may be one of them. */
  for (size_t i = 0; i < tiles.count; ++i)
    mlirOperationDestroy(tiles.ops[i]);
  for (size_t i = 0; i < barriers.count; ++i)
    mlirOperationDestroy(barriers.ops[i]);
  tileOpListFree(&tiles);
  tileOpListFree(&barriers);
  if (r.end == 0)
    return;
  MlirAttribute total = tbI64Attr(&r.b, r.end);
  mlirOperationSetDiscardableAttributeByName(kernel, tileRef(BYTES_ATTR),
                                             total);
  mlirOperationWalk(kernel, stamp, &total, MlirWalkPreOrder);
}

static unsigned placeInEachKernel(MlirOperation kernel, void *userData) {
  (void)userData;
  placeInKernel(kernel);
  return 0;
}

static void runPlace(MlirOperation op, MlirExternalPass pass,
                     const TileOptionValue *options) {
  (void)pass;
  (void)options;
  tileForEachKernel(op, placeInEachKernel, NULL);
}

const TilePassDescriptor tileCudaDynamicSharedPass = {
    .argument = "tile-cuda-dynamic-shared",
    .name = "TileCudaDynamicShared",
    .summary = "Place the shared tiles of each kernel in dynamic shared "
               "memory, 1024-byte aligned",
    .anchor = "func.func",
    .run = runPlace,
};

/*===--- sizing launches
 * ----------------------------------------------------===*/

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
