/* tile-cuda-dynamic-shared: shared tiles and mbarriers of CUDA kernels live
 * in dynamic shared memory: a block may use up to 227 KiB there (48 KiB of
 * static shared memory at most), and the TMA swizzles need 1024-byte aligned
 * tiles. This pass places them before kernels become launches;
 * tile-cuda-launch-shared sizes the launches after, and
 * tile-cuda-extern-shared declares the region in the device module. */
#include "cuda/cuda.h"
#include "ir/builder.h"
#include "ir/ir.h"
#include "ir/verify.h"
#include "passes/pass.h"
#include "tile/dialect.h"

#include "mlir-c/Dialect/GPU.h"

#include "support/strbuf.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
  /* INT64_MAX when the size overflows (a pass run without tile-verify). */
  int64_t n = (bits + 7) / 8;
  for (int64_t i = 0; i < tileRank(memref); ++i)
    if (__builtin_mul_overflow(n, tileDim(memref, i), &n))
      return INT64_MAX;
  return n;
}

static int64_t alignUp(int64_t v, int64_t alignment) {
  return (v + alignment - 1) / alignment * alignment;
}

static MlirWalkResult stamp(MlirOperation op, void *userData) {
  if (tileOpIs(op, "gpu.dynamic_shared_memory"))
    mlirOperationSetDiscardableAttributeByName(
        op, tileRef(TILE_CUDA_DYNAMIC_SHARED_BYTES),
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
static void placeInKernel(MlirOperation kernel, int64_t reserved) {
  TileOpList tiles = {0}, barriers = {0};
  mlirOperationWalk(kernel, collectShared, &tiles, MlirWalkPreOrder);
  tileCollectOps(kernel, "nvgpu.mbarrier.create", &barriers);
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(kernel, 0));
  Region r = {tbBefore(mlirBlockGetFirstOperation(body)), {NULL}, reserved};
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
  mlirOperationSetDiscardableAttributeByName(
      kernel, tileRef(TILE_CUDA_DYNAMIC_SHARED_BYTES), total);
  mlirOperationWalk(kernel, stamp, &total, MlirWalkPreOrder);
}

/* What tile-verify and the paths before this pass guarantee, for a run
 * without them: shared tiles of static shape and at most
 * TILE_MAX_ALLOC_BYTES (a dynamic size overflowed the offsets), and a
 * reserved size that is a byte count. */
static MlirWalkResult checkShared(MlirOperation op, void *userData) {
  if (!isSharedAlloc(op))
    return MlirWalkResultAdvance;
  MlirType type = mlirValueGetType(mlirOperationGetResult(op, 0));
  if (!mlirShapedTypeHasStaticShape(type) ||
      (uint64_t)bytesOf(type) > TILE_MAX_ALLOC_BYTES) {
    tileEmitOpError(op, "is a shared tile of dynamic shape or over 2 GiB, "
                        "which dynamic shared memory cannot place (run "
                        "tile-verify)");
    ++*(unsigned *)userData;
  }
  return MlirWalkResultAdvance;
}

static unsigned placeInEachKernel(MlirOperation kernel, void *userData) {
  (void)userData;
  unsigned errors = 0;
  mlirOperationWalk(kernel, checkShared, &errors, MlirWalkPreOrder);
  /* What an earlier path already reserved in the region. */
  MlirAttribute attr = tileOpGetAttr(kernel, TILE_CUDA_DYNAMIC_SHARED_BYTES);
  int64_t reserved = 0;
  if (!mlirAttributeIsNull(attr)) {
    reserved =
        mlirAttributeIsAInteger(attr) ? mlirIntegerAttrGetValueInt(attr) : -1;
    if (reserved < 0 || (uint64_t)reserved > TILE_MAX_ALLOC_BYTES) {
      tileEmitOpError(kernel, "has a %s that is not a byte count",
                      TILE_CUDA_DYNAMIC_SHARED_BYTES);
      ++errors;
    }
  }
  if (!errors)
    placeInKernel(kernel, reserved);
  return errors;
}

static void runPlace(MlirOperation op, MlirExternalPass pass,
                     const TileOptionValue *options) {
  (void)options;
  if (tileForEachKernel(op, placeInEachKernel, NULL))
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
