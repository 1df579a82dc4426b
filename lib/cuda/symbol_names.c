/* tile-cuda-symbol-names: every symbol of the device module gets a name
 * that PTX accepts. MLIR names may hold any character (@"vector-add.v2"),
 * and outlining names each kernel after its function: NVPTX aborted on a
 * '-' or '.' in a kernel's name ("Symbol name with unsupported
 * characters") and ptxas refused one that starts with a digit. A PTX
 * identifier is a letter, '_' or '$' followed by letters, digits, '_' and
 * '$' (at least one of them after '_' or '$'). Other characters become
 * '_', a name that does not start well gets a '_' in front, and a name
 * already taken gets a number behind; uses in the module and the host's
 * launches follow. */
#include "ir/ir.h"
#include "ir/launches.h"
#include "passes/pass.h"
#include "support/strbuf.h"

#include <ctype.h>
#include <string.h>

static bool isPtxChar(char c) {
  return isalnum((unsigned char)c) || c == '_' || c == '$';
}

static bool isPtxName(MlirStringRef s) {
  if (!s.length || isdigit((unsigned char)s.data[0]))
    return false;
  for (size_t i = 0; i < s.length; ++i)
    if (!isPtxChar(s.data[i]))
      return false;
  return isalpha((unsigned char)s.data[0]) || s.length > 1;
}

static MlirStringRef nameOf(MlirOperation op) {
  return mlirStringAttrGetValue(tileOpGetAttr(op, "sym_name"));
}

static bool taken(MlirSymbolTable table, const TileOpList *renamed,
                  MlirStringRef name) {
  if (!mlirOperationIsNull(mlirSymbolTableLookup(table, name)))
    return true;
  /* The table still knows renamed symbols by their old names. */
  for (size_t i = 0; i < renamed->count; ++i)
    if (mlirStringRefEqual(nameOf(renamed->ops[i]), name))
      return true;
  return false;
}

/* A PTX name for `old` that no symbol of the module has. */
static void ptxName(MlirStringRef old, MlirSymbolTable table,
                    const TileOpList *renamed, TileStrBuf *out) {
  TileStrBuf base = TILE_STRBUF_INIT;
  if (!old.length || !isalpha((unsigned char)old.data[0]))
    tileStrBufAppendStr(&base, "_");
  for (size_t i = 0; i < old.length; ++i)
    tileStrBufAppend(&base, isPtxChar(old.data[i]) ? &old.data[i] : "_", 1);
  if (base.size == 1)
    tileStrBufAppendStr(&base, "_");
  tileStrBufAppendStr(out, tileStrBufGet(&base));
  for (unsigned n = 1; taken(table, renamed, tileRef(tileStrBufGet(out)));
       ++n) {
    tileStrBufClear(out);
    tileStrBufPrintf(out, "%s_%u", tileStrBufGet(&base), n);
  }
  tileStrBufFree(&base);
}

static void renameSymbols(MlirOperation module, const TileLaunches *launches) {
  MlirContext ctx = mlirOperationGetContext(module);
  MlirStringRef moduleName = nameOf(module);
  MlirSymbolTable table = mlirSymbolTableCreate(module);
  TileOpList renamed = {0};
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
  for (MlirOperation op = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op)) {
    MlirAttribute symbol = tileOpGetAttr(op, "sym_name");
    if (mlirAttributeIsNull(symbol) || !mlirAttributeIsAString(symbol) ||
        isPtxName(mlirStringAttrGetValue(symbol)))
      continue;
    /* The old name is the context's, so it outlives the attribute. */
    MlirStringRef old = mlirStringAttrGetValue(symbol);
    TileStrBuf name = TILE_STRBUF_INIT;
    ptxName(old, table, &renamed, &name);
    MlirStringRef now = tileRef(tileStrBufGet(&name));
    mlirSymbolTableReplaceAllSymbolUses(old, now, module);
    mlirOperationSetAttributeByName(op, tileRef("sym_name"),
                                    mlirStringAttrGet(ctx, now));
    tileLaunchesRetarget(launches, moduleName, old, moduleName, nameOf(op));
    tileOpListAppend(&renamed, op);
    tileStrBufFree(&name);
  }
  tileOpListFree(&renamed);
  mlirSymbolTableDestroy(table);
}

static void run(MlirOperation op, MlirExternalPass pass,
                const TileOptionValue *options) {
  (void)pass;
  (void)options;
  tileForEachGpuModule(op, renameSymbols);
}

const TilePassDescriptor tileCudaSymbolNamesPass = {
    .argument = "tile-cuda-symbol-names",
    .name = "TileCudaSymbolNames",
    .summary = "Give every symbol of the device module a name that PTX "
               "accepts (letters, digits, '_' and '$', not first a digit)",
    .anchor = "builtin.module",
    .run = run,
};
