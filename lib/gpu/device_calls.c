/* tile-gpu-device-calls: inlines calls of device code into the kernels
 * that need their callees' bodies in their own.
 *
 * vulkan: every call, and the functions that outlining copied beside the
 * kernels are dropped. MLIR's SPIR-V conversion turns kernels into entry
 * points but has no pattern for a func.func: a kernel that called a
 * function failed there with "failed to legalize operation 'func.func'"
 * at the function, whatever it held.
 *
 * cuda, rocm: the calls of functions that reach a gpu.all_reduce (through
 * further calls), which are dropped once inlined. The conversions lower a
 * uniform gpu.all_reduce in a kernel's own body only (its workgroup buffer
 * is an attribution of the gpu.func): one in a function a kernel called
 * failed with "failed to legalize operation 'gpu.all_reduce'". Other
 * calls stay device functions.
 *
 * MLIR's inliner does not inline into gpu.func (the gpu dialect does not
 * allow it), so the calls are inlined here, before the ops that need a
 * kernel around them are lowered (and, on vulkan, before the kernel ABI
 * rewrites the kernels' buffer accesses, the inlined code's among them).
 * A callee's single block is moved in place of the call (a func.call, or
 * a func.call_indirect of a func.constant's value), its arguments
 * replaced by the call's operands and the call's results by what it
 * returns, its locations called from the call's; calls in the moved code
 * are inlined in turn. Refused at the call: a function that calls itself,
 * directly or through others, and one of several blocks (unstructured
 * control flow, which the SPIR-V conversion of kernels does not take
 * either). */
#include "gpu/fail.h"
#include "ir/ir.h"
#include "passes/pass.h"

#include "support/alloc.h"
#include "support/count.h"

#include "mlir-c/BuiltinAttributes.h"

#include <stdlib.h>
#include <string.h>

enum { OptTarget };

static const TilePassOption options[] = {
    [OptTarget] = {"target", TileOptionString, "vulkan",
                   "the target (vulkan inlines every call; cuda and rocm the "
                   "calls of functions that reach a gpu.all_reduce)",
                   "cuda|rocm|vulkan", NULL},
};

typedef struct {
  MlirOperation gpuModule;
  TileOpList functions; /* the func.func ops of the gpu.module */
  bool *recursive;      /* per function: it reaches itself through calls */
  bool *inlined;        /* per function: its calls are inlined */
  const char *why;      /* what the target inlines, for messages */
  bool vulkan;
  unsigned errors;
} Inliner;

static MlirStringRef calleeName(MlirOperation call) {
  return mlirFlatSymbolRefAttrGetValue(tileCalleeSymbol(call));
}

/* The index of the function `call` calls, or -1 (tile-gpu-check-calls
 * has reported calls to functions the gpu.module does not define, and
 * tile-verify calls in kernels of function values that no func.constant
 * gives). */
static int calleeIndex(const Inliner *in, MlirOperation call) {
  MlirOperation callee = tileCalleeOf(call);
  for (size_t i = 0; !mlirOperationIsNull(callee) && i < in->functions.count;
       ++i)
    if (mlirOperationEqual(in->functions.ops[i], callee))
      return (int)i;
  return -1;
}

static TileOpList callsIn(MlirOperation op) {
  static const char *const callOps[] = {"func.call", "func.call_indirect"};
  TileOpList calls = {0};
  tileCollectOpsOf(op, callOps, TILE_COUNT(callOps), &calls);
  return calls;
}

/* reach[i * n + j]: function i calls function j, directly or not. Marks
 * the functions that reach themselves, and those whose calls are inlined:
 * on vulkan all, else those that hold a gpu.all_reduce or reach one that
 * does. */
static void markFunctions(Inliner *in) {
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
  in->inlined = tileCallocArray(n ? n : 1, sizeof(bool));
  for (size_t i = 0; i < n; ++i) {
    in->recursive[i] = reach[i * n + i];
    in->inlined[i] = in->vulkan || !mlirOperationIsNull(tileFirstOp(
                                       in->functions.ops[i], "gpu.all_reduce"));
  }
  /* A function that reaches one marked reaches what that one reaches
   * (reach is transitive), so one pass over the marks suffices. */
  for (size_t i = 0; i < n; ++i)
    for (size_t j = 0; j < n && !in->inlined[i]; ++j)
      in->inlined[i] = reach[i * n + j] && in->inlined[j];
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
  MlirOperation copy = tileCloneCalleeFor(call, callee);
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(copy, 0));
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

