/* tile-gpu-shared-bytes: records on each gpu.launch_func the static shared
 * memory of the kernel it launches, the bytes of the gpu.func's workgroup
 * attributions, as `tile.shared_bytes`: the artifact's kernel list reports
 * it (TileKernelInfo.sharedBytes). Later each target turns the attributions
 * into globals of its own kind (LLVM address space 3, SPIR-V Workgroup
 * variables) whose sizes are no longer at hand. It runs after
 * gpu-kernel-outlining, on the module that holds the launches and the
 * gpu.modules. */
#include "gpu/limits.h"
#include "ir/builder.h"
#include "ir/ir.h"
#include "ir/launches.h"
#include "passes/pass.h"

#define SHARED_BYTES_ATTR "tile.shared_bytes"

/* The bytes of the workgroup attributions of a gpu.func (at most 2^62), or
 * -1 when one is not a static memref. */
static int64_t workgroupBytes(MlirOperation func) {
  MlirAttribute count = tileOpGetAttr(func, "workgroup_attributions");
  MlirAttribute type = tileOpGetAttr(func, "function_type");
  MlirRegion body = mlirOperationGetRegion(func, 0);
  MlirBlock entry = mlirRegionGetFirstBlock(body);
  if (mlirAttributeIsNull(type) || !mlirAttributeIsAType(type) ||
      !mlirTypeIsAFunction(mlirTypeAttrGetValue(type)) ||
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
    int64_t bytes =
        tileGpuStaticBytes(mlirValueGetType(mlirBlockGetArgument(entry, i)));
    if (bytes < 0)
      return -1;
    total = tileGpuAddBytes(total, bytes);
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
  tileForEachGpuModule(op, record);
}

const TilePassDescriptor tileGpuSharedBytesPass = {
    .argument = "tile-gpu-shared-bytes",
    .name = "TileGpuSharedBytes",
    .summary = "Record on each gpu.launch_func the static shared memory of "
               "its kernel (tile.shared_bytes)",
    .anchor = "builtin.module",
    .run = run,
};
