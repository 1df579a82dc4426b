/* tile-cuda-register-cap: kernels that move registers between warpgroups
 * with setmaxnreg get a register cap at entry. */
#include "ir/builder.h"
#include "ir/ir.h"
#include "passes/pass.h"

/* setmaxnreg takes effect only when ptxas knows the kernel's register
 * budget at entry: the block size (.maxntid, from the launch) and one block
 * per multiprocessor (.minnctapersm 1, from nvvm.minctasm). Without the
 * latter ptxas ignores it (warning C7508). */
static MlirWalkResult capKernel(MlirOperation op, void *userData) {
  (void)userData;
  if (!tileOpIs(op, "llvm.func"))
    return MlirWalkResultAdvance;
  if (!mlirOperationIsNull(tileFirstOp(op, "nvvm.setmaxregister"))) {
    MlirContext ctx = mlirOperationGetContext(op);
    mlirOperationSetDiscardableAttributeByName(
        op, tileRef("nvvm.minctasm"),
        mlirIntegerAttrGet(mlirIntegerTypeGet(ctx, 32), 1));
  }
  return MlirWalkResultSkip;
}

static void run(MlirOperation op, MlirExternalPass pass,
                const TileOptionValue *options) {
  (void)pass;
  (void)options;
  mlirOperationWalk(op, capKernel, NULL, MlirWalkPreOrder);
}

const TilePassDescriptor tileCudaRegisterCapPass = {
    .argument = "tile-cuda-register-cap",
    .name = "TileCudaRegisterCap",
    .summary = "Give kernels that use setmaxnreg one block per "
               "multiprocessor (nvvm.minctasm = 1), the register cap at "
               "entry that setmaxnreg needs",
    .anchor = "gpu.module",
    .run = run,
};
