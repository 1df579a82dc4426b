/* tile-cuda-launch-shared: once kernels are launches, every gpu.launch gets
 * the dynamic shared memory its kernel uses: the size tile-cuda-dynamic-shared
 * stamped on the kernel's gpu.dynamic_shared_memory ops. */
#include "cuda/cuda.h"
#include "ir/builder.h"
#include "ir/ir.h"
#include "passes/pass.h"

static MlirWalkResult findBytes(MlirOperation op, void *userData) {
  int64_t *bytes = userData;
  if (!tileOpIs(op, "gpu.dynamic_shared_memory"))
    return MlirWalkResultAdvance;
  MlirAttribute attr = tileOpGetAttr(op, TILE_CUDA_DYNAMIC_SHARED_BYTES);
  if (!mlirAttributeIsNull(attr) && mlirIntegerAttrGetValueInt(attr) > *bytes)
    *bytes = mlirIntegerAttrGetValueInt(attr);
  return MlirWalkResultAdvance;
}

/* gpu.launch operand groups: async deps, grid x/y/z, block x/y/z, cluster
 * x/y/z, dynamic shared memory size. */
enum { LaunchSegments = 11, DynamicSharedSegment = 10 };

static void sizeLaunch(MlirOperation launch) {
  int64_t bytes = 0;
  mlirOperationWalk(launch, findBytes, &bytes, MlirWalkPreOrder);
  MlirAttribute segments = tileOpGetAttr(launch, "operandSegmentSizes");
  if (bytes == 0 || mlirAttributeIsNull(segments) ||
      mlirDenseArrayGetNumElements(segments) != LaunchSegments ||
      mlirDenseI32ArrayGetElement(segments, DynamicSharedSegment) != 0)
    return;
  TileBuilder b = tbBefore(launch);
  intptr_t n = mlirOperationGetNumOperands(launch);
  MlirValue operands[32];
  if (n >= 32)
    return;
  for (intptr_t i = 0; i < n; ++i)
    operands[i] = mlirOperationGetOperand(launch, i);
  operands[n] = tbConstInt(&b, tbI32(&b), bytes);
  int32_t sizes[LaunchSegments];
  for (int i = 0; i < LaunchSegments; ++i)
    sizes[i] = mlirDenseI32ArrayGetElement(segments, i);
  sizes[DynamicSharedSegment] = 1;
  mlirOperationSetOperands(launch, n + 1, operands);
  mlirOperationSetAttributeByName(
      launch, tileRef("operandSegmentSizes"),
      mlirDenseI32ArrayGet(b.ctx, LaunchSegments, sizes));
}

static MlirWalkResult sizeLaunches(MlirOperation op, void *userData) {
  (void)userData;
  if (tileOpIs(op, "gpu.launch"))
    sizeLaunch(op);
  return MlirWalkResultAdvance;
}

static void runSize(MlirOperation op, MlirExternalPass pass,
                    const TileOptionValue *options) {
  (void)pass;
  (void)options;
  mlirOperationWalk(op, sizeLaunches, NULL, MlirWalkPreOrder);
}

const TilePassDescriptor tileCudaLaunchSharedPass = {
    .argument = "tile-cuda-launch-shared",
    .name = "TileCudaLaunchShared",
    .summary = "Give every gpu.launch the dynamic shared memory its kernel "
               "uses",
    .anchor = "func.func",
    .run = runSize,
};
