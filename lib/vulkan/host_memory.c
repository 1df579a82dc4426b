/* tile-vulkan-host-memory: on vulkan, host code hands kernels host memory
 * (the runtime copies each buffer into a device buffer around a launch and
 * back), so the GPU dialect's memory ops of host code are host memory ops
 * there. The Vulkan runtime has no mgpuMemAlloc, mgpuMemcpy or
 * mgpuMemset, and host codegen failed on them ("unsupported GPU
 * operation: gpu.alloc", or an unrealized cast located at a function
 * argument) where cuda and rocm run the same program.
 *
 *   gpu.alloc (host_shared or not)    -> memref.alloc, 64-byte aligned
 *   gpu.dealloc                        -> memref.dealloc
 *   gpu.memcpy %dst, %src              -> memref.copy %src, %dst
 *   gpu.memset %dst, %value            -> a loop nest storing %value
 *   gpu.host_register / _unregister    -> nothing (host memory already is
 *                                         what kernels get)
 *
 * An async op first waits for its dependencies (a synchronous gpu.wait on
 * them), as the device would have, but for fresh tokens (a gpu.wait async
 * without dependencies), which wait for nothing; its token, done when the
 * host op is, becomes a fresh one where something uses it. Fresh tokens
 * left without uses are erased (each was a stream). */
#include "ir/builder_gpu.h"
#include "ir/ir.h"
#include "passes/pass.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Dialect/GPU.h"
#include "mlir-c/Dialect/MemRef.h"
#include "mlir-c/Dialect/SCF.h"

static const char *const memoryOps[] = {
    "gpu.alloc",  "gpu.dealloc",       "gpu.memcpy",
    "gpu.memset", "gpu.host_register", "gpu.host_unregister",
};

static MlirWalkResult collect(MlirOperation op, void *userData) {
  if (tileOpIs(op, "gpu.launch") || tileOpIs(op, "gpu.module") ||
      tileIsKernelLoop(op))
    return MlirWalkResultSkip;
  if (tileOpIsAny(op, memoryOps, TILE_COUNT(memoryOps)))
    tileOpListAppend(userData, op);
  return MlirWalkResultAdvance;
}

/* The number of async dependencies of `op` (its first operands), or -1
 * where its operand segments are malformed. */
static intptr_t dependencies(MlirOperation op) {
  if (tileOpIs(op, "gpu.host_register") || tileOpIs(op, "gpu.host_unregister"))
    return 0;
  return tbGpuMemoryOpDependencies(op);
}

/* The async token `op` returns, or a null value. */
static MlirValue tokenOf(MlirOperation op) {
  intptr_t n = mlirOperationGetNumResults(op);
  MlirValue last =
      n > 0 ? mlirOperationGetResult(op, n - 1) : (MlirValue){NULL};
  return n > 0 && mlirTypeIsAGPUAsyncTokenType(mlirValueGetType(last))
             ? last
             : (MlirValue){NULL};
}

/* memref.alloc of gpu.alloc `op`'s dynamic sizes and symbol operands. */
static MlirValue hostAlloc(TileBuilder *b, MlirOperation op, intptr_t deps) {
  MlirAttribute segments = tileOpGetAttr(op, "operandSegmentSizes");
  int32_t sizes = mlirDenseI32ArrayGetElement(segments, 1);
  int32_t symbols = mlirDenseI32ArrayGetElement(segments, 2);
  MlirValue operands[sizes + symbols > 0 ? sizes + symbols : 1];
  for (int32_t i = 0; i < sizes + symbols; ++i)
    operands[i] = mlirOperationGetOperand(op, deps + i);
  MlirType type = mlirValueGetType(mlirOperationGetResult(op, 0));
  MlirNamedAttribute attrs[] = {
      tbNamed(
          b, "operandSegmentSizes",
          mlirDenseI32ArrayGet(b->ctx, 2, (const int32_t[]){sizes, symbols})),
      tbNamed(b, "alignment", tbI64Attr(b, 64)),
  };
  return tbResult(tbCreate(b, "memref.alloc", sizes + symbols, operands, 1,
                           &type, TILE_COUNT(attrs), attrs));
}

/* Stores `value` into every element of `buffer`: a loop per dimension. */
static void fill(TileBuilder *b, MlirValue buffer, MlirValue value) {
  MlirType type = mlirValueGetType(buffer);
  int64_t rank = tileRank(type);
  MlirValue indices[rank > 0 ? rank : 1];
  TileBuilder at = *b;
  MlirValue zero = tbConstIndex(b, 0), one = tbConstIndex(b, 1);
  for (int64_t d = 0; d < rank; ++d) {
    TileLoop loop = tbFor(&at, zero, tbDim(&at, buffer, d), one);
    indices[d] = loop.iv;
    at = tbAtTerminator(loop.body, mlirOperationGetLocation(loop.op));
  }
  tbStore(&at, value, buffer, rank, indices);
}

