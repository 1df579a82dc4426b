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

enum { MaxLoops = 64 };

typedef struct {
  MlirOperation ops[MaxLoops];
  unsigned count;
  bool overflow;
} OpList;

static MlirWalkResult collectKernels(MlirOperation op, void *userData) {
  OpList *list = userData;
  if (!tileIsKernelLoop(op))
    return MlirWalkResultAdvance;
  if (list->count == MaxLoops)
    list->overflow = true;
  else
    list->ops[list->count++] = op;
  return MlirWalkResultSkip;
}

static MlirWalkResult collectParallel(MlirOperation op, void *userData) {
  OpList *list = userData;
  if (!tileOpIs(op, "scf.forall") || tileIsKernelLoop(op))
    return MlirWalkResultAdvance;
  if (list->count == MaxLoops)
    list->overflow = true;
  else
    list->ops[list->count++] = op;
  return MlirWalkResultSkip;
}


/* ceil((ub - lb) / step) */
static MlirValue tripCount(TileBuilder *b, const TileLoopBounds *bounds,
                           intptr_t i) {
  MlirValue span = tbSub(b, bounds->ub[i], bounds->lb[i]);
  return tbBinary(b, "arith.ceildivui", span, bounds->step[i]);
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

static MlirWalkResult collectShared(MlirOperation op, void *userData) {
  OpList *list = userData;
  if (!tileOpIs(op, "tile.alloc") ||
      tileMemRefTypeGetScope(mlirValueGetType(mlirOperationGetResult(op, 0))) !=
          TileScopeShared)
    return MlirWalkResultAdvance;
  if (list->count == MaxLoops)
    list->overflow = true;
  else
    list->ops[list->count++] = op;
  return MlirWalkResultAdvance;
}

/* Shared tiles become workgroup attributions of the launch: one buffer per
 * block, wherever in the kernel they were allocated. */
static bool attributeShared(MlirOperation launch, MlirBlock body) {
  OpList shared = {0};
  mlirOperationWalk(launch, collectShared, &shared, MlirWalkPreOrder);
  if (shared.overflow) {
    tileEmitOpError(launch, "has more than %d shared buffers", MaxLoops);
    return false;
  }
  for (unsigned i = 0; i < shared.count; ++i) {
    MlirValue tile = mlirOperationGetResult(shared.ops[i], 0);
    MlirValue arg = mlirBlockAddArgument(
        body, mlirValueGetType(tile), mlirOperationGetLocation(shared.ops[i]));
    mlirValueReplaceAllUsesOfWith(tile, arg);
    mlirOperationDestroy(shared.ops[i]);
  }
  TileBuilder b = tbBefore(launch);
  mlirOperationSetAttributeByName(launch, tileRef("workgroup_attributions"),
                                  tbI64Attr(&b, shared.count));
  return true;
}

static bool lowerKernel(MlirOperation forall) {
  TileBuilder b = tbBefore(forall);
  TileLoopBounds bounds = tbForallBounds(&b, forall);
  MlirValue one = tbConstIndex(&b, 1);
  MlirValue grid[3] = {one, one, one};
  int dims[TILE_MAX_RANK];
  for (intptr_t i = 0; i < bounds.rank; ++i) {
    dims[i] = mappedDim(forall, i);
    grid[dims[i]] = tripCount(&b, &bounds, i);
  }
  MlirAttribute threadsAttr = tileOpGetAttr(forall, "tile.threads");
  int64_t numThreads = mlirIntegerAttrGetValueInt(threadsAttr);
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

  OpList parallel = {0};
  mlirOperationWalk(launch, collectParallel, &parallel, MlirWalkPreOrder);
  if (parallel.overflow) {
    tileEmitOpError(launch, "has more than %d thread-parallel loops", MaxLoops);
    return false;
  }
  /* The thread x id is block argument 3. */
  for (unsigned i = 0; i < parallel.count; ++i)
    lowerParallel(parallel.ops[i], mlirBlockGetArgument(body, 3), blockSize);
  return attributeShared(launch, body);
}

static void run(MlirOperation op, MlirExternalPass pass,
                const TileOptionValue *options) {
  (void)options;
  OpList kernels = {0};
  mlirOperationWalk(op, collectKernels, &kernels, MlirWalkPreOrder);
  if (kernels.overflow) {
    tileEmitOpError(op, "has more than %d kernels", MaxLoops);
    mlirExternalPassSignalFailure(pass);
    return;
  }
  for (unsigned i = 0; i < kernels.count; ++i)
    if (!lowerKernel(kernels.ops[i]))
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
