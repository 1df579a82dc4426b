/* tile-gpu-drop-c-wrappers: convert-gpu-to-nvvm (and -rocdl) asks for a C
 * interface for every func.func of a gpu.module, so each device function
 * (a helper the kernels call, or one tile-gpu-outline-ops made) gets an
 * externally visible `_mlir_ciface_` twin in the PTX that nothing on the
 * device can call and the host cannot reach. They doubled the code LLVM
 * compiles for a kernel split by tile-gpu-outline-ops. This pass erases
 * the ones nothing refers to. */
#include "ir/ir.h"
#include "passes/pass.h"
#include "support/alloc.h"
#include "support/count.h"

#include <stdlib.h>
#include <string.h>

static const char Prefix[] = "_mlir_ciface_";

static bool isCWrapper(MlirOperation op) {
  if (!tileOpIs(op, "llvm.func"))
    return false;
  MlirAttribute name = mlirOperationGetAttributeByName(op, tileRef("sym_name"));
  if (mlirAttributeIsNull(name) || !mlirAttributeIsAString(name))
    return false;
  MlirStringRef s = mlirStringAttrGetValue(name);
  return s.length > sizeof(Prefix) - 1 &&
         strncmp(s.data, Prefix, sizeof(Prefix) - 1) == 0 &&
         !mlirAttributeIsNull(mlirOperationGetAttributeByName(
             op, tileRef("llvm.emit_c_interface")));
}

typedef struct {
  TileOpList wrappers;
  bool *used;
} Uses;

/* Marks the wrappers `op` refers to by name (a call, an address taken). */
static MlirWalkResult markUses(MlirOperation op, void *userData) {
  Uses *u = userData;
  static const char *const refs[] = {"callee", "global_name"};
  for (size_t r = 0; r < TILE_COUNT(refs); ++r) {
    MlirAttribute ref = mlirOperationGetAttributeByName(op, tileRef(refs[r]));
    if (mlirAttributeIsNull(ref) || !mlirAttributeIsAFlatSymbolRef(ref))
      continue;
    MlirStringRef name = mlirFlatSymbolRefAttrGetValue(ref);
    for (size_t i = 0; i < u->wrappers.count; ++i)
      if (mlirStringRefEqual(
              name, mlirStringAttrGetValue(mlirOperationGetAttributeByName(
                        u->wrappers.ops[i], tileRef("sym_name")))))
        u->used[i] = true;
  }
  return MlirWalkResultAdvance;
}

static void run(MlirOperation module, MlirExternalPass pass,
                const TileOptionValue *options) {
  (void)pass;
  (void)options;
  Uses u = {{0}, NULL};
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
  for (MlirOperation op = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op))
    if (isCWrapper(op))
      tileOpListAppend(&u.wrappers, op);
  if (u.wrappers.count == 0)
    return;
  /* A function of the input may carry the prefix itself: keep what is
   * referred to. */
  u.used = tileCallocArray(u.wrappers.count, sizeof(bool));
  mlirOperationWalk(module, markUses, &u, MlirWalkPreOrder);
  for (size_t i = 0; i < u.wrappers.count; ++i)
    if (!u.used[i])
      mlirOperationDestroy(u.wrappers.ops[i]);
  free(u.used);
  tileOpListFree(&u.wrappers);
}

const TilePassDescriptor tileGpuDropCWrappersPass = {
    .argument = "tile-gpu-drop-c-wrappers",
    .name = "TileGpuDropCWrappers",
    .summary = "Erase the _mlir_ciface_ wrappers that the GPU-to-LLVM "
               "conversions make for the device functions of a gpu.module "
               "(nothing on the device calls them)",
    .anchor = "gpu.module",
    .run = run,
};
