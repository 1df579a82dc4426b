/* tile-cpu-alloc: tile buffers become 64-byte aligned stack arrays at the
 * start of their kernel block, and scopes (memory spaces) disappear: on the
 * cpu a block runs on one core, so shared, fragment and local buffers are
 * all its own memory. A local buffer is one per thread, and every thread
 * of a block runs each tile op: for an atomic add from a local buffer,
 * which is not the same done once, the core adds it once per thread; so
 * for an atomic update outside thread-parallel loops. */
#include "cpu/lowering.h"
#include "ir/accesses.h"

#include "tile/dialect.h"

#include "mlir-c/Dialect/MemRef.h"

static bool hasTileScope(MlirType type) {
  if (!mlirTypeIsAMemRef(type))
    return false;
  TileScope s = tileMemRefTypeGetScope(type);
  return s == TileScopeShared || s == TileScopeFragment || s == TileScopeLocal;
}

/* `type` without its memory space. */
static MlirType withoutScope(MlirType type) {
  intptr_t rank = tileRank(type);
  int64_t shape[TILE_MAX_RANK];
  for (intptr_t i = 0; i < rank; ++i)
    shape[i] = tileDim(type, i);
  return mlirMemRefTypeGet(tileElementType(type), rank, shape,
                           mlirMemRefTypeGetLayout(type),
                           mlirAttributeGetNull());
}

static void stripValue(MlirValue v) {
  MlirType type = mlirValueGetType(v);
  if (hasTileScope(type) && tileRank(type) <= TILE_MAX_RANK)
    mlirValueSetType(v, withoutScope(type));
}

/* Values derived from tile buffers (views, loop-carried buffers) keep the
 * scope in their types until this walk. */
static MlirWalkResult stripScopes(MlirOperation op, void *userData) {
  (void)userData;
  for (intptr_t i = 0; i < mlirOperationGetNumResults(op); ++i)
    stripValue(mlirOperationGetResult(op, i));
  /* A function's arguments are its signature: see checkSignature. */
  if (tileOpIs(op, "func.func"))
    return MlirWalkResultAdvance;
  for (intptr_t r = 0; r < mlirOperationGetNumRegions(op); ++r)
    for (MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, r));
         !mlirBlockIsNull(b); b = mlirBlockGetNextInRegion(b))
      for (intptr_t i = 0; i < mlirBlockGetNumArguments(b); ++i)
        stripValue(mlirBlockGetArgument(b, i));
  return MlirWalkResultAdvance;
}

static bool lowerAlloc(MlirOperation alloc) {
  MlirValue result = mlirOperationGetResult(alloc, 0);
  MlirType type = mlirValueGetType(result);
  if (!mlirShapedTypeHasStaticShape(type) || tileRank(type) > TILE_MAX_RANK) {
    tileEmitOpError(alloc, "cannot be lowered for the cpu: a tile buffer is "
                           "statically shaped with at most 8 dimensions");
    return false;
  }
  TileBuilder b = tileCpuScopeStart(alloc);
  b.loc = mlirOperationGetLocation(alloc);
  MlirValue buffer = tbAlloca(&b, withoutScope(mlirValueGetType(result)), 64);
  mlirValueReplaceAllUsesOfWith(result, buffer);
  mlirOperationDestroy(alloc);
  return true;
}

/* Buffers in a block- or thread-distributed scope can only be made by
 * tile.alloc inside the kernel; a function cannot take or return one on the
 * cpu (declarations included: their calls failed the conversion to LLVM
 * without a location). */
static bool checkSignature(MlirOperation func) {
  bool ok = true;
  char what[32];
  for (intptr_t i = 0; i < tileSignatureSize(func); ++i) {
    MlirType type = tileSignatureType(func, i, what, sizeof(what));
    if (!hasTileScope(type))
      continue;
    tileEmitOpError(func,
                    "%s is a %s buffer; on the cpu target arguments and "
                    "results are global buffers (no memory space)",
                    what, tileScopeGetName(tileMemRefTypeGetScope(type)));
    ok = false;
  }
  return ok;
}

