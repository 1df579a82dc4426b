/* tile-gpu-drop-c-wrappers: convert-gpu-to-nvvm (and -rocdl) asks for a C
 * interface for every func.func of a gpu.module, so each device function
 * (a helper the kernels call, or one tile-gpu-outline-ops made) gets an
 * externally visible `_mlir_ciface_` twin in the PTX that nothing on the
 * device can call and the host cannot reach. They doubled the code LLVM
 * compiles for a kernel split by tile-gpu-outline-ops. This pass erases
 * them. */
#include "ir/ir.h"
#include "passes/pass.h"

#include <string.h>

static const char Prefix[] = "_mlir_ciface_";

static bool isCWrapper(MlirOperation op) {
  if (!tileOpIs(op, "llvm.func"))
    return false;
  MlirAttribute name = mlirOperationGetAttributeByName(op, tileRef("sym_name"));
  if (mlirAttributeIsNull(name) || !mlirAttributeIsAString(name))
    return false;
  MlirStringRef s = mlirStringAttrGetValue(name);
  return s.length > sizeof(Prefix) - 1 &&
         strncmp(s.data, Prefix, sizeof(Prefix) - 1) == 0 &&
         !mlirAttributeIsNull(mlirOperationGetAttributeByName(
             op, tileRef("llvm.emit_c_interface")));
}

static void run(MlirOperation module, MlirExternalPass pass,
                const TileOptionValue *options) {
  (void)pass;
  (void)options;
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
  MlirOperation op = mlirBlockGetFirstOperation(body);
  while (!mlirOperationIsNull(op)) {
    MlirOperation next = mlirOperationGetNextInBlock(op);
    if (isCWrapper(op))
      mlirOperationDestroy(op);
    op = next;
  }
}

const TilePassDescriptor tileGpuDropCWrappersPass = {
    .argument = "tile-gpu-drop-c-wrappers",
    .name = "TileGpuDropCWrappers",
    .summary = "Erase the _mlir_ciface_ wrappers that the GPU-to-LLVM "
               "conversions make for the device functions of a gpu.module "
               "(nothing on the device calls them)",
    .anchor = "gpu.module",
    .run = run,
};
