/* tile-cpu-kernels: a kernel grid becomes an scf.parallel over its blocks
 * (host threads run blocks), a thread-parallel loop becomes sequential
 * loops over the whole tile (one core runs a block; LLVM vectorises the
 * innermost loop), and pipelined loops lose their stage attributes (they
 * run in order). */
#include "cpu/lowering.h"

#include "mlir-c/Dialect/MemRef.h"
#include "mlir-c/Dialect/SCF.h"

#include <stdlib.h>

/* scf.parallel operands are lower bounds, upper bounds, steps, inits. */
static TileLoopBounds parallelBounds(MlirOperation parallel) {
  TileLoopBounds bounds;
  MlirAttribute sizes = tileOpGetAttr(parallel, "operandSegmentSizes");
  bounds.rank = mlirDenseI32ArrayGetElement(sizes, 0);
  for (intptr_t i = 0; i < bounds.rank; ++i) {
    bounds.lb[i] = mlirOperationGetOperand(parallel, i);
    bounds.ub[i] = mlirOperationGetOperand(parallel, bounds.rank + i);
    bounds.step[i] = mlirOperationGetOperand(parallel, 2 * bounds.rank + i);
  }
  return bounds;
}

/* Replaces a thread-parallel loop by nested scf.for loops. */
static void sequentialise(MlirOperation loop, const TileLoopBounds *bounds) {
  TileBuilder b = tbBefore(loop);
  MlirValue ivs[TILE_MAX_RANK];
  TileBuilder at = b;
  for (intptr_t i = 0; i < bounds->rank; ++i) {
    TileLoop l = tbFor(&at, bounds->lb[i], bounds->ub[i], bounds->step[i]);
    ivs[i] = l.iv;
    at = tbAtTerminator(l.body, b.loc);
  }
  tileInlineLoopBody(loop, at.before, ivs);
  mlirOperationDestroy(loop);
}

static int64_t bytesOf(MlirType memref) {
  int64_t bytes = (tileCpuBitWidth(tileElementType(memref)) + 7) / 8;
  for (intptr_t d = 0; d < tileRank(memref); ++d)
    bytes *= tileDim(memref, d);
  return bytes;
}

/* A block's buffers live on the stack of the host thread that runs it.
 * Past `limit` bytes (OpenMP threads have a few MiB of stack), they go to
 * the heap for the block's lifetime instead. */
static void moveLargeBuffers(MlirOperation kernel, int64_t limit) {
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(kernel, 0));
  int64_t total = 0;
  for (MlirOperation op = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op))
    if (tileOpIs(op, "memref.alloca") &&
        mlirShapedTypeHasStaticShape(
            mlirValueGetType(mlirOperationGetResult(op, 0))))
      total += bytesOf(mlirValueGetType(mlirOperationGetResult(op, 0)));
  if (limit <= 0 || total <= limit)
    return;
  MlirOperation end = mlirBlockGetTerminator(body);
  for (MlirOperation op = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(op);) {
    MlirOperation next = mlirOperationGetNextInBlock(op);
    if (tileOpIs(op, "memref.alloca")) {
      TileBuilder b = tbBefore(op);
      MlirValue old = mlirOperationGetResult(op, 0);
      MlirType type = mlirValueGetType(old);
      MlirNamedAttribute attrs[] = {
          tbNamed(&b, "operandSegmentSizes",
                  mlirDenseI32ArrayGet(b.ctx, 2, (const int32_t[]){0, 0})),
          tbNamed(&b, "alignment", tbI64Attr(&b, 64)),
      };
      MlirValue heap =
          tbResult(tbCreate(&b, "memref.alloc", 0, NULL, 1, &type, 2, attrs));
      mlirValueReplaceAllUsesOfWith(old, heap);
      mlirOperationDestroy(op);
      TileBuilder atEnd = tbBefore(end);
      tbCreate(&atEnd, "memref.dealloc", 1, &heap, 0, NULL, 0, NULL);
    }
    op = next;
  }
}

