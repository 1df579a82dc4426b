/* tile-cuda-extern-shared: declares each device module's dynamic shared
 * memory as PTX's extern shared array, aligned for TMA's swizzles. */
#include "ir/builder.h"
#include "ir/ir.h"
#include "passes/pass.h"

#include "support/strbuf.h"

#include "mlir-c/Dialect/LLVM.h"

#include <string.h>

/* The base of dynamic shared memory must be as aligned as the most aligned
 * tile placed in it (tile-cuda-dynamic-shared: 1024, for the 128-byte
 * swizzle of TMA and wgmma). */
enum { SharedAddressSpace = 3, DynamicSharedAlignment = 1024 };

/* convert-gpu-to-nvvm lowers gpu.dynamic_shared_memory to an internal
 * zero-length array in the shared address space. NVPTX prints an internal
 * one as a 1-byte *static* variable (".shared .align 16 .b8 x;"): it adds to
 * the static size, is only 16-byte aligned, and the driver places the real
 * dynamic region somewhere after it. Only an external declaration becomes
 * ".extern .shared .align N .b8 x[];", the dynamic region itself. */
static bool isDynamicShared(MlirOperation op) {
  if (!tileOpIs(op, "llvm.mlir.global"))
    return false;
  MlirAttribute space = tileOpGetAttr(op, "addr_space");
  MlirAttribute type = tileOpGetAttr(op, "global_type");
  if (mlirAttributeIsNull(space) || !mlirAttributeIsAInteger(space) ||
      mlirAttributeIsNull(type) ||
      mlirIntegerAttrGetValueInt(space) != SharedAddressSpace)
    return false;
  /* The C API has no array-size getter: the type's text says it. */
  TileStrBuf text = {0};
  bool empty = strncmp(tileTypeStr(&text, mlirTypeAttrGetValue(type)),
                       "!llvm.array<0 x ", strlen("!llvm.array<0 x ")) == 0;
  tileStrBufFree(&text);
  return empty;
}

static MlirWalkResult declareExtern(MlirOperation op, void *userData) {
  (void)userData;
  if (!isDynamicShared(op))
    return MlirWalkResultAdvance;
  MlirContext ctx = mlirOperationGetContext(op);
  mlirOperationSetAttributeByName(
      op, tileRef("linkage"),
      mlirLLVMLinkageAttrGet(ctx, MlirLLVMLinkageExternal));
  mlirOperationSetAttributeByName(
      op, tileRef("alignment"),
      mlirIntegerAttrGet(mlirIntegerTypeGet(ctx, 64), DynamicSharedAlignment));
  return MlirWalkResultSkip;
}

static void run(MlirOperation op, MlirExternalPass pass,
                const TileOptionValue *options) {
  (void)pass;
  (void)options;
  mlirOperationWalk(op, declareExtern, NULL, MlirWalkPreOrder);
}

const TilePassDescriptor tileCudaExternSharedPass = {
    .argument = "tile-cuda-extern-shared",
    .name = "TileCudaExternShared",
    .summary = "Declare dynamic shared memory as an external, 1024-byte "
               "aligned shared array (PTX .extern .shared)",
    .anchor = "gpu.module",
    .run = run,
};
