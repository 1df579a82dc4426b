/* tile-vulkan-launch-abi: passes every buffer operand of a Vulkan kernel
 * launch as two values, the buffer's address (!llvm.ptr) and its size in
 * bytes (i64), so that gpu-to-llvm hands mgpuLaunchKernel the parameter
 * array {&ptr0, &size0, &ptr1, &size1, ...} that the Vulkan runtime binds
 * in order (binding i = buffer i). Upstream's intersperse-sizes calling
 * convention does the same for statically shaped buffers only; this works
 * for any size. Runs after tile-vulkan-kernel-abi made every operand a
 * buffer, and after device codegen removed the kernels. */
#include "ir/builder.h"
#include "ir/ir.h"
#include "passes/pass.h"

#include "mlir-c/Dialect/LLVM.h"
#include "mlir-c/Dialect/MemRef.h"

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
  MlirAttribute sizes = tileOpGetAttr(launch, "operandSegmentSizes");
  int32_t seg[13] = {0};
  intptr_t numSegments = mlirDenseArrayGetNumElements(sizes);
  for (intptr_t i = 0; i < numSegments && i < 13; ++i)
    seg[i] = mlirDenseI32ArrayGetElement(sizes, i);
  intptr_t first = 0;
  for (int i = 0; i < 11; ++i)
    first += seg[i];
  TileBuilder b = tbBefore(launch);
  MlirValue operands[512];
  intptr_t n = 0;
  for (intptr_t i = 0; i < first; ++i)
    operands[n++] = mlirOperationGetOperand(launch, i);
  for (int32_t i = 0; i < seg[11] && n < 500; ++i) {
    MlirValue v = mlirOperationGetOperand(launch, first + i);
    if (!mlirTypeIsAMemRef(mlirValueGetType(v))) {
      tileEmitOpError(launch, "passes a kernel operand that is not a buffer; "
                              "run tile-vulkan-kernel-abi first");
      return false;
    }
    operands[n++] = address(&b, v);
    operands[n++] = byteSize(&b, v);
  }
  for (intptr_t i = first + seg[11]; i < mlirOperationGetNumOperands(launch);
       ++i)
    operands[n++] = mlirOperationGetOperand(launch, i);
  seg[11] *= 2;
  mlirOperationSetOperands(launch, n, operands);
  mlirOperationSetAttributeByName(
      launch, tileRef("operandSegmentSizes"),
      mlirDenseI32ArrayGet(b.ctx, numSegments, seg));
  return true;
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
    .numDependentDialects = 2,
    .run = run,
};
