/* tile-vulkan-device-calls: inlines the calls of vulkan kernels and drops
 * the functions that outlining copied beside them. MLIR's SPIR-V
 * conversion turns kernels into entry points but has no pattern for a
 * func.func: a kernel that called a function failed there with "failed to
 * legalize operation 'func.func'" at the function, whatever it held. MLIR's
 * inliner does not inline into gpu.func (the gpu dialect does not allow
 * it), so the calls are inlined here, before the kernel ABI rewrites the
 * kernels' buffer accesses (the inlined code's among them).
 *
 * A callee's single block is moved in place of the call, its arguments
 * replaced by the call's operands and the call's results by what it
 * returns; calls in the moved code are inlined in turn. Refused at the
 * call: a function that calls itself, directly or through others (SPIR-V
 * has no recursion), and one of several blocks (unstructured control
 * flow, which the SPIR-V conversion of kernels does not take either). */
#include "gpu/fail.h"
#include "ir/ir.h"
#include "passes/pass.h"

#include "support/alloc.h"

#include "mlir-c/BuiltinAttributes.h"

#include <stdlib.h>

typedef struct {
  MlirOperation gpuModule;
  TileOpList functions; /* the func.func ops of the gpu.module */
  bool *recursive;      /* per function: it reaches itself through calls */
  unsigned errors;
} Inliner;

static MlirStringRef calleeName(MlirOperation call) {
  return mlirFlatSymbolRefAttrGetValue(tileOpGetAttr(call, "callee"));
}

/* The index of the function `call` calls, or -1 (tile-gpu-check-calls
 * has reported calls to functions the gpu.module does not define). */
static int calleeIndex(const Inliner *in, MlirOperation call) {
  MlirStringRef name = calleeName(call);
  for (size_t i = 0; i < in->functions.count; ++i)
    if (mlirStringRefEqual(mlirStringAttrGetValue(
                               tileOpGetAttr(in->functions.ops[i], "sym_name")),
                           name))
      return (int)i;
  return -1;
}

static TileOpList callsIn(MlirOperation op) {
  TileOpList calls = {0};
  tileCollectOps(op, "func.call", &calls);
  return calls;
}

/* reach[i * n + j]: function i calls function j, directly or not. */
static void markRecursive(Inliner *in) {
  size_t n = in->functions.count;
  bool *reach = tileCallocArray(n > 0 ? n * n : 1, sizeof(bool));
  for (size_t i = 0; i < n; ++i) {
    TileOpList calls = callsIn(in->functions.ops[i]);
    for (size_t c = 0; c < calls.count; ++c) {
      int j = calleeIndex(in, calls.ops[c]);
      if (j >= 0)
        reach[i * n + (size_t)j] = true;
    }
    tileOpListFree(&calls);
  }
  for (size_t k = 0; k < n; ++k) /* transitive closure (Warshall) */
    for (size_t i = 0; i < n; ++i)
      if (reach[i * n + k])
        for (size_t j = 0; j < n; ++j)
          reach[i * n + j] |= reach[k * n + j];
  in->recursive = tileCallocArray(n ? n : 1, sizeof(bool));
  for (size_t i = 0; i < n; ++i)
    in->recursive[i] = reach[i * n + i];
  free(reach);
}

static int numBlocks(MlirRegion region) {
  int n = 0;
  for (MlirBlock b = mlirRegionGetFirstBlock(region); !mlirBlockIsNull(b);
       b = mlirBlockGetNextInRegion(b))
    ++n;
  return n;
}

static void inlineCall(MlirOperation call, MlirOperation callee) {
  MlirOperation copy = mlirOperationClone(callee);
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(copy, 0));
  for (intptr_t i = 0; i < mlirBlockGetNumArguments(body); ++i)
    mlirValueReplaceAllUsesOfWith(mlirBlockGetArgument(body, i),
                                  mlirOperationGetOperand(call, i));
  MlirOperation op = mlirBlockGetFirstOperation(body);
  while (!tileOpIs(op, "func.return")) {
    MlirOperation next = mlirOperationGetNextInBlock(op);
    mlirOperationMoveBefore(op, call);
    op = next;
  }
  for (intptr_t i = 0; i < mlirOperationGetNumResults(call); ++i)
    mlirValueReplaceAllUsesOfWith(mlirOperationGetResult(call, i),
                                  mlirOperationGetOperand(op, i));
  mlirOperationDestroy(call);
  mlirOperationDestroy(copy);
}

/* Inlines the calls of `kernel`, round after round (inlined code brings
 * the calls of its function); returns false once it has reported one. */
static bool inlineCalls(Inliner *in, MlirOperation kernel) {
  for (;;) {
    TileOpList calls = callsIn(kernel);
    bool ok = true;
    size_t inlined = 0;
    for (size_t c = 0; c < calls.count; ++c) {
      MlirOperation call = calls.ops[c];
      int i = calleeIndex(in, call);
      if (i < 0)
        continue;
      MlirStringRef name = calleeName(call);
      MlirOperation callee = in->functions.ops[i];
      if (!tileOpHasBody(callee))
        continue; /* reported by tile-gpu-check-calls */
      int blocks = numBlocks(mlirOperationGetRegion(callee, 0));
      if (in->recursive[i]) {
        tileGpuFail(&in->errors, call,
                    "calls @%.*s, which calls itself (directly or through "
                    "other functions): vulkan kernels inline the functions "
                    "they call, and SPIR-V has no recursion",
                    (int)name.length, name.data);
        ok = false;
      } else if (blocks != 1) {
        tileGpuFail(&in->errors, call,
                    "calls @%.*s, whose body has %d blocks: vulkan kernels "
                    "inline the functions they call, which must then have "
                    "one block (structured control flow: scf.if, scf.for)",
                    (int)name.length, name.data, blocks);
        ok = false;
      } else if (ok) {
        inlineCall(call, callee);
        ++inlined;
      }
    }
    tileOpListFree(&calls);
    if (!ok || inlined == 0)
      return ok;
  }
}

static void run(MlirOperation op, MlirExternalPass pass,
                const TileOptionValue *options) {
  (void)options;
  Inliner in = {.gpuModule = op};
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0));
  TileOpList kernels = {0};
  for (MlirOperation child = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(child); child = mlirOperationGetNextInBlock(child))
    if (tileOpIs(child, "func.func"))
      tileOpListAppend(&in.functions, child);
    else if (tileOpIs(child, "gpu.func"))
      tileOpListAppend(&kernels, child);
  markRecursive(&in);
  for (size_t k = 0; k < kernels.count; ++k)
    inlineCalls(&in, kernels.ops[k]);
  if (in.errors)
    mlirExternalPassSignalFailure(pass);
  else
    for (size_t i = 0; i < in.functions.count; ++i)
      mlirOperationDestroy(in.functions.ops[i]);
  tileOpListFree(&kernels);
  tileOpListFree(&in.functions);
  free(in.recursive);
}

const TilePassDescriptor tileVulkanDeviceCallsPass = {
    .argument = "tile-vulkan-device-calls",
    .name = "TileVulkanDeviceCalls",
    .summary = "Inline the calls of vulkan kernels (SPIR-V conversion takes no "
               "func.func) and drop the functions beside them",
    .anchor = "gpu.module",
    .run = run,
};
