/* tile-cpu-block-calls: a call that a kernel makes outside its
 * thread-parallel loops runs on every thread of the block on the GPU
 * targets, and so does every atomic update of memory other threads see in
 * the function it calls. The cpu runs the block's code once for all its
 * threads, and tile-cpu-alloc repeats such an update once per thread where
 * the kernel makes it itself; a function's update ran once per block (a
 * counter of 64-thread blocks counted 1 per block here, 64 on vulkan). So
 * such a call is inlined, its body in an scf.execute_region (in a
 * memref.alloca_scope where it allocates on the stack, freed after each
 * call as the callee's frame is), with the callee's locations called from
 * the call's: tile-cpu-alloc then sees the updates in the kernel. Calls of
 * functions that make no atomic update stay calls. A function reached
 * through more than 16 calls (recursion) is reported at the kernel's call.
 */
#include "cpu/lowering.h"

#include "mlir-c/Dialect/MemRef.h"
#include "mlir-c/Dialect/SCF.h"

enum { MostNestedCalls = 16, MostInlinedCalls = 4096 };

static const char *const atomicUpdates[] = {"memref.atomic_rmw",
                                            "memref.generic_atomic_rmw"};

/* A call of one function of the module by another. */
typedef struct {
  TileOpList callers, callees;
} CallGraph;

static MlirWalkResult collectCall(MlirOperation op, void *userData) {
  if (!tileOpIsCall(op))
    return MlirWalkResultAdvance;
  MlirOperation callee = tileCalleeOf(op);
  if (mlirOperationIsNull(callee) || !tileOpHasBody(callee))
    return MlirWalkResultAdvance;
  CallGraph *g = userData;
  tileOpListAppend(&g->callers, tileEnclosingFunc(op));
  tileOpListAppend(&g->callees, callee);
  return MlirWalkResultAdvance;
}

/* The functions of `module` that make an atomic update or call (through
 * any number of calls) one that does: from those that make one, up the
 * calls. */
static void collectUpdaters(MlirOperation module, TileOpList *updaters) {
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
  for (MlirOperation op = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op))
    if (tileOpIs(op, "func.func") &&
        !mlirOperationIsNull(
            tileFirstOpOf(op, atomicUpdates, TILE_COUNT(atomicUpdates))))
      tileOpListAppend(updaters, op);
  if (!updaters->count)
    return;
  CallGraph g = {{0}, {0}};
  mlirOperationWalk(module, collectCall, &g, MlirWalkPreOrder);
  for (size_t next = 0; next < updaters->count; ++next)
    for (size_t i = 0; i < g.callees.count; ++i)
      if (mlirOperationEqual(g.callees.ops[i], updaters->ops[next]) &&
          !tileOpListContains(updaters, g.callers.ops[i]))
        tileOpListAppend(updaters, g.callers.ops[i]);
  tileOpListFree(&g.callers);
  tileOpListFree(&g.callees);
}

typedef struct {
  const TileOpList *updaters;
  TileOpList *calls;
} CallSearch;

/* Calls of functions in `updaters` that run on every thread of a kernel's
 * block: in a kernel of several threads, outside its thread-parallel
 * loops. */
static MlirWalkResult collectBlockCall(MlirOperation op, void *userData) {
  CallSearch *s = userData;
  if (!tileOpIsCall(op) || !tileOpListContains(s->updaters, tileCalleeOf(op)))
    return MlirWalkResultAdvance;
  MlirOperation kernel = tileEnclosingKernel(op);
  if (!mlirOperationIsNull(kernel) && tileKernelThreads(kernel) > 1 &&
      mlirOperationIsNull(tileEnclosingThreadLoop(op)))
    tileOpListAppend(s->calls, op);
  return MlirWalkResultAdvance;
}

/* Replaces `call` with the body of `callee`: an scf.execute_region whose
 * func.return ops are scf.yield ops, in a memref.alloca_scope where the
 * body allocates on the stack. Returns the execute_region. */
