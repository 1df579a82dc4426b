/* tile-gpu-async-memory: MLIR 22's gpu-to-llvm lowers gpu.alloc,
 * gpu.dealloc, gpu.memcpy and gpu.memset of host code only in their async
 * form with exactly one dependency (a host_shared allocation only in its
 * synchronous form). The synchronous form of the others, which the GPU
 * dialect allows and reads as "done when the op returns", failed host
 * codegen: "unsupported GPU operation: gpu.alloc", or LLVM's translation
 * on an unrealized cast located at a function argument.
 *
 * Each such op becomes that form on a stream of its own:
 *   %t0 = gpu.wait async
 *   %r, %t1 = gpu.<op> async [%t0] ...
 *   gpu.wait [%t1]
 * An async one with no dependency gets a fresh stream (a gpu.wait async)
 * and one with several a gpu.wait async on all of them, which it then
 * depends on. */
#include "ir/builder_gpu.h"
#include "ir/ir.h"
#include "passes/pass.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/Dialect/GPU.h"

static const char *const memoryOps[] = {"gpu.alloc", "gpu.dealloc",
                                        "gpu.memcpy", "gpu.memset"};

static MlirWalkResult collect(MlirOperation op, void *userData) {
  if (tileOpIs(op, "gpu.launch") || tileOpIs(op, "gpu.module"))
    return MlirWalkResultSkip;
  if (tileOpIsAny(op, memoryOps, TILE_COUNT(memoryOps)))
    tileOpListAppend(userData, op);
  return MlirWalkResultAdvance;
}

/* Whether `op` is async: its last result is a token. */
static bool isAsync(MlirOperation op) {
  intptr_t n = mlirOperationGetNumResults(op);
  return n > 0 && mlirTypeIsAGPUAsyncTokenType(
                      mlirValueGetType(mlirOperationGetResult(op, n - 1)));
}

static void normalise(MlirOperation op) {
  intptr_t deps = tbGpuMemoryOpDependencies(op);
  bool async = isAsync(op);
  if (deps < 0 || (async && deps == 1))
    return;
  if (!async && tileOpIs(op, "gpu.alloc") &&
      !mlirAttributeIsNull(tileOpGetAttr(op, "hostShared")))
    return; /* the one synchronous form gpu-to-llvm lowers */
  TileBuilder b = tbBefore(op);
  MlirType token = mlirGPUAsyncTokenTypeGet(b.ctx);
  /* The one dependency: a fresh stream, or a wait on all of them. */
  intptr_t numOperands = mlirOperationGetNumOperands(op);
  MlirValue waitOn[deps > 0 ? deps : 1];
  for (intptr_t i = 0; i < deps; ++i)
    waitOn[i] = mlirOperationGetOperand(op, i);
  MlirValue dependency =
      tbResult(tbCreate(&b, "gpu.wait", deps, waitOn, 1, &token, 0, NULL));
  intptr_t numNew = numOperands - deps + 1;
  MlirValue operands[numNew];
  operands[0] = dependency;
  for (intptr_t i = deps; i < numOperands; ++i)
    operands[1 + i - deps] = mlirOperationGetOperand(op, i);
  intptr_t numResults = mlirOperationGetNumResults(op);
  intptr_t numValues = async ? numResults - 1 : numResults;
  MlirType results[numValues + 1];
  for (intptr_t i = 0; i < numValues; ++i)
    results[i] = mlirValueGetType(mlirOperationGetResult(op, i));
  results[numValues] = token;
  MlirOperation replacement =
      tbCreateLike(&b, op, numNew, operands, numValues + 1, results);
  if (tileOpIs(op, "gpu.alloc")) {
    MlirAttribute segments = tileOpGetAttr(op, "operandSegmentSizes");
    int32_t sizes[3] = {1, mlirDenseI32ArrayGetElement(segments, 1),
                        mlirDenseI32ArrayGetElement(segments, 2)};
    mlirOperationSetAttributeByName(replacement, tileRef("operandSegmentSizes"),
                                    mlirDenseI32ArrayGet(b.ctx, 3, sizes));
  }
  for (intptr_t i = 0; i < numResults; ++i)
    mlirValueReplaceAllUsesOfWith(mlirOperationGetResult(op, i),
                                  mlirOperationGetResult(replacement, i));
  if (!async) {
    /* Done when the op returns, as its synchronous form says. */
    TileBuilder after = tbAfter(replacement);
    MlirValue done = mlirOperationGetResult(replacement, numValues);
    tbCreate(&after, "gpu.wait", 1, &done, 0, NULL, 0, NULL);
  }
  mlirOperationDestroy(op);
}

static void run(MlirOperation op, MlirExternalPass pass,
                const TileOptionValue *options) {
  (void)pass;
  (void)options;
  TileOpList ops = {0};
  mlirOperationWalk(op, collect, &ops, MlirWalkPreOrder);
  for (size_t i = 0; i < ops.count; ++i)
    normalise(ops.ops[i]);
  tileOpListFree(&ops);
}

static const TileDialectHandleGetter dialects[] = {
    mlirGetDialectHandle__gpu__,
};

const TilePassDescriptor tileGpuAsyncMemoryPass = {
    .argument = "tile-gpu-async-memory",
    .name = "TileGpuAsyncMemory",
    .summary = "Give host gpu.alloc, gpu.dealloc, gpu.memcpy and gpu.memset "
               "the async form with one dependency that gpu-to-llvm lowers",
    .anchor = "func.func",
    .dependentDialects = dialects,
    .numDependentDialects = TILE_COUNT(dialects),
    .run = run,
};
