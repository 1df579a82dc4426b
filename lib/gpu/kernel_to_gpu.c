/* tile-kernel-to-gpu: kernel loops become gpu.launch, shared tiles its
 * workgroup attributions, and thread-parallel loops that tile-gpu-lower did
 * not distribute become block-strided loops over the kernel's threads. */
#include "ir/builder.h"
#include "ir/ir.h"
#include "passes/pass.h"

#include "tile/dialect.h"

#include "mlir-c/Dialect/GPU.h"
#include "mlir-c/Dialect/SCF.h"

#include <string.h>

/* ceil((ub - lb) / step), 0 where ub <= lb. */
static MlirValue tripCount(TileBuilder *b, const TileLoopBounds *bounds,
                           intptr_t i) {
  return tbTripCount(b, bounds->lb[i], bounds->ub[i], bounds->step[i]);
}

static int mappedDim(MlirOperation forall, unsigned i) {
  MlirAttribute mapping = tileOpGetAttr(forall, "mapping");
  TileStrBuf text = TILE_STRBUF_INIT;
  tileAppendAttr(&text, mlirArrayAttrGetElement(mapping, i));
  const char *s = tileStrBufGet(&text);
  int dim = strstr(s, "<y>") ? 1 : strstr(s, "<z>") ? 2 : 0;
  tileStrBufFree(&text);
  return dim;
}

/* Rewrites one thread-parallel loop inside a launch:
 *   for e = tid; e < prod(trips); e += threads { ivs = delinearize(e) } */
static void lowerParallel(MlirOperation forall, MlirValue tid,
                          MlirValue threads) {
  TileBuilder b = tbBefore(forall);
  TileLoopBounds bounds = tbForallBounds(&b, forall);
  MlirValue trips[TILE_MAX_RANK];
  MlirValue total = tbConstIndex(&b, 1);
  for (intptr_t i = 0; i < bounds.rank; ++i) {
    trips[i] = tripCount(&b, &bounds, i);
    total = tbMul(&b, total, trips[i]);
  }
  TileLoop loop = tbFor(&b, tid, total, threads);
  TileBuilder in = tbAtTerminator(loop.body, b.loc);
  MlirValue ivs[TILE_MAX_RANK];
  MlirValue rest = loop.iv;
  for (intptr_t i = bounds.rank; i-- > 0;) {
    MlirValue index = i ? tbRemU(&in, rest, trips[i]) : rest;
    if (i)
      rest = tbDivU(&in, rest, trips[i]);
    ivs[i] = tbAdd(&in, bounds.lb[i], tbMul(&in, index, bounds.step[i]));
  }
  tileInlineLoopBody(forall, mlirBlockGetTerminator(loop.body), ivs);
  /* Elements written by one thread are read by others afterwards. */
  TileBuilder after = tbAfter(loop.op);
  tbCreate(&after, "gpu.barrier", 0, NULL, 0, NULL, 0, NULL);
  mlirOperationDestroy(forall);
}

/* Shared tiles become workgroup attributions of the launch: one buffer per
 * block, wherever in the kernel they were allocated. */
static void attributeShared(MlirOperation launch, MlirBlock body) {
  TileOpList allocs = {0};
  tileCollectOps(launch, "tile.alloc", &allocs);
  int64_t numShared = 0;
  for (size_t i = 0; i < allocs.count; ++i) {
    MlirValue tile = mlirOperationGetResult(allocs.ops[i], 0);
    if (tileMemRefTypeGetScope(mlirValueGetType(tile)) != TileScopeShared)
      continue;
    MlirValue arg = mlirBlockAddArgument(
        body, mlirValueGetType(tile), mlirOperationGetLocation(allocs.ops[i]));
    mlirValueReplaceAllUsesOfWith(tile, arg);
    mlirOperationDestroy(allocs.ops[i]);
    ++numShared;
  }
  tileOpListFree(&allocs);
  TileBuilder b = tbBefore(launch);
  mlirOperationSetAttributeByName(launch, tileRef("workgroup_attributions"),
                                  tbI64Attr(&b, numShared));
}

