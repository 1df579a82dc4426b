/* tile-gpu-shared-bytes: records on each gpu.launch_func the static shared
 * memory of the kernel it launches, the bytes of the gpu.func's workgroup
 * attributions, as `tile.shared_bytes`: the artifact's kernel list reports
 * it (TileKernelInfo.sharedBytes). Later each target turns the attributions
 * into globals of its own kind (LLVM address space 3, SPIR-V Workgroup
 * variables) whose sizes are no longer at hand. It runs after
 * gpu-kernel-outlining, on the module that holds the launches and the
 * gpu.modules. */
#include "ir/builder.h"
#include "ir/ir.h"
#include "ir/launches.h"
#include "passes/pass.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#define SHARED_BYTES_ATTR "tile.shared_bytes"

/* The bytes of a static memref, or -1. */
static int64_t bytesOf(MlirType type) {
  if (!mlirTypeIsAMemRef(type) || !mlirShapedTypeHasStaticShape(type))
    return -1;
  MlirType element = mlirShapedTypeGetElementType(type);
  int64_t bits = -1;
  if (mlirTypeIsAInteger(element))
    bits = (int64_t)mlirIntegerTypeGetWidth(element);
  else if (mlirTypeIsAFloat(element))
    bits = (int64_t)mlirFloatTypeGetWidth(element);
  else if (mlirTypeIsAIndex(element))
    bits = 64;
  if (bits <= 0)
    return -1;
  const int64_t cap = (int64_t)1 << 62;
  int64_t bytes = (bits + 7) / 8;
  for (intptr_t d = 0; d < mlirShapedTypeGetRank(type); ++d) {
    int64_t size = mlirShapedTypeGetDimSize(type, d);
    bytes = size && bytes > cap / size ? cap : bytes * size;
  }
  return bytes;
}

/* The bytes of the workgroup attributions of a gpu.func, or -1 when one is
 * not a static memref of a sized element type. */
static int64_t workgroupBytes(MlirOperation func) {
  MlirAttribute count = tileOpGetAttr(func, "workgroup_attributions");
  MlirAttribute type = tileOpGetAttr(func, "function_type");
  MlirRegion body = mlirOperationGetRegion(func, 0);
  MlirBlock entry = mlirRegionGetFirstBlock(body);
  if (mlirAttributeIsNull(type) || !mlirAttributeIsAType(type) ||
      mlirBlockIsNull(entry))
    return -1;
  int64_t n = !mlirAttributeIsNull(count) && mlirAttributeIsAInteger(count)
                  ? mlirIntegerAttrGetValueInt(count)
                  : 0;
  intptr_t first = mlirFunctionTypeGetNumInputs(mlirTypeAttrGetValue(type));
  if (n < 0 || first + n > mlirBlockGetNumArguments(entry))
    return -1;
  int64_t total = 0;
  for (intptr_t i = first; i < first + n; ++i) {
    int64_t bytes = bytesOf(mlirValueGetType(mlirBlockGetArgument(entry, i)));
    if (bytes < 0)
      return -1;
    total += bytes;
  }
  return total;
}

static void record(MlirOperation gpuModule, const TileLaunches *launches) {
  MlirStringRef module =
      mlirStringAttrGetValue(tileOpGetAttr(gpuModule, "sym_name"));
  MlirBlock body =
      mlirRegionGetFirstBlock(mlirOperationGetRegion(gpuModule, 0));
  for (MlirOperation f = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(f); f = mlirOperationGetNextInBlock(f)) {
    MlirAttribute name = tileOpGetAttr(f, "sym_name");
    if (!tileOpIs(f, "gpu.func") || mlirAttributeIsNull(name))
      continue;
    int64_t bytes = workgroupBytes(f);
    size_t first;
    size_t n =
        tileLaunchesOf(launches, module, mlirStringAttrGetValue(name), &first);
    if (bytes < 0 || n == 0)
      continue;
    TileBuilder b = tbBefore(f);
    for (size_t i = first; i < first + n; ++i)
      mlirOperationSetDiscardableAttributeByName(launches->launches[i].op,
                                                 tileRef(SHARED_BYTES_ATTR),
                                                 tbI64Attr(&b, bytes));
  }
}

static void run(MlirOperation op, MlirExternalPass pass,
                const TileOptionValue *options) {
  (void)pass;
  (void)options;
  TileLaunches launches;
  tileLaunchesCollect(op, &launches);
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0));
  for (MlirOperation o = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(o); o = mlirOperationGetNextInBlock(o))
    if (tileOpIs(o, "gpu.module"))
      record(o, &launches);
  tileLaunchesFree(&launches);
}

const TilePassDescriptor tileGpuSharedBytesPass = {
    .argument = "tile-gpu-shared-bytes",
    .name = "TileGpuSharedBytes",
    .summary = "Record on each gpu.launch_func the static shared memory of "
               "its kernel (tile.shared_bytes)",
    .anchor = "builtin.module",
    .run = run,
};
