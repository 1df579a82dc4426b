/* tile-merge-gpu-modules: moves the kernels of every gpu.module into the
 * first one, so that a compilation has one device module (one PTX text, one
 * cubin, one code object). */
#include "ir/builder.h"
#include "ir/ir.h"
#include "passes/pass.h"

#include "support/strbuf.h"

#include <string.h>

static MlirStringRef nameOf(MlirOperation op) {
  return mlirStringAttrGetValue(tileOpGetAttr(op, "sym_name"));
}

/* Launches of @from::@name now launch @into::@renamed. */
typedef struct {
  MlirStringRef from, name;
  MlirAttribute into, renamed;
} Retarget;

static MlirWalkResult retarget(MlirOperation op, void *userData) {
  Retarget *r = userData;
  if (!tileOpIs(op, "gpu.launch_func"))
    return MlirWalkResultAdvance;
  MlirAttribute kernel = tileOpGetAttr(op, "kernel");
  MlirAttribute leaf = mlirSymbolRefAttrGetNestedReference(kernel, 0);
  if (!mlirStringRefEqual(mlirSymbolRefAttrGetRootReference(kernel), r->from) ||
      !mlirStringRefEqual(mlirFlatSymbolRefAttrGetValue(leaf), r->name))
    return MlirWalkResultAdvance;
  leaf = r->renamed;
  MlirAttribute updated = mlirSymbolRefAttrGet(
      mlirOperationGetContext(op), mlirFlatSymbolRefAttrGetValue(r->into), 1,
      &leaf);
  mlirOperationSetAttributeByName(op, tileRef("kernel"), updated);
  return MlirWalkResultAdvance;
}

static void run(MlirOperation op, MlirExternalPass pass,
                const TileOptionValue *options) {
  (void)pass;
  (void)options;
  TileOpList m = {0};
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0));
  for (MlirOperation o = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(o); o = mlirOperationGetNextInBlock(o))
    if (tileOpIs(o, "gpu.module"))
      tileOpListAppend(&m, o);
  if (m.count < 2) {
    tileOpListFree(&m);
    return;
  }
  MlirOperation into = m.ops[0];
  MlirBlock intoBody = mlirRegionGetFirstBlock(mlirOperationGetRegion(into, 0));
  MlirAttribute intoRef = mlirFlatSymbolRefAttrGet(mlirOperationGetContext(op),
                                                   nameOf(into));
  for (size_t i = 1; i < m.count; ++i) {
    MlirBlock from =
        mlirRegionGetFirstBlock(mlirOperationGetRegion(m.ops[i], 0));
    MlirStringRef moduleName = nameOf(m.ops[i]);
    for (MlirOperation o = mlirBlockGetFirstOperation(from);
         !mlirOperationIsNull(o);) {
      MlirOperation next = mlirOperationGetNextInBlock(o);
      MlirStringRef name = nameOf(o);
      bool clashes = false;
      for (MlirOperation e = mlirBlockGetFirstOperation(intoBody);
           !mlirOperationIsNull(e); e = mlirOperationGetNextInBlock(e))
        clashes |= !mlirAttributeIsNull(tileOpGetAttr(e, "sym_name")) &&
                   mlirStringRefEqual(nameOf(e), name);
      /* Outlining names each module after its kernel, uniquely: a kernel
       * whose name is taken takes its module's name. */
      Retarget r = {moduleName, name, intoRef,
                    mlirFlatSymbolRefAttrGet(mlirOperationGetContext(op),
                                             clashes ? moduleName : name)};
      mlirOperationWalk(op, retarget, &r, MlirWalkPreOrder);
      if (clashes)
        mlirOperationSetAttributeByName(
            o, tileRef("sym_name"),
            mlirStringAttrGet(mlirOperationGetContext(op), moduleName));
      mlirOperationRemoveFromParent(o);
      mlirBlockAppendOwnedOperation(intoBody, o);
      o = next;
    }
    mlirOperationDestroy(m.ops[i]);
  }
  tileOpListFree(&m);
}

const TilePassDescriptor tileMergeGpuModulesPass = {
    .argument = "tile-merge-gpu-modules",
    .name = "TileMergeGpuModules",
    .summary = "Move every kernel into one gpu.module, so that a compilation "
               "produces one device module",
    .anchor = "builtin.module",
    .run = run,
};