static unsigned lowerKernel(MlirOperation forall, void *userData) {
  (void)userData;
  /* tile-verify reports both; this pass may run without it. */
  TileOpList parallel = {0};
  tileCollectOps(forall, "scf.forall", &parallel);
  unsigned errors = !tileLoopRankFits(forall, 3);
  for (size_t i = 0; i < parallel.count; ++i)
    if (!tileIsKernelLoop(parallel.ops[i]))
      errors += !tileLoopRankFits(parallel.ops[i], TILE_MAX_RANK);
  tileOpListFree(&parallel);
  if (errors)
    return errors;
  TileBuilder b = tbBefore(forall);
  TileLoopBounds bounds = tbForallBounds(&b, forall);
  MlirValue one = tbConstIndex(&b, 1);
  MlirValue grid[3] = {one, one, one};
  int dims[TILE_MAX_RANK];
  for (intptr_t i = 0; i < bounds.rank; ++i) {
    dims[i] = mappedDim(forall, i);
    grid[dims[i]] = tripCount(&b, &bounds, i);
    /* A grid of no block statically (a size of 0, or ub <= lb) runs
     * nothing: no launch (a launch would state known_grid_size 0, which
     * LLVM's code generators do not take). */
    int64_t count;
    if (tileConstantInt(grid[dims[i]], &count) && count == 0) {
      mlirOperationDestroy(forall);
      return 0;
    }
  }
  MlirAttribute threadsAttr = tileOpGetAttr(forall, "tile.threads");
  int64_t numThreads = tileKernelThreads(forall);
  MlirValue threads = tbConstIndex(&b, numThreads);
  MlirValue operands[] = {grid[0], grid[1], grid[2], threads, one, one};
  MlirNamedAttribute attrs[] = {
      tbNamed(
          &b, "operandSegmentSizes",
          mlirDenseI32ArrayGet(
              b.ctx, 11, (const int32_t[]){0, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0})),
      tbNamed(&b, "workgroup_attributions", tbI64Attr(&b, 0)),
      tbNamed(&b, "tile.threads", threadsAttr),
  };
  MlirOperation launch =
      tbCreateWithRegions(&b, "gpu.launch", 6, operands, 0, NULL, 3, attrs, 1);
  MlirType index = tbIndex(&b);
  MlirType argTypes[12];
  MlirLocation argLocs[12];
  for (int i = 0; i < 12; ++i) {
    argTypes[i] = index;
    argLocs[i] = b.loc;
  }
  MlirBlock body = mlirBlockCreate(12, argTypes, argLocs);
  mlirRegionAppendOwnedBlock(mlirOperationGetRegion(launch, 0), body);
  TileBuilder in = tbAtEnd(body, b.loc);
  MlirOperation terminator =
      tbCreate(&in, "gpu.terminator", 0, NULL, 0, NULL, 0, NULL);
  in = tbBefore(terminator);
  /* The block size is a constant: loops strided by it unroll and need no
   * block-dimension query (which some targets implement in a library). */
  MlirValue blockSize = tbConstIndex(&in, numThreads);
  MlirValue ivs[TILE_MAX_RANK];
  for (intptr_t i = 0; i < bounds.rank; ++i)
    ivs[i] =
        tbAdd(&in, bounds.lb[i],
              tbMul(&in, mlirBlockGetArgument(body, dims[i]), bounds.step[i]));
  tileInlineLoopBody(forall, terminator, ivs);
  mlirOperationDestroy(forall);

  /* Thread-parallel loops; the thread x id is block argument 3. */
  tileCollectOps(launch, "scf.forall", &parallel);
  for (size_t i = 0; i < parallel.count; ++i)
    if (!tileIsKernelLoop(parallel.ops[i]))
      lowerParallel(parallel.ops[i], mlirBlockGetArgument(body, 3), blockSize);
  tileOpListFree(&parallel);
  attributeShared(launch, body);
  return 0;
}

static void run(MlirOperation op, MlirExternalPass pass,
                const TileOptionValue *options) {
  (void)options;
  if (tileForEachKernel(op, lowerKernel, NULL))
    mlirExternalPassSignalFailure(pass);
}

static const TileDialectHandleGetter dependent[] = {
    mlirGetDialectHandle__gpu__, mlirGetDialectHandle__scf__};

const TilePassDescriptor tileKernelToGpuPass = {
    .argument = "tile-kernel-to-gpu",
    .name = "TileKernelToGpu",
    .summary = "Turn kernel loops into gpu.launch and thread-parallel loops "
               "into loops strided over the block's threads",
    .anchor = "func.func",
    .dependentDialects = dependent,
    .numDependentDialects = TILE_COUNT(dependent),
    .run = run,
};
