/* tile-gpu-lower: lowers the tile ops and thread-parallel loops of every
 * kernel to SIMT code over the block's threads (gpu.thread_id), following
 * the layouts tile-gpu-layout recorded: fragments become per-thread
 * register arrays, local tiles private arrays, and shared tiles stay
 * tile.alloc (tile-kernel-to-gpu makes them workgroup memory). */
#include "gpu/simt.h"

#include "passes/pass.h"
#include "tile/dialect.h"

#include "mlir-c/Dialect/GPU.h"
#include "mlir-c/Dialect/Math.h"
#include "mlir-c/Dialect/MemRef.h"
#include "mlir-c/Dialect/SCF.h"

#include <stdlib.h>
#include <string.h>

typedef struct {
  TileOpList allocs, loops, tileOps;
} Work;

static void freeWork(Work *w) {
  tileOpListFree(&w->allocs);
  tileOpListFree(&w->loops);
  tileOpListFree(&w->tileOps);
}

static TileScope scopeOfResult(MlirOperation op) {
  return tileMemRefTypeGetScope(
      mlirValueGetType(mlirOperationGetResult(op, 0)));
}

static MlirWalkResult collect(MlirOperation op, void *userData) {
  Work *w = userData;
  if (tileOpIs(op, "tile.alloc")) {
    TileScope scope = scopeOfResult(op);
    if (scope == TileScopeFragment || scope == TileScopeLocal)
      tileOpListAppend(&w->allocs, op);
  } else if (tileOpIsTile(op)) {
    tileOpListAppend(&w->tileOps, op);
  } else if (tileGpuIsParallelLoop(op)) {
    tileOpListAppend(&w->loops, op);
  }
  return MlirWalkResultAdvance;
}

/* The register array of a fragment: this thread's slots. */
static MlirValue registersFor(TileGpuKernel *k, MlirType type,
                              TileGpuLayout layout) {
  int64_t shape[2];
  int rank = 0;
  if (layout == TileGpuGrid) {
    shape[rank++] = tileCeilDiv(tileDim(type, 0), k->tr);
    shape[rank++] = tileCeilDiv(tileDim(type, 1), k->tc);
  } else if (layout == TileGpuRows) {
    shape[rank++] = tileCeilDiv(tileDim(type, 0), k->tr);
  } else if (layout == TileGpuCols) {
    shape[rank++] = tileCeilDiv(tileDim(type, 0), k->tc);
  }
  TileBuilder entry = tileGpuEntry(k);
  return tbAllocaType(
      &entry,
      tbMemRefTypeIn(&entry, rank, shape, tileElementType(type),
                     tileScopeGetMemorySpace(entry.ctx, TileScopeLocal)));
}

static void lowerAlloc(TileGpuKernel *k, MlirOperation alloc) {
  MlirValue tile = mlirOperationGetResult(alloc, 0);
  MlirType type = mlirValueGetType(tile);
  if (tileMemRefTypeGetScope(type) == TileScopeLocal) {
    TileBuilder entry = tileGpuEntry(k);
    mlirValueReplaceAllUsesOfWith(tile, tbAllocaType(&entry, type));
    mlirOperationDestroy(alloc);
    return;
  }
  TileGpuLayout layout = tileGpuFragmentLayout(tile);
  if (layout == TileGpuNone) {
    tileGpuFail(&k->errors, alloc, "has no layout; run tile-gpu-layout first");
    return;
  }
  TileGpuFragment *f = &k->frags[k->numFrags++];
  f->tile = tile;
  f->layout = layout;
  f->regs = registersFor(k, type, layout);
}

static void lowerTileOp(TileGpuKernel *k, MlirOperation op) {
  if (tileOpIs(op, "tile.copy"))
    tileGpuLowerCopy(k, op);
  else if (tileOpIs(op, "tile.fill"))
    tileGpuLowerFill(k, op);
  else if (tileOpIs(op, "tile.gemm"))
    tileGpuLowerGemm(k, op);
  else if (tileOpIs(op, "tile.reduce"))
    tileGpuLowerReduce(k, op);
  else if (tileOpIs(op, "tile.atomic_add"))
    tileGpuLowerAtomicAdd(k, op);
}

/* Element accesses of fragments (in distributed loops, or of rank-0
 * fragments) go to the thread's registers. */
static MlirWalkResult collectAccesses(MlirOperation op, void *userData) {
  Work *w = userData;
  if (tileOpIs(op, "memref.load") || tileOpIs(op, "memref.store"))
    tileOpListAppend(&w->tileOps, op);
  return MlirWalkResultAdvance;
}

static void rewriteAccess(TileGpuKernel *k, MlirOperation op) {
  bool isLoad = tileOpIs(op, "memref.load");
  int memrefPos = isLoad ? 0 : 1;
  const TileGpuFragment *f =
      tileGpuFragmentOf(k, mlirOperationGetOperand(op, memrefPos));
  if (!f)
    return;
  TileBuilder b = tbBefore(op);
  MlirValue idx[2], slot[2];
  intptr_t rank = mlirOperationGetNumOperands(op) - memrefPos - 1;
  for (intptr_t d = 0; d < rank && d < 2; ++d)
    idx[d] = mlirOperationGetOperand(op, memrefPos + 1 + d);
  int n = tileGpuSlot(k, f, &b, idx, slot);
  if (isLoad) {
    MlirValue v = tbLoad(&b, f->regs, n, slot);
    mlirValueReplaceAllUsesOfWith(mlirOperationGetResult(op, 0), v);
  } else {
    tbStore(&b, mlirOperationGetOperand(op, 0), f->regs, n, slot);
  }
  mlirOperationDestroy(op);
}

