/* Calls from the host code of vulkan launches into libtile_rt_vulkan:
 * what a launch must know beyond the mgpu* ABI (an index value the kernel
 * cannot take, the subgroup size a kernel was compiled for, the widest
 * group its shuffles read from) is told just before it, on the same
 * thread. */
#include "vulkan/vulkan.h"

#include "gpu/simt.h"
#include "ir/ir.h"

/* The top-level module holding `op`. */
static MlirOperation topModule(MlirOperation op) {
  for (MlirOperation parent = mlirOperationGetParentOperation(op);
       !mlirOperationIsNull(parent);
       parent = mlirOperationGetParentOperation(op))
    op = parent;
  return op;
}

/* Whether `op` is the symbol `name`. */
static bool isSymbol(MlirOperation op, const char *name) {
  MlirAttribute symbol = mlirOperationIsNull(op)
                             ? (MlirAttribute){NULL}
                             : tileOpGetAttr(op, "sym_name");
  return !mlirAttributeIsNull(symbol) && mlirAttributeIsAString(symbol) &&
         tileStrRefEquals(mlirStringAttrGetValue(symbol), name);
}

/* The declaration `decl` of `name`, once, first in the module: an LLVM
 * function, which the host pipeline's llvm-request-c-wrappers leaves under
 * its C name. */
static void declare(MlirOperation launch, const char *name, const char *decl) {
  MlirOperation module = topModule(launch);
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
  /* Declared by an earlier call, first in the module: found without
   * building a symbol table for every call of every launch. */
  if (isSymbol(mlirBlockGetFirstOperation(body), name))
    return;
  MlirSymbolTable table = mlirSymbolTableCreate(module);
  bool declared = !mlirOperationIsNull(
      mlirSymbolTableLookup(table, mlirStringRefCreateFromCString(name)));
  mlirSymbolTableDestroy(table);
  if (declared)
    return;
  MlirOperation op = mlirOperationCreateParse(
      mlirOperationGetContext(module), mlirStringRefCreateFromCString(decl),
      mlirStringRefCreateFromCString("tile-vulkan-kernel-abi"));
  mlirBlockInsertOwnedOperation(body, 0, op);
}

void tileVulkanCallRuntime(TileBuilder *b, MlirOperation launch,
                           const char *name, const char *decl, intptr_t n,
                           const MlirValue *args) {
  declare(launch, name, decl);
  MlirNamedAttribute attrs[] = {
      tbNamed(b, "callee",
              mlirFlatSymbolRefAttrGet(b->ctx,
                                       mlirStringRefCreateFromCString(name))),
      tbNamed(
          b, "operandSegmentSizes",
          mlirDenseI32ArrayGet(b->ctx, 2, (const int32_t[]){(int32_t)n, 0})),
      tbNamed(b, "op_bundle_sizes", mlirDenseI32ArrayGet(b->ctx, 0, NULL)),
  };
  tbCreate(b, "llvm.call", n, args, 0, NULL, 3, attrs);
}

/* The subgroup size tile-gpu-lower numbered `kernel`'s threads by (on its
 * lane id), or 0. */
static MlirWalkResult findSubgroup(MlirOperation op, void *userData) {
  int64_t *size = userData;
  MlirAttribute attr = tileOpIs(op, "gpu.lane_id")
                           ? tileOpGetAttr(op, "tile.subgroup_size")
                           : (MlirAttribute){NULL};
  if (mlirAttributeIsNull(attr) || !mlirAttributeIsAInteger(attr))
    return MlirWalkResultAdvance;
  *size = mlirIntegerAttrGetValueInt(attr);
  return MlirWalkResultInterrupt;
}

int64_t tileVulkanKernelSubgroupSize(MlirOperation kernel) {
  int64_t size = 0;
  mlirOperationWalk(kernel, findSubgroup, &size, MlirWalkPreOrder);
  return size;
}

void tileVulkanTellSubgroupSize(TileBuilder *b, MlirOperation launch,
                                int64_t size) {
  MlirValue arg = tbConstInt(b, tbI32(b), size);
  tileVulkanCallRuntime(b, launch, "tileRtVulkanSubgroupSize",
                        "llvm.func @tileRtVulkanSubgroupSize(i32)", 1, &arg);
}

static MlirWalkResult widestShuffle(MlirOperation op, void *userData) {
  int64_t *lanes = userData, width = 0;
  if (tileOpIs(op, "gpu.shuffle") &&
      mlirAttributeIsNull(tileOpGetAttr(op, TILE_GPU_GUARDED_SHUFFLE_ATTR)) &&
      tileConstantInt(mlirOperationGetOperand(op, 2), &width) && width > *lanes)
    *lanes = width;
  return MlirWalkResultAdvance;
}

int64_t tileVulkanKernelShuffleLanes(MlirOperation kernel) {
  int64_t lanes = 0;
  mlirOperationWalk(kernel, widestShuffle, &lanes, MlirWalkPreOrder);
  return lanes;
}

void tileVulkanTellShuffleLanes(TileBuilder *b, MlirOperation launch,
                                int64_t lanes) {
  MlirValue arg = tbConstInt(b, tbI32(b), lanes);
  tileVulkanCallRuntime(b, launch, "tileRtVulkanMinSubgroupSize",
                        "llvm.func @tileRtVulkanMinSubgroupSize(i32)", 1, &arg);
}
