/* tile-vulkan-launch-abi: passes every buffer operand of a Vulkan kernel
 * launch as two values, the buffer's address (!llvm.ptr) and its size in
 * bytes (i64), so that gpu-to-llvm hands mgpuLaunchKernel the parameter
 * array {&ptr0, &size0, &ptr1, &size1, ...} that the Vulkan runtime binds
 * in order (binding i = buffer i). Upstream's intersperse-sizes calling
 * convention does the same for statically shaped buffers only; this works
 * for any size. Runs after tile-vulkan-kernel-abi made every operand a
 * buffer, and after device codegen removed the kernels. */
#include "ir/builder_gpu.h"
#include "ir/ir.h"
#include "passes/pass.h"

#include "mlir-c/Dialect/LLVM.h"
#include "mlir-c/Dialect/MemRef.h"

#include <stdlib.h>

static MlirValue address(TileBuilder *b, MlirValue buffer) {
  MlirType index = tbIndex(b), i64 = mlirIntegerTypeGet(b->ctx, 64);
  MlirType ptr = mlirLLVMPointerTypeGet(b->ctx, 0);
  MlirValue p = tbResult(tbCreate(b, "memref.extract_aligned_pointer_as_index",
                                  1, &buffer, 1, &index, 0, NULL));
  p = tbConvert(b, p, i64);
  return tbResult(tbCreate(b, "llvm.inttoptr", 1, &p, 1, &ptr, 0, NULL));
}

static MlirValue byteSize(TileBuilder *b, MlirValue buffer) {
  MlirType type = mlirValueGetType(buffer);
  MlirType element = tileElementType(type);
  unsigned bits = mlirTypeIsAFloat(element) ? mlirFloatTypeGetWidth(element)
                                            : mlirIntegerTypeGetWidth(element);
  MlirValue size = tbConstIndex(b, bits / 8);
  for (int64_t d = 0; d < tileRank(type); ++d)
    size = tbMul(b, size,
                 tileIsDynamicDim(type, d) ? tbDim(b, buffer, d)
                                           : tbConstIndex(b, tileDim(type, d)));
  return tbConvert(b, size, mlirIntegerTypeGet(b->ctx, 64));
}

static bool rewrite(MlirOperation launch) {
  intptr_t first, count;
  tbLaunchKernelOperands(launch, &first, &count);
  TileBuilder b = tbBefore(launch);
  MlirValue *operands =
      tileCallocArray((size_t)(2 * count + 1), sizeof(MlirValue));
  bool ok = true;
  for (intptr_t i = 0; i < count && ok; ++i) {
    MlirValue v = mlirOperationGetOperand(launch, first + i);
    if (!mlirTypeIsAMemRef(mlirValueGetType(v))) {
      tileEmitOpError(launch, "passes a kernel operand that is not a buffer; "
                              "run tile-vulkan-kernel-abi first");
      ok = false;
      break;
    }
    operands[2 * i] = address(&b, v);
    operands[2 * i + 1] = byteSize(&b, v);
  }
  if (ok)
    tbSetLaunchKernelOperands(launch, 2 * count, operands);
  free(operands);
  return ok;
}

static MlirWalkResult visit(MlirOperation op, void *userData) {
  bool *ok = userData;
  if (tileOpIs(op, "gpu.launch_func"))
    *ok &= rewrite(op);
  return MlirWalkResultAdvance;
}

static void run(MlirOperation op, MlirExternalPass pass,
                const TileOptionValue *options) {
  (void)options;
  bool ok = true;
  mlirOperationWalk(op, visit, &ok, MlirWalkPostOrder);
  if (!ok)
    mlirExternalPassSignalFailure(pass);
}

static const TileDialectHandleGetter dependent[] = {
    mlirGetDialectHandle__llvm__, mlirGetDialectHandle__memref__};

const TilePassDescriptor tileVulkanLaunchAbiPass = {
    .argument = "tile-vulkan-launch-abi",
    .name = "TileVulkanLaunchAbi",
    .summary = "Pass each buffer operand of a vulkan kernel launch as its "
               "address and its size in bytes",
    .anchor = "builtin.module",
    .dependentDialects = dependent,
    .numDependentDialects = TILE_COUNT(dependent),
    .run = run,
};