static MlirOperation inlineCall(MlirOperation call, MlirOperation callee) {
  MlirLocation loc = mlirOperationGetLocation(call);
  intptr_t numResults = mlirOperationGetNumResults(call);
  MlirType types[numResults > 0 ? numResults : 1];
  for (intptr_t i = 0; i < numResults; ++i)
    types[i] = mlirValueGetType(mlirOperationGetResult(call, i));

  MlirOperation copy = tileCloneCalleeFor(call, callee);
  bool allocates = !mlirOperationIsNull(tileFirstOp(copy, "memref.alloca"));

  TileBuilder b = tbBefore(call);
  MlirOperation scope = {NULL};
  if (allocates) {
    scope = tbCreateWithRegions(&b, "memref.alloca_scope", 0, NULL, numResults,
                                types, 0, NULL, 1);
    MlirBlock body = mlirBlockCreate(0, NULL, NULL);
    mlirRegionAppendOwnedBlock(mlirOperationGetRegion(scope, 0), body);
    b = tbAtEnd(body, loc);
  }
  MlirOperation region = tbCreateWithRegions(&b, "scf.execute_region", 0, NULL,
                                             numResults, types, 0, NULL, 1);
  if (allocates) {
    MlirValue results[numResults > 0 ? numResults : 1];
    for (intptr_t i = 0; i < numResults; ++i)
      results[i] = mlirOperationGetResult(region, i);
    tbCreate(&b, "memref.alloca_scope.return", numResults, results, 0, NULL, 0,
             NULL);
  }
  MlirRegion body = mlirOperationGetRegion(region, 0);
  mlirRegionTakeBody(body, mlirOperationGetRegion(copy, 0));
  mlirOperationDestroy(copy);

  for (MlirBlock block = mlirRegionGetFirstBlock(body); !mlirBlockIsNull(block);
       block = mlirBlockGetNextInRegion(block)) {
    MlirOperation ret = mlirBlockGetTerminator(block);
    if (mlirOperationIsNull(ret) || !tileOpIs(ret, "func.return"))
      continue;
    TileBuilder at = tbBefore(ret);
    at.loc = mlirOperationGetLocation(ret);
    intptr_t n = mlirOperationGetNumOperands(ret);
    MlirValue values[n > 0 ? n : 1];
    for (intptr_t i = 0; i < n; ++i)
      values[i] = mlirOperationGetOperand(ret, i);
    tbCreate(&at, "scf.yield", n, values, 0, NULL, 0, NULL);
    mlirOperationDestroy(ret);
  }

  MlirOperation replacement = allocates ? scope : region;
  for (intptr_t i = 0; i < numResults; ++i)
    mlirValueReplaceAllUsesOfWith(mlirOperationGetResult(call, i),
                                  mlirOperationGetResult(replacement, i));
  mlirOperationDestroy(call);
  return region;
}

/* How many bodies inlined here hold `op`; `*kernelCall` is set to the
 * location of the kernel's call it came from (the outermost of those
 * bodies has it), or op's own. */
static unsigned inlinedDepth(MlirOperation op, const TileOpList *inlined,
                             MlirLocation *kernelCall) {
  unsigned depth = 0;
  *kernelCall = mlirOperationGetLocation(op);
  for (MlirOperation p = mlirOperationGetParentOperation(op);
       !mlirOperationIsNull(p); p = mlirOperationGetParentOperation(p))
    if (tileOpListContains(inlined, p)) {
      ++depth;
      *kernelCall = mlirOperationGetLocation(p);
    }
  return depth;
}

static void run(MlirOperation module, MlirExternalPass pass,
                const TileOptionValue *options) {
  (void)options;
  TileOpList updaters = {0}, calls = {0}, inlined = {0};
  collectUpdaters(module, &updaters);
  CallSearch search = {&updaters, &calls};
  if (updaters.count)
    mlirOperationWalk(module, collectBlockCall, &search, MlirWalkPreOrder);
  bool ok = true;
  for (size_t next = 0; ok && next < calls.count; ++next) {
    MlirOperation call = calls.ops[next];
    MlirOperation callee = tileCalleeOf(call);
    MlirLocation kernelCall;
    if (inlinedDepth(call, &inlined, &kernelCall) >= MostNestedCalls ||
        inlined.count >= MostInlinedCalls) {
      MlirStringRef name =
          mlirFlatSymbolRefAttrGetValue(tileCalleeSymbol(call));
      tileEmitErrorAt(
          kernelCall,
          "this call runs on every thread of the kernel's block, and so do "
          "the atomic updates of the functions it reaches; the cpu target "
          "inlines such calls to repeat the updates per thread, and it "
          "reaches @%.*s through more than %d calls (or more than %d "
          "calls in all): call it from a thread-parallel loop, or make the "
          "updates in the kernel",
          (int)name.length, name.data, MostNestedCalls, MostInlinedCalls);
      ok = false;
      break;
    }
    MlirOperation region = inlineCall(call, callee);
    tileOpListAppend(&inlined, region);
    mlirOperationWalk(region, collectBlockCall, &search, MlirWalkPreOrder);
  }
  tileOpListFree(&updaters);
  tileOpListFree(&calls);
  tileOpListFree(&inlined);
  if (!ok)
    mlirExternalPassSignalFailure(pass);
}

static const TileDialectHandleGetter dependent[] = {
    mlirGetDialectHandle__memref__, mlirGetDialectHandle__scf__};

const TilePassDescriptor tileCpuBlockCallsPass = {
    .argument = "tile-cpu-block-calls",
    .name = "TileCpuBlockCalls",
    .summary = "Inline the calls a kernel makes outside its thread-parallel "
               "loops of functions that make atomic updates, so that the "
               "updates run once per thread of the block (cpu)",
    .anchor = "builtin.module",
    .dependentDialects = dependent,
    .numDependentDialects = TILE_COUNT(dependent),
    .run = run,
};