/* A kernel's tile.atomic_add whose source is a local buffer adds every
 * thread's copy: it runs in a loop over the kernel's threads (the copies
 * are one buffer here; tile ops, which every thread runs alike, give each
 * copy the same values). */
static void addPerThread(MlirOperation add) {
  MlirType source = mlirValueGetType(mlirOperationGetOperand(add, 0));
  MlirOperation kernel = tileEnclosingKernel(add);
  int64_t threads = mlirOperationIsNull(kernel) ? 0 : tileKernelThreads(kernel);
  if (!mlirTypeIsAMemRef(source) ||
      tileMemRefTypeGetScope(source) != TileScopeLocal || threads < 2)
    return;
  TileBuilder b = tbBefore(add);
  TileLoop loop = tbFor(&b, tbConstIndex(&b, 0), tbConstIndex(&b, threads),
                        tbConstIndex(&b, 1));
  mlirOperationMoveBefore(add, mlirBlockGetTerminator(loop.body));
}

/* An atomic update of memory other threads see (memref.atomic_rmw,
 * memref.generic_atomic_rmw) that a kernel makes outside its
 * thread-parallel loops runs on every thread of the block, as on the GPU
 * targets (a counter counted once per block here, once per thread there):
 * it runs once, with its result, then once for each other thread. Updates
 * of a thread's own memory happen once on each copy, so once here. */
static void updatePerThread(MlirOperation update) {
  MlirOperation kernel = tileEnclosingKernel(update);
  int64_t threads = mlirOperationIsNull(kernel) ? 0 : tileKernelThreads(kernel);
  unsigned count;
  const TileAccess *rows = tileAccessesOf(update, &count);
  if (threads < 2 || !count ||
      !mlirOperationIsNull(tileEnclosingThreadLoop(update)) ||
      tileIsThreadPrivate(
          tileViewRoot(mlirOperationGetOperand(update, rows[0].operand))))
    return;
  TileBuilder b = tbAfter(update);
  TileLoop loop = tbFor(&b, tbConstIndex(&b, 1), tbConstIndex(&b, threads),
                        tbConstIndex(&b, 1));
  mlirBlockInsertOwnedOperationBefore(
      loop.body, mlirBlockGetTerminator(loop.body), mlirOperationClone(update));
}

static void run(MlirOperation op, MlirExternalPass pass,
                const TileOptionValue *options) {
  (void)options;
  if (tileOpIs(op, "func.func") && !checkSignature(op)) {
    mlirExternalPassSignalFailure(pass);
    return;
  }
  TileOpList adds = {0};
  tileCollectOps(op, "tile.atomic_add", &adds);
  for (size_t i = 0; i < adds.count; ++i)
    addPerThread(adds.ops[i]);
  tileOpListFree(&adds);
  TileOpList updates = {0};
  tileCollectOps(op, "memref.atomic_rmw", &updates);
  tileCollectOps(op, "memref.generic_atomic_rmw", &updates);
  for (size_t i = 0; i < updates.count; ++i)
    updatePerThread(updates.ops[i]);
  tileOpListFree(&updates);
  TileOpList allocs = {0};
  tileCollectOps(op, "tile.alloc", &allocs);
  /* In reverse, so that buffers keep their program order at the start of
   * the block. */
  bool ok = true;
  for (size_t i = allocs.count; i-- > 0;)
    ok &= lowerAlloc(allocs.ops[i]);
  tileOpListFree(&allocs);
  mlirOperationWalk(op, stripScopes, NULL, MlirWalkPreOrder);
  if (!ok)
    mlirExternalPassSignalFailure(pass);
}

static const TileDialectHandleGetter dependent[] = {
    mlirGetDialectHandle__memref__};

const TilePassDescriptor tileCpuAllocPass = {
    .argument = "tile-cpu-alloc",
    .name = "TileCpuAlloc",
    .summary = "Turn tile buffers into 64-byte aligned stack arrays at the "
               "start of their kernel block, and drop scopes (cpu)",
    .anchor = "func.func",
    .dependentDialects = dependent,
    .numDependentDialects = TILE_COUNT(dependent),
    .run = run,
};
