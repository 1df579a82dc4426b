/* tile-merge-gpu-modules: moves the kernels of every gpu.module into the
 * first one, so that a compilation has one device module (one PTX text, one
 * cubin, one code object). Linear in the number of kernels (up to a log):
 * names are looked up in the first module's symbol table and each kernel's
 * launches in a sorted index. */
#include "ir/builder.h"
#include "ir/ir.h"
#include "ir/launches.h"
#include "passes/pass.h"

static MlirStringRef nameOf(MlirOperation op) {
  return mlirStringAttrGetValue(tileOpGetAttr(op, "sym_name"));
}

/* Moves the ops of the gpu.module `from` to the end of `into`, whose symbol
 * table is `table`. Outlining names each module after its kernel, uniquely:
 * a kernel whose name is taken takes its module's name (and the symbol table
 * makes that unique too, should it be taken as well). */
static void moveKernels(MlirOperation from, MlirOperation into,
                        MlirSymbolTable table, const TileLaunches *launches) {
  MlirContext ctx = mlirOperationGetContext(from);
  MlirStringRef module = nameOf(from);
  MlirBlock intoBody = mlirRegionGetFirstBlock(mlirOperationGetRegion(into, 0));
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(from, 0));
  for (MlirOperation o = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(o);) {
    MlirOperation next = mlirOperationGetNextInBlock(o);
    mlirOperationRemoveFromParent(o);
    if (mlirAttributeIsNull(tileOpGetAttr(o, "sym_name"))) {
      mlirBlockAppendOwnedOperation(intoBody, o);
      o = next;
      continue;
    }
    MlirStringRef name = nameOf(o);
    if (!mlirOperationIsNull(mlirSymbolTableLookup(table, name)))
      mlirOperationSetAttributeByName(o, tileRef("sym_name"),
                                      mlirStringAttrGet(ctx, module));
    /* Inserting appends `o` to `into`'s body. */
    MlirAttribute final = mlirSymbolTableInsert(table, o);
    tileLaunchesRetarget(launches, module, name, nameOf(into),
                         mlirStringAttrGetValue(final));
    o = next;
  }
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
  if (m.count >= 2) {
    TileLaunches launches;
    tileLaunchesCollect(op, &launches);
    MlirSymbolTable table = mlirSymbolTableCreate(m.ops[0]);
    for (size_t i = 1; i < m.count; ++i) {
      moveKernels(m.ops[i], m.ops[0], table, &launches);
      mlirOperationDestroy(m.ops[i]);
    }
    mlirSymbolTableDestroy(table);
    tileLaunchesFree(&launches);
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