static bool setUp(TileGpuKernel *k, MlirOperation kernel) {
  memset(k, 0, sizeof(*k));
  k->kernel = kernel;
  k->loc = mlirOperationGetLocation(kernel);
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(kernel, 0));
  k->threads = tileKernelThreads(kernel);
  if (!tileGpuKernelGrid(kernel, &k->tr, &k->tc) ||
      k->tr * k->tc != k->threads) {
    tileGpuFail(&k->errors, kernel,
                "has no valid thread grid; run tile-gpu-layout "
                "first");
    return false;
  }
  MlirAttribute subgroup = tileOpGetAttr(kernel, TILE_GPU_SUBGROUP_ATTR);
  if (!mlirAttributeIsNull(subgroup) && mlirAttributeIsAInteger(subgroup))
    k->subgroup = mlirIntegerAttrGetValueInt(subgroup);
  if (k->subgroup < 0 || (k->subgroup & (k->subgroup - 1)) ||
      (k->subgroup && k->threads % k->subgroup)) {
    tileGpuFail(&k->errors, kernel,
                "states a subgroup size (" TILE_GPU_SUBGROUP_ATTR
                ") of %lld, which is no power of two dividing its %lld "
                "threads",
                (long long)k->subgroup, (long long)k->threads);
    return false;
  }
  TileBuilder entry = tbBefore(mlirBlockGetFirstOperation(body));
  k->tid = k->subgroup ? tileGpuSubgroupThreadId(&entry, k->subgroup)
                       : tbThreadIdX(&entry);
  k->cThreads = tbConstIndex(&entry, k->threads);
  k->cTr = tbConstIndex(&entry, k->tr);
  k->cTc = tbConstIndex(&entry, k->tc);
  k->ty = tbDivU(&entry, k->tid, k->cTc);
  k->tx = tbRemU(&entry, k->tid, k->cTc);
  k->anchor = mlirOpResultGetOwner(k->tx);
  return true;
}

/* Fragments become registers; every fragment access goes to them. */
static void lower(TileGpuKernel *k, Work *w) {
  for (MlirOperation op = mlirOperationGetNextInBlock(k->anchor);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op))
    mlirOperationWalk(op, collect, w, MlirWalkPreOrder);
  k->frags = tileCallocArray(w->allocs.count, sizeof(TileGpuFragment));
  for (size_t i = 0; i < w->allocs.count; ++i)
    lowerAlloc(k, w->allocs.ops[i]);
  for (size_t i = 0; i < w->loops.count; ++i)
    tileGpuLowerParallel(k, w->loops.ops[i]);
  for (size_t i = 0; i < w->tileOps.count; ++i)
    lowerTileOp(k, w->tileOps.ops[i]);
  if (k->errors)
    return;
  w->tileOps.count = 0;
  mlirOperationWalk(k->kernel, collectAccesses, w, MlirWalkPreOrder);
  for (size_t i = 0; i < w->tileOps.count; ++i)
    rewriteAccess(k, w->tileOps.ops[i]);
  for (unsigned i = 0; i < k->numFrags; ++i) {
    MlirValue tile = k->frags[i].tile;
    MlirOpOperand use = mlirValueGetFirstUse(tile);
    if (mlirOpOperandIsNull(use))
      mlirOperationDestroy(mlirOpResultGetOwner(tile));
    else
      tileGpuFail(&k->errors, mlirOpOperandGetOwner(use),
                  "uses a fragment in a way the GPU lowering does not "
                  "support");
  }
}

static unsigned lowerKernel(MlirOperation kernel, void *userData) {
  (void)userData;
  TileGpuKernel k;
  if (!setUp(&k, kernel))
    return k.errors;
  Work w = {0};
  lower(&k, &w);
  freeWork(&w);
  free(k.frags);
  return k.errors;
}

static void run(MlirOperation op, MlirExternalPass pass,
                const TileOptionValue *options) {
  (void)options;
  if (tileForEachKernel(op, lowerKernel, NULL))
    mlirExternalPassSignalFailure(pass);
}

static const TileDialectHandleGetter dependent[] = {
    mlirGetDialectHandle__gpu__, mlirGetDialectHandle__scf__,
    mlirGetDialectHandle__memref__, mlirGetDialectHandle__math__};

const TilePassDescriptor tileGpuLowerPass = {
    .argument = "tile-gpu-lower",
    .name = "TileGpuLower",
    .summary = "Lower tile ops and thread-parallel loops inside kernels to "
               "SIMT code over the block's threads, following the layouts "
               "of tile-gpu-layout",
    .anchor = "func.func",
    .dependentDialects = dependent,
    .numDependentDialects = TILE_COUNT(dependent),
    .run = run,
};
