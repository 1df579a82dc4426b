/* tile-gpu-check-calls: device code can only call what its gpu.module
 * defines; a call to a declaration would reach the device linker (ptxas,
 * ld.lld) or the SPIR-V conversion as an unresolved symbol. */
#include "gpu/fail.h"
#include "ir/ir.h"
#include "passes/pass.h"

#include "mlir-c/BuiltinAttributes.h"

#include <string.h>

/* The function `call` calls, looked up in the gpu.module around it. */
static MlirOperation calleeOf(MlirOperation call, MlirOperation gpuModule) {
  MlirAttribute callee = tileOpGetAttr(call, "callee");
  if (mlirAttributeIsNull(callee) || !mlirAttributeIsAFlatSymbolRef(callee))
    return (MlirOperation){NULL};
  return tileSymbolNamed(gpuModule, mlirFlatSymbolRefAttrGetValue(callee));
}

typedef struct {
  MlirOperation gpuModule;
  unsigned errors;
} Check;

static MlirWalkResult checkCall(MlirOperation op, void *userData) {
  Check *c = userData;
  if (!tileOpIs(op, "func.call"))
    return MlirWalkResultAdvance;
  MlirOperation callee = calleeOf(op, c->gpuModule);
  if (!mlirOperationIsNull(callee) && tileOpHasBody(callee))
    return MlirWalkResultAdvance;
  MlirAttribute name = tileOpGetAttr(op, "callee");
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
  Check c = {op, 0};
  mlirOperationWalk(op, checkCall, &c, MlirWalkPreOrder);
  *(unsigned *)userData += c.errors;
  return MlirWalkResultSkip;
}

static void run(MlirOperation op, MlirExternalPass pass,
                const TileOptionValue *options) {
  (void)options;
  tilePassRunCheck(op, pass, checkModule);
}

const TilePassDescriptor tileGpuCheckCallsPass = {
    .argument = "tile-gpu-check-calls",
    .name = "TileGpuCheckCalls",
    .summary = "Report calls in device code to functions the gpu.module "
               "does not define",
    .anchor = "builtin.module",
    .run = run,
};
