/* cpu device codegen: kernels are host code, so there is no device module;
 * the lowered module goes to host codegen as a whole. */
#include "cpu/cpu.h"

#include "ir/ir.h"

static MlirWalkResult findDeviceModule(MlirOperation op, void *userData) {
  if (!tileOpIs(op, "gpu.module"))
    return MlirWalkResultAdvance;
  *(MlirOperation *)userData = op;
  return MlirWalkResultInterrupt;
}

MlirLogicalResult tileCpuDeviceCodegen(const TileBackendContext *ctx,
                                       MlirOperation module, bool compile,
                                       TileArtifact *artifact) {
  (void)ctx;
  (void)compile;
  tileArtifactSetDeviceFormat(artifact, "");
  MlirOperation device = {NULL};
  mlirOperationWalk(module, findDeviceModule, &device, MlirWalkPreOrder);
  if (!mlirOperationIsNull(device)) {
    tileEmitOpError(device, "has no meaning on the cpu target: cpu kernels "
                            "run as host code");
    return mlirLogicalResultFailure();
  }
  return mlirLogicalResultSuccess();
}
