/* cpu device codegen: kernels are host code, so there is no device module;
 * the lowered module goes to host codegen as a whole. */
#include "cpu/cpu.h"

#include "ir/ir.h"

MlirLogicalResult tileCpuDeviceCodegen(const TileBackendContext *ctx,
                                       MlirOperation module, bool compile,
                                       TileArtifact *artifact) {
  (void)ctx;
  (void)compile;
  tileArtifactSetDeviceFormat(artifact, "");
  MlirOperation device = tileFirstOp(module, "gpu.module");
  if (!mlirOperationIsNull(device)) {
    tileEmitOpError(device, "has no meaning on the cpu target: cpu kernels "
                            "run as host code");
    return mlirLogicalResultFailure();
  }
  return mlirLogicalResultSuccess();
}