/* Replaces a kernel scf.forall by an scf.parallel over its blocks. */
static void parallelise(MlirOperation forall) {
  TileBuilder b = tbBefore(forall);
  TileLoopBounds bounds = tbForallBounds(&b, forall);
  intptr_t n = bounds.rank;
  MlirValue operands[3 * TILE_MAX_RANK];
  for (intptr_t i = 0; i < n; ++i) {
    operands[i] = bounds.lb[i];
    operands[n + i] = bounds.ub[i];
    operands[2 * n + i] = bounds.step[i];
  }
  int32_t segments[] = {(int32_t)n, (int32_t)n, (int32_t)n, 0};
  MlirNamedAttribute attr = tbNamed(&b, "operandSegmentSizes",
                                    mlirDenseI32ArrayGet(b.ctx, 4, segments));
  MlirOperation parallel = tbCreateWithRegions(&b, "scf.parallel", 3 * n,
                                               operands, 0, NULL, 1, &attr, 1);
  MlirType types[TILE_MAX_RANK];
  MlirLocation locs[TILE_MAX_RANK];
  for (intptr_t i = 0; i < n; ++i) {
    types[i] = tbIndex(&b);
    locs[i] = b.loc;
  }
  MlirBlock body = mlirBlockCreate(n, types, locs);
  mlirRegionAppendOwnedBlock(mlirOperationGetRegion(parallel, 0), body);
  TileBuilder in = tbAtEnd(body, b.loc);
  MlirOperation reduce = tbCreate(&in, "scf.reduce", 0, NULL, 0, NULL, 0, NULL);
  MlirValue ivs[TILE_MAX_RANK];
  for (intptr_t i = 0; i < n; ++i)
    ivs[i] = mlirBlockGetArgument(body, i);
  tileInlineLoopBody(forall, reduce, ivs);
  mlirOperationDestroy(forall);
}

static bool isThreadLoop(MlirOperation op) {
  return (tileOpIs(op, "scf.forall") && !tileIsKernelLoop(op)) ||
         (tileOpIs(op, "scf.parallel") &&
          !mlirOperationIsNull(tileEnclosingKernel(op)));
}

static bool lowerThreadLoop(MlirOperation loop) {
  if (mlirOperationGetNumResults(loop) > 0) {
    tileEmitOpError(loop, "has results; a thread-parallel loop writes "
                          "through memrefs on the cpu target");
    return false;
  }
  /* tile-verify reports it; this pass may run without it. */
  if (!tileLoopRankFits(loop, TILE_MAX_RANK))
    return false;
  TileBuilder b = tbBefore(loop);
  TileLoopBounds bounds = tileOpIs(loop, "scf.forall")
                              ? tbForallBounds(&b, loop)
                              : parallelBounds(loop);
  sequentialise(loop, &bounds);
  return true;
}

static MlirWalkResult dropStages(MlirOperation op, void *userData) {
  (void)userData;
  if (tileOpIs(op, "scf.for")) {
    mlirOperationRemoveAttributeByName(op, tileRef("tile.num_stages"));
    mlirOperationRemoveAttributeByName(op, tileRef("tile.order"));
    mlirOperationRemoveAttributeByName(op, tileRef("tile.stage"));
  }
  return MlirWalkResultAdvance;
}

static MlirWalkResult collectLoops(MlirOperation op, void *userData) {
  TileOpList *list = userData;
  if (isThreadLoop(op) || tileIsKernelLoop(op))
    tileOpListAppend(list, op);
  return MlirWalkResultAdvance;
}

static void run(MlirOperation op, MlirExternalPass pass,
                const TileOptionValue *options) {
  TileOpList loops = {0};
  mlirOperationWalk(op, collectLoops, &loops, MlirWalkPostOrder);
  bool ok = true;
  /* Post-order: inner loops go first, so a kernel is lowered after the
   * thread loops it holds (which need it to be recognised). */
  for (size_t i = 0; i < loops.count; ++i) {
    if (tileIsKernelLoop(loops.ops[i])) {
      if (!tileLoopRankFits(loops.ops[i], 3)) {
        ok = false;
        continue;
      }
      moveLargeBuffers(loops.ops[i], options[0].i * 1024);
      parallelise(loops.ops[i]);
    } else
      ok &= lowerThreadLoop(loops.ops[i]);
  }
  tileOpListFree(&loops);
  mlirOperationWalk(op, dropStages, NULL, MlirWalkPreOrder);
  if (!ok)
    mlirExternalPassSignalFailure(pass);
}

static const TilePassOption options[] = {
    {"stack-limit-kib", TileOptionInt, "2048",
     "Largest stack a block's buffers may take, in KiB; larger blocks keep "
     "them on the heap (0: no limit)",
     NULL, NULL},
};

static const TileDialectHandleGetter dependent[] = {
    mlirGetDialectHandle__memref__, mlirGetDialectHandle__scf__};

const TilePassDescriptor tileCpuKernelsPass = {
    .argument = "tile-cpu-kernels",
    .name = "TileCpuKernels",
    .summary = "Turn kernel grids into scf.parallel over blocks, "
               "thread-parallel loops into sequential loops over the tile, and "
               "pipelined loops into plain loops (cpu)",
    .anchor = "func.func",
    .options = options,
    .numOptions = TILE_COUNT(options),
    .dependentDialects = dependent,
    .numDependentDialects = TILE_COUNT(dependent),
    .run = run,
};