/* Whether `token` is a fresh one: a gpu.wait async without dependencies,
 * done as soon as it is made. */
static bool isFresh(MlirValue token) {
  if (!mlirValueIsAOpResult(token))
    return false;
  MlirOperation def = mlirOpResultGetOwner(token);
  return tileOpIs(def, "gpu.wait") && mlirOperationGetNumOperands(def) == 0;
}

/* Lists a fresh token's op once. */
static void addFresh(TileOpList *fresh, MlirOperation op) {
  if (!tileOpListContains(fresh, op))
    tileOpListAppend(fresh, op);
}

/* Lowers `op`; `fresh` collects the fresh tokens' ops it no longer waits
 * on or made. */
static bool lower(MlirOperation op, TileOpList *fresh) {
  intptr_t deps = dependencies(op);
  if (deps < 0)
    return true;
  if (tileOpIs(op, "gpu.memset") &&
      !mlirTypeIsAMemRef(mlirValueGetType(mlirOperationGetOperand(op, deps)))) {
    tileEmitOpError(op, "fills an unranked memref, which host code on the "
                        "vulkan target does not fill; cast it to a ranked "
                        "one first (memref.cast)");
    return false;
  }
  TileBuilder b = tbBefore(op);
  MlirValue waitOn[deps > 0 ? deps : 1];
  intptr_t numWaits = 0;
  for (intptr_t i = 0; i < deps; ++i) {
    MlirValue dep = mlirOperationGetOperand(op, i);
    if (isFresh(dep))
      addFresh(fresh, mlirOpResultGetOwner(dep));
    else
      waitOn[numWaits++] = dep;
  }
  if (numWaits)
    tbCreate(&b, "gpu.wait", numWaits, waitOn, 0, NULL, 0, NULL);
  if (tileOpIs(op, "gpu.alloc")) {
    mlirValueReplaceAllUsesOfWith(mlirOperationGetResult(op, 0),
                                  hostAlloc(&b, op, deps));
  } else if (tileOpIs(op, "gpu.dealloc")) {
    MlirValue buffer = mlirOperationGetOperand(op, deps);
    tbCreate(&b, "memref.dealloc", 1, &buffer, 0, NULL, 0, NULL);
  } else if (tileOpIs(op, "gpu.memcpy")) {
    MlirValue operands[2] = {mlirOperationGetOperand(op, deps + 1),
                             mlirOperationGetOperand(op, deps)};
    tbCreate(&b, "memref.copy", 2, operands, 0, NULL, 0, NULL);
  } else if (tileOpIs(op, "gpu.memset")) {
    fill(&b, mlirOperationGetOperand(op, deps),
         mlirOperationGetOperand(op, deps + 1));
  }
  MlirValue token = tokenOf(op);
  if (!mlirValueIsNull(token) &&
      !mlirOpOperandIsNull(mlirValueGetFirstUse(token))) {
    MlirType type = mlirValueGetType(token);
    MlirOperation done = tbCreate(&b, "gpu.wait", 0, NULL, 1, &type, 0, NULL);
    mlirValueReplaceAllUsesOfWith(token, tbResult(done));
    addFresh(fresh, done);
  }
  mlirOperationDestroy(op);
  return true;
}

static void run(MlirOperation op, MlirExternalPass pass,
                const TileOptionValue *options) {
  (void)options;
  TileOpList ops = {0};
  mlirOperationWalk(op, collect, &ops, MlirWalkPreOrder);
  TileOpList fresh = {0};
  bool ok = true;
  for (size_t i = 0; i < ops.count; ++i)
    ok &= lower(ops.ops[i], &fresh);
  for (size_t i = 0; i < fresh.count; ++i)
    if (mlirOpOperandIsNull(
            mlirValueGetFirstUse(mlirOperationGetResult(fresh.ops[i], 0))))
      mlirOperationDestroy(fresh.ops[i]);
  tileOpListFree(&fresh);
  tileOpListFree(&ops);
  if (!ok)
    mlirExternalPassSignalFailure(pass);
}

static const TileDialectHandleGetter dialects[] = {
    mlirGetDialectHandle__gpu__,
    mlirGetDialectHandle__memref__,
    mlirGetDialectHandle__scf__,
};

const TilePassDescriptor tileVulkanHostMemoryPass = {
    .argument = "tile-vulkan-host-memory",
    .name = "TileVulkanHostMemory",
    .summary = "Turn host code's gpu.alloc, gpu.dealloc, gpu.memcpy, "
               "gpu.memset and gpu.host_register into host memory ops "
               "(vulkan kernels get host buffers)",
    .anchor = "func.func",
    .dependentDialects = dialects,
    .numDependentDialects = TILE_COUNT(dialects),
    .run = run,
};
