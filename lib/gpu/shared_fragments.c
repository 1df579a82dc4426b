/* tile-gpu-shared-fragments: the GPU layouts distribute fragments of rank
 * 0, 1 and 2 over a block's threads; a fragment of rank 3 or more is kept
 * in shared memory instead, where the block's threads share it as they
 * share a fragment, and so is one of rank 1 or 2 that no layout can hold
 * (tileGpuFragmentsToShare: accessed at indices its loop does not
 * distribute, or laid out by rows for one use and by columns for another).
 * Its tile.alloc becomes a shared one, which the tile ops and element loads
 * and stores that use it take as they take a fragment. It runs before the
 * matrix-unit paths, which plan the kernel's shared memory and the barriers
 * of their K loops. */
#include "gpu/fail.h"
#include "gpu/layout.h"
#include "ir/builder.h"
#include "ir/builder_gpu.h"
#include "ir/ir.h"
#include "ir/verify.h"
#include "passes/pass.h"
#include "tile/dialect.h"

static bool isHighRankFragment(MlirOperation op) {
  if (!tileOpIs(op, "tile.alloc") || mlirOperationGetNumResults(op) != 1)
    return false;
  MlirType type = mlirValueGetType(mlirOperationGetResult(op, 0));
  return tileMemRefTypeGetScope(type) == TileScopeFragment &&
         tileRank(type) > 2;
}

static MlirWalkResult collect(MlirOperation op, void *userData) {
  if (isHighRankFragment(op))
    tileOpListAppend(userData, op);
  return MlirWalkResultAdvance;
}

bool tileGpuSharedTakesUse(MlirOpOperand use) {
  MlirOperation user = mlirOpOperandGetOwner(use);
  unsigned n = mlirOpOperandGetOperandNumber(use);
  return tileOpIsTile(user) || (tileOpIs(user, "memref.load") && n == 0) ||
         (tileOpIs(user, "memref.store") && n == 1);
}

static unsigned keepInShared(MlirOperation alloc) {
  MlirValue old = mlirOperationGetResult(alloc, 0);
  MlirType type = mlirValueGetType(old);
  unsigned errors = 0;
  for (MlirOpOperand use = mlirValueGetFirstUse(old); !mlirOpOperandIsNull(use);
       use = mlirOpOperandGetNextUse(use))
    if (!tileGpuSharedTakesUse(use))
      tileGpuFail(&errors, mlirOpOperandGetOwner(use),
                  "uses a fragment of rank %lld, which the GPU lowering "
                  "keeps in shared memory, in a way it does not support "
                  "(such fragments are used by tile ops and by "
                  "memref.load/store)",
                  (long long)tileRank(type));
  if (errors)
    return errors;
  int64_t shape[TILE_MAX_RANK];
  intptr_t rank = tileRank(type);
  for (intptr_t d = 0; d < rank && d < TILE_MAX_RANK; ++d)
    shape[d] = tileDim(type, d);
  TileBuilder b = tbBefore(alloc);
  MlirType shared =
      tbMemRefTypeIn(&b, rank, shape, tileElementType(type),
                     tileScopeGetMemorySpace(b.ctx, TileScopeShared));
  mlirValueReplaceAllUsesOfWith(
      old, tbResult(tbCreate(&b, "tile.alloc", 0, NULL, 1, &shared, 0, NULL)));
  mlirOperationDestroy(alloc);
  return 0;
}

/* Whether `kernel` allocates a fragment of rank 1 or 2. */
static MlirWalkResult findLayoutFragment(MlirOperation op, void *userData) {
  if (!tileOpIs(op, "tile.alloc") || mlirOperationGetNumResults(op) != 1)
    return MlirWalkResultAdvance;
  MlirType type = mlirValueGetType(mlirOperationGetResult(op, 0));
  if (tileMemRefTypeGetScope(type) != TileScopeFragment || tileRank(type) < 1)
    return MlirWalkResultAdvance;
  *(bool *)userData = true;
  return MlirWalkResultInterrupt;
}

unsigned tileGpuKeepFragmentsInShared(MlirOperation kernel, bool verified) {
  TileOpList allocs = {0};
  mlirOperationWalk(kernel, collect, &allocs, MlirWalkPreOrder);
  unsigned errors = 0;
  for (size_t i = 0; i < allocs.count; ++i)
    errors += keepInShared(allocs.ops[i]);
  tileOpListFree(&allocs);
  bool layoutFragments = false;
  if (!errors)
    mlirOperationWalk(kernel, findLayoutFragment, &layoutFragments,
                      MlirWalkPreOrder);
  if (errors || !layoutFragments)
    return errors;
  /* The fragments no layout can hold, each round until none is left: a
   * fragment moved changes the demands on the others (its loops may be
   * distributed another way). Each round moves at least one. The probe
   * reads what the tile rules guarantee: unverified input is checked first. */
  if (!verified)
    errors =
        tileVerify(kernel, &(TileVerifyOptions){.kernelRequired = true,
                                                .loweringAttributes = true});
  for (bool moved = !errors; moved;) {
    TileOpList held = {0};
    tileGpuFragmentsToShare(kernel, &held);
    for (size_t i = 0; i < held.count; ++i)
      errors += keepInShared(held.ops[i]);
    moved = held.count && !errors;
    tileOpListFree(&held);
  }
  return errors;
}

static unsigned kernel(MlirOperation op, void *userData) {
  (void)userData;
  return tileGpuKeepFragmentsInShared(op, false);
}

static void run(MlirOperation op, MlirExternalPass pass,
                const TileOptionValue *options) {
  (void)options;
  if (tileForEachKernel(op, kernel, NULL))
    mlirExternalPassSignalFailure(pass);
}

const TilePassDescriptor tileGpuSharedFragmentsPass = {
    .argument = "tile-gpu-shared-fragments",
    .name = "TileGpuSharedFragments",
    .summary = "Keep fragments of rank 3 or more, and those no GPU layout "
               "can hold, in shared memory",
    .anchor = "func.func",
    .run = run,
};