/* Inlines the calls of `kernel` that the target inlines, round after
 * round (inlined code brings the calls of its function); returns false
 * once it has reported one. */
static bool inlineCalls(Inliner *in, MlirOperation kernel) {
  for (;;) {
    TileOpList calls = callsIn(kernel);
    bool ok = true;
    size_t inlined = 0;
    for (size_t c = 0; c < calls.count; ++c) {
      MlirOperation call = calls.ops[c];
      int i = calleeIndex(in, call);
      if (i < 0 || !in->inlined[i])
        continue;
      MlirStringRef name = calleeName(call);
      MlirOperation callee = in->functions.ops[i];
      if (!tileOpHasBody(callee))
        continue; /* reported by tile-gpu-check-calls */
      int blocks = numBlocks(mlirOperationGetRegion(callee, 0));
      if (in->recursive[i]) {
        tileGpuFail(&in->errors, call,
                    "calls @%.*s, which calls itself (directly or through "
                    "other functions): %s, and %s",
                    (int)name.length, name.data, in->why,
                    in->vulkan ? "SPIR-V has no recursion"
                               : "one that calls itself cannot be inlined");
        ok = false;
      } else if (blocks != 1) {
        tileGpuFail(&in->errors, call,
                    "calls @%.*s, whose body has %d blocks: %s, which must "
                    "then have one block (structured control flow: scf.if, "
                    "scf.for)",
                    (int)name.length, name.data, blocks, in->why);
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

/* Drops the func.constant ops of `kernel` whose calls were inlined: they
 * may name functions dropped with the calls. */
static void dropFunctionValues(MlirOperation kernel) {
  TileOpList values = {0};
  tileCollectOps(kernel, "func.constant", &values);
  for (size_t i = 0; i < values.count; ++i)
    if (mlirOpOperandIsNull(
            mlirValueGetFirstUse(mlirOperationGetResult(values.ops[i], 0))))
      mlirOperationDestroy(values.ops[i]);
  tileOpListFree(&values);
}

static void run(MlirOperation op, MlirExternalPass pass,
                const TileOptionValue *options) {
  const char *target = options[OptTarget].s;
  Inliner in = {.gpuModule = op, .vulkan = strcmp(target, "vulkan") == 0};
  in.why = in.vulkan ? "vulkan kernels inline the functions they call"
           : strcmp(target, "rocm") == 0
               ? "rocm kernels inline the functions that reach a "
                 "gpu.all_reduce (it lowers in a kernel's own body only)"
               : "cuda kernels inline the functions that reach a "
                 "gpu.all_reduce (it lowers in a kernel's own body only)";
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0));
  TileOpList kernels = {0};
  for (MlirOperation child = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(child); child = mlirOperationGetNextInBlock(child))
    if (tileOpIs(child, "func.func"))
      tileOpListAppend(&in.functions, child);
    else if (tileOpIs(child, "gpu.func"))
      tileOpListAppend(&kernels, child);
  markFunctions(&in);
  for (size_t k = 0; k < kernels.count; ++k) {
    inlineCalls(&in, kernels.ops[k]);
    dropFunctionValues(kernels.ops[k]);
  }
  if (in.errors)
    mlirExternalPassSignalFailure(pass);
  else
    for (size_t i = 0; i < in.functions.count; ++i)
      if (in.inlined[i])
        mlirOperationDestroy(in.functions.ops[i]);
  tileOpListFree(&kernels);
  tileOpListFree(&in.functions);
  free(in.recursive);
  free(in.inlined);
}

const TilePassDescriptor tileGpuDeviceCallsPass = {
    .argument = "tile-gpu-device-calls",
    .name = "TileGpuDeviceCalls",
    .summary = "Inline the calls of kernels whose callees must be in the "
               "kernel's body (vulkan: every call, as SPIR-V conversion "
               "takes no func.func; cuda, rocm: functions that reach a "
               "gpu.all_reduce) and drop the functions inlined",
    .anchor = "gpu.module",
    .options = options,
    .numOptions = TILE_COUNT(options),
    .run = run,
};
