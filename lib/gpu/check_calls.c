/* tile-gpu-check-calls: device code can only call what its gpu.module
 * defines; a call to a declaration would reach the device linker (ptxas,
 * ld.lld) or the SPIR-V conversion as an unresolved symbol. Nor can it
 * launch kernels. */
#include "gpu/fail.h"
#include "ir/ir.h"
#include "passes/pass.h"

#include "mlir-c/BuiltinAttributes.h"

#include <string.h>

typedef struct {
  unsigned errors;
  /* The launches reported: the outlining copies a function into the
   * gpu.module of each kernel that calls it. */
  TileOpList launches;
} Check;

static bool reported(const Check *c, MlirOperation launch) {
  MlirLocation loc = mlirOperationGetLocation(launch);
  for (size_t i = 0; i < c->launches.count; ++i)
    if (mlirLocationEqual(mlirOperationGetLocation(c->launches.ops[i]), loc))
      return true;
  return false;
}

/* A kernel in a function that a kernel calls: the outlining copied the
 * function, launch and all, into device code, where the launch reached the
 * GPU conversions (a crash of the vulkan kernel ABI, a failure to legalize
 * on cuda and rocm). */
static void checkLaunch(Check *c, MlirOperation launch) {
  if (reported(c, launch)) {
    ++c->errors;
    return;
  }
  tileOpListAppend(&c->launches, launch);
  MlirOperation func =
      tileEnclosingFunc(mlirOperationGetParentOperation(launch));
  MlirAttribute name = mlirOperationIsNull(func)
                           ? (MlirAttribute){NULL}
                           : tileOpGetAttr(func, "sym_name");
  MlirStringRef text =
      mlirAttributeIsNull(name) || !mlirAttributeIsAString(name)
          ? mlirStringRefCreateFromCString("its function")
          : mlirStringAttrGetValue(name);
  tileEmitErrorAt(mlirOperationGetLocation(launch),
                  "kernel launched from device code: %s%.*s, which holds "
                  "it, is called from a kernel, and kernels cannot launch "
                  "kernels",
                  mlirAttributeIsNull(name) ? "" : "@", (int)text.length,
                  text.data);
  ++c->errors;
}

static MlirWalkResult checkCall(MlirOperation op, void *userData) {
  Check *c = userData;
  if (tileOpIs(op, "gpu.launch_func") || tileOpIs(op, "gpu.launch")) {
    checkLaunch(c, op);
    return MlirWalkResultSkip;
  }
  /* A call of a function value that no func.constant gives is reported
   * by tile-verify. */
  MlirAttribute name =
      tileOpIsCall(op) ? tileCalleeSymbol(op) : (MlirAttribute){NULL};
  if (mlirAttributeIsNull(name))
    return MlirWalkResultAdvance;
  MlirOperation callee = tileCalleeOf(op);
  if (!mlirOperationIsNull(callee) && tileOpHasBody(callee))
    return MlirWalkResultAdvance;
  MlirStringRef text = mlirFlatSymbolRefAttrGetValue(name);
  tileGpuFail(&c->errors, op,
              "calls @%.*s from device code, but it has no body there: "
              "kernels can call only functions defined in the input",
              (int)text.length, text.data);
  return MlirWalkResultAdvance;
}

static MlirWalkResult checkModule(MlirOperation op, void *userData) {
  if (!tileOpIs(op, "gpu.module"))
    return MlirWalkResultAdvance;
  mlirOperationWalk(op, checkCall, userData, MlirWalkPreOrder);
  return MlirWalkResultSkip;
}

static void run(MlirOperation op, MlirExternalPass pass,
                const TileOptionValue *options) {
  (void)options;
  Check c = {0, {0}};
  mlirOperationWalk(op, checkModule, &c, MlirWalkPreOrder);
  tileOpListFree(&c.launches);
  if (c.errors)
    mlirExternalPassSignalFailure(pass);
}

const TilePassDescriptor tileGpuCheckCallsPass = {
    .argument = "tile-gpu-check-calls",
    .name = "TileGpuCheckCalls",
    .summary = "Report calls in device code to functions the gpu.module "
               "does not define, and kernel launches in device code",
    .anchor = "builtin.module",
    .run = run,
};
