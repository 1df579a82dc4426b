/* tile-vulkan-bool-buffers: SPIR-V has no booleans in memory that the host
 * shares (a buffer of OpTypeBool is invalid), so the i1 memrefs of vulkan
 * kernels hold i8, as the host stores them (one byte, 0 or 1). In every
 * gpu.module, every memref of i1 (buffers, shared and private ones, their
 * views) becomes one of i8; a load from it (memref.load, vector.load) reads
 * i8 and compares it with 0, a store (memref.store, vector.store) writes the
 * i1 zero-extended. Atomic updates of such memory are refused at the op.
 * The launches' i1 buffers are cast to the i8 types of the kernels. First,
 * integer arithmetic on i1 becomes arithmetic on i32 (bool_arith.c). Runs
 * after tile-vulkan-bf16 and before the kernel ABI, which refused i1
 * buffers. */
#include "ir/builder_vector.h"
#include "ir/ir.h"
#include "passes/pass.h"
#include "vulkan/vulkan.h"

#include "mlir-c/BuiltinTypes.h"

static bool isI1(MlirType type) {
  return mlirTypeIsAInteger(type) && mlirIntegerTypeGetWidth(type) == 1;
}

static MlirType i8Type(MlirContext ctx) { return mlirIntegerTypeGet(ctx, 8); }

/* The elements of i1 memrefs as i8. */
static const TileVulkanRetyping asBytes = {isI1, i8Type, true};

typedef struct {
  TileOpList loads, stores;
  unsigned errors;
} Work;

static bool takesBoolMemory(MlirOperation op, intptr_t operand) {
  return operand < mlirOperationGetNumOperands(op) &&
         tileVulkanHolds(
             &asBytes, mlirValueGetType(mlirOperationGetOperand(op, operand)));
}

static MlirWalkResult classify(MlirOperation op, void *userData) {
  Work *w = userData;
  if (tileOpIs(op, "memref.load") || tileOpIs(op, "vector.load")) {
    if (takesBoolMemory(op, 0))
      tileOpListAppend(&w->loads, op);
  } else if (tileOpIs(op, "memref.store") || tileOpIs(op, "vector.store")) {
    if (takesBoolMemory(op, 1))
      tileOpListAppend(&w->stores, op);
  } else if ((tileOpIs(op, "memref.atomic_rmw") && takesBoolMemory(op, 1)) ||
             (tileOpIs(op, "memref.generic_atomic_rmw") &&
              takesBoolMemory(op, 0))) {
    tileEmitOpError(op, "updates i1 values atomically, which the vulkan "
                        "target does not support: it keeps them in bytes, "
                        "and SPIR-V atomics take 32- and 64-bit integers");
    ++w->errors;
  }
  return MlirWalkResultAdvance;
}

/* A load of i1 (or of a vector of i1) that now reads i8: compared with 0. */
static void rewriteLoad(MlirOperation op) {
  MlirValue loaded = mlirOperationGetResult(op, 0);
  MlirType type = mlirValueGetType(loaded);
  MlirContext ctx = mlirOperationGetContext(op);
  mlirValueSetType(loaded, tbShapedLike(type, i8Type(ctx)));
  TileBuilder b = tbAfter(op);
  MlirValue zero = tbSplatInt(&b, loaded, i8Type(ctx), 0);
  MlirValue set = tbCmpI(&b, "ne", loaded, zero);
  mlirValueReplaceAllUsesExcept(loaded, set, 1,
                                (MlirOperation[]){mlirOpResultGetOwner(set)});
}

/* A store of i1 into memory of i8: the value zero-extended. */
static void rewriteStore(MlirOperation op) {
  MlirValue value = mlirOperationGetOperand(op, 0);
  MlirContext ctx = mlirOperationGetContext(op);
  TileBuilder b = tbBefore(op);
  mlirOperationSetOperand(
      op, 0,
      tbConvertOp(&b, "arith.extui", value,
                  tbShapedLike(mlirValueGetType(value), i8Type(ctx))));
}

static unsigned convert(MlirOperation gpuModule) {
  Work w = {{0}, {0}, 0};
  mlirOperationWalk(gpuModule, classify, &w, MlirWalkPreOrder);
  if (!w.errors) {
    tileVulkanRetypeAll(&asBytes, gpuModule);
    for (size_t i = 0; i < w.loads.count; ++i)
      rewriteLoad(w.loads.ops[i]);
    for (size_t i = 0; i < w.stores.count; ++i)
      rewriteStore(w.stores.ops[i]);
  }
  tileOpListFree(&w.loads);
  tileOpListFree(&w.stores);
  return w.errors;
}

static void run(MlirOperation op, MlirExternalPass pass,
                const TileOptionValue *options) {
  (void)options;
  tileVulkanWidenBoolArith(op);
  if (!tileVulkanRetypeKernels(&asBytes, op, convert))
    mlirExternalPassSignalFailure(pass);
}

const TilePassDescriptor tileVulkanBoolBuffersPass = {
    .argument = "tile-vulkan-bool-buffers",
    .name = "TileVulkanBoolBuffers",
    .summary = "Keep the i1 memrefs of vulkan kernels as memrefs of i8 (as "
               "the host stores them): loads compare with 0, stores "
               "zero-extend; cast the launches' i1 buffers alike",
    .anchor = "builtin.module",
    .run = run,
};
