/* Atomic additions of f32 values (tile.atomic_add into f32 buffers) as
 * OpAtomicFAddEXT (SPV_EXT_shader_atomic_float_add), in two steps around
 * convert-gpu-to-spirv, which has no pattern for a float memref.atomic_rmw
 * and converts the memref an access goes through only inside itself:
 *
 *   - tile-vulkan-mark-float-atomics, on the gpu.module just before it:
 *     drops the nontemporal hint of every load and store (Vulkan has no
 *     use for it), then makes each `memref.atomic_rmw addf` of f32 whose
 *     old value is not used a store of the addend marked nontemporal. The
 *     conversion gives that store the pointer of the element, and keeps
 *     the mark as the Nontemporal memory access of its spirv.Store.
 *   - tile-vulkan-float-atomics, on the spirv.module before
 *     spirv-update-vce: each spirv.Store marked Nontemporal becomes
 *     spirv.EXT.AtomicFAdd on the same pointer and value, at the scope of
 *     its storage class (Device for buffers, Workgroup for shared tiles)
 *     and with the semantics the conversion gives integer atomics; stores
 *     through other pointers are left. spirv-update-vce then declares the
 *     capability (AtomicFloat32AddEXT) and the extension.
 *
 * tile-vulkan-memory-spaces refused the float atomics these do not take
 * (other kinds, other types, an old value that is used), at the op. */
#include "ir/builder.h"
#include "ir/ir.h"
#include "passes/pass.h"
#include "support/count.h"
#include "support/strbuf.h"
#include "vulkan/vulkan.h"

#include "mlir-c/Dialect/MemRef.h"
#include "mlir-c/Dialect/SPIRV.h"

#include <string.h>

static const char nontemporal[] = "nontemporal";

bool tileVulkanIsFloatAtomicAdd(MlirOperation op) {
  if (!tileOpIs(op, "memref.atomic_rmw"))
    return false;
  const char *kind = tileAtomicKindName(op);
  MlirValue result = mlirOperationGetResult(op, 0);
  return kind && strcmp(kind, "addf") == 0 &&
         mlirTypeIsAF32(mlirValueGetType(result)) &&
         mlirOpOperandIsNull(mlirValueGetFirstUse(result)) &&
         mlirOperationGetNumOperands(op) <= TILE_MAX_RANK + 2;
}

static MlirWalkResult mark(MlirOperation op, void *userData) {
  TileOpList *atomics = userData;
  if (tileOpIs(op, "memref.load") || tileOpIs(op, "memref.store") ||
      tileOpIs(op, "vector.load") || tileOpIs(op, "vector.store"))
    mlirOperationRemoveAttributeByName(op, tileRef(nontemporal));
  else if (tileVulkanIsFloatAtomicAdd(op))
    tileOpListAppend(atomics, op);
  return MlirWalkResultAdvance;
}

/* atomic_rmw addf %value, %memref[%indices] -> memref.store %value,
 * %memref[%indices] {nontemporal = true}: the operands are the same. */
static void runMark(MlirOperation root, MlirExternalPass pass,
                    const TileOptionValue *options) {
  (void)pass;
  (void)options;
  TileOpList atomics = {0};
  mlirOperationWalk(root, mark, &atomics, MlirWalkPreOrder);
  for (size_t i = 0; i < atomics.count; ++i) {
    MlirOperation op = atomics.ops[i];
    TileBuilder b = tbBefore(op);
    intptr_t n = mlirOperationGetNumOperands(op);
    MlirValue operands[TILE_MAX_RANK + 2]; /* value, memref, indices */
    for (intptr_t k = 0; k < n; ++k)
      operands[k] = mlirOperationGetOperand(op, k);
    MlirNamedAttribute attr = tbNamed(&b, nontemporal, tbBoolAttr(&b, true));
    tbCreate(&b, "memref.store", n, operands, 0, NULL, 1, &attr);
    mlirOperationDestroy(op);
  }
  tileOpListFree(&atomics);
}

static const TileDialectHandleGetter markDialects[] = {
    mlirGetDialectHandle__memref__,
};

const TilePassDescriptor tileVulkanMarkFloatAtomicsPass = {
    .argument = "tile-vulkan-mark-float-atomics",
    .name = "TileVulkanMarkFloatAtomics",
    .summary = "Drop the nontemporal hints of loads and stores and make each "
               "f32 memref.atomic_rmw addf whose old value is unused a "
               "store marked nontemporal, which tile-vulkan-float-atomics "
               "makes an atomic addition once convert-gpu-to-spirv has run",
    .anchor = "gpu.module",
    .dependentDialects = markDialects,
    .numDependentDialects = TILE_COUNT(markDialects),
    .run = runMark,
};

/* The scope of an atomic through `pointer`: its workgroup for shared
 * memory, the device for buffers; NULL for other storage classes. */
static const char *scopeOf(MlirValue pointer) {
  TileStrBuf text = TILE_STRBUF_INIT;
  tileAppendType(&text, mlirValueGetType(pointer));
  const char *type = tileStrBufGet(&text);
  const char *scope = strstr(type, ", Workgroup>")       ? "Workgroup"
                      : strstr(type, ", StorageBuffer>") ? "Device"
                                                         : NULL;
  tileStrBufFree(&text);
  return scope;
}

/* Whether spirv.Store `op` of an f32 value carries the Nontemporal memory
 * access (its pointer is checked by scopeOf). */
static bool isMarked(MlirOperation op) {
  if (!tileOpIs(op, "spirv.Store") || mlirOperationGetNumOperands(op) != 2 ||
      !mlirTypeIsAF32(mlirValueGetType(mlirOperationGetOperand(op, 1))))
    return false;
  MlirAttribute access = tileOpGetAttr(op, "memory_access");
  if (mlirAttributeIsNull(access))
    return false;
  TileStrBuf text = TILE_STRBUF_INIT;
  tileAppendAttr(&text, access);
  bool marked = strstr(tileStrBufGet(&text), "Nontemporal") != NULL;
  tileStrBufFree(&text);
  return marked;
}

static MlirWalkResult collectMarked(MlirOperation op, void *userData) {
  if (isMarked(op))
    tileOpListAppend(userData, op);
  return MlirWalkResultAdvance;
}

static void runLower(MlirOperation root, MlirExternalPass pass,
                     const TileOptionValue *options) {
  (void)pass;
  (void)options;
  TileOpList stores = {0};
  mlirOperationWalk(root, collectMarked, &stores, MlirWalkPreOrder);
  for (size_t i = 0; i < stores.count; ++i) {
    MlirOperation store = stores.ops[i];
    MlirValue operands[] = {mlirOperationGetOperand(store, 0),
                            mlirOperationGetOperand(store, 1)};
    const char *scopeName = scopeOf(operands[0]);
    if (!scopeName)
      continue;
    TileBuilder b = tbBefore(store);
    MlirType type = mlirValueGetType(operands[1]);
    TileStrBuf text = TILE_STRBUF_INIT;
    tileStrBufPrintf(&text, "#spirv.scope<%s>", scopeName);
    MlirAttribute scope = tbParseAttr(&b, tileStrBufGet(&text));
    tileStrBufFree(&text);
    MlirNamedAttribute attrs[] = {
        tbNamed(&b, "memory_scope", scope),
        tbNamed(&b, "semantics",
                tbParseAttr(&b, "#spirv.memory_semantics<AcquireRelease>")),
    };
    tbCreate(&b, "spirv.EXT.AtomicFAdd", 2, operands, 1, &type, 2, attrs);
    mlirOperationDestroy(store);
  }
  tileOpListFree(&stores);
}

static const TileDialectHandleGetter lowerDialects[] = {
    mlirGetDialectHandle__spirv__,
};

const TilePassDescriptor tileVulkanFloatAtomicsPass = {
    .argument = "tile-vulkan-float-atomics",
    .name = "TileVulkanFloatAtomics",
    .summary = "Make each spirv.Store that tile-vulkan-mark-float-atomics "
               "marked (Nontemporal) an atomic addition of f32 values "
               "(spirv.EXT.AtomicFAdd)",
    .anchor = "spirv.module",
    .dependentDialects = lowerDialects,
    .numDependentDialects = TILE_COUNT(lowerDialects),
    .run = runLower,
};
