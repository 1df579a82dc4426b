/* The cpu host functions are compiled for, as attributes of each llvm.func
 * (target_cpu, target_features). LLVM compiles every function for its own
 * attributes, whatever machine its code generator was created for: that is
 * how code for a chip comes out of MLIR's ExecutionEngine, which always
 * creates it for the machine it runs on, and out of an object compiled on
 * another machine. */
#include "backend/backend.h"

#include "ir/ir.h"

#include "mlir-c/BuiltinAttributes.h"

#include "llvm-c/Core.h"
#include "llvm-c/TargetMachine.h"

#include <string.h>

/* #llvm.target_features<["+a", "-b", ...]> of a comma-separated list. */
static MlirAttribute featuresAttr(MlirContext ctx, const char *list) {
  TileStrBuf text = TILE_STRBUF_INIT;
  tileStrBufAppendStr(&text, "#llvm.target_features<[");
  bool first = true;
  for (const char *p = list; p && *p;) {
    const char *comma = strchr(p, ',');
    size_t n = comma ? (size_t)(comma - p) : strlen(p);
    if (n)
      tileStrBufPrintf(&text, "%s\"%.*s\"", first ? "" : ", ", (int)n, p);
    first &= n == 0;
    p = comma ? comma + 1 : NULL;
  }
  tileStrBufAppendStr(&text, "]>");
  MlirAttribute attr =
      mlirAttributeParseGet(ctx, mlirStringRefCreate(text.data, text.size));
  tileStrBufFree(&text);
  return attr;
}

static bool startsWith(MlirStringRef s, const char *prefix) {
  size_t n = strlen(prefix);
  return s.length >= n && strncmp(s.data, prefix, n) == 0;
}

/* Stamps every defined llvm.func at the top of `module` that has no cpu
 * yet. */
static void stamp(MlirOperation module, MlirAttribute cpu,
                  MlirAttribute features) {
  MlirContext ctx = mlirOperationGetContext(module);
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
  for (MlirOperation op = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op)) {
    if (!tileOpIs(op, "llvm.func") ||
        mlirBlockIsNull(
            mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0))) ||
        !mlirAttributeIsNull(tileOpGetAttr(op, "target_cpu")))
      continue;
    mlirOperationSetAttributeByName(op, tileRef("target_cpu"), cpu);
    mlirOperationSetAttributeByName(op, tileRef("target_features"), features);
    /* The ExecutionEngine calls an entry through a wrapper it adds, compiled
     * for the machine it runs on; inlined there, the entry would be too. */
    MlirAttribute name = tileOpGetAttr(op, "sym_name");
    if (startsWith(mlirStringAttrGetValue(name), "_mlir_ciface_"))
      mlirOperationSetAttributeByName(op, tileRef("no_inline"),
                                      mlirUnitAttrGet(ctx));
  }
}

void tileSetHostFunctionTarget(MlirOperation module, const char *chip,
                               const char *features) {
  bool native = !chip || !chip[0] || strcmp(chip, "native") == 0;
  if (native && (!features || !features[0]))
    return;
  MlirContext ctx = mlirOperationGetContext(module);
  TileStrBuf list = TILE_STRBUF_INIT;
  char *hostName = native ? LLVMGetHostCPUName() : NULL;
  if (native) {
    /* This machine's features first: the later entries override them. */
    char *host = LLVMGetHostCPUFeatures();
    tileStrBufPrintf(&list, "%s,", host);
    LLVMDisposeMessage(host);
  }
  tileStrBufAppendStr(&list, features ? features : "");
  MlirAttribute cpu = mlirStringAttrGet(
      ctx, mlirStringRefCreateFromCString(native ? hostName : chip));
  stamp(module, cpu, featuresAttr(ctx, tileStrBufGet(&list)));
  if (hostName)
    LLVMDisposeMessage(hostName);
  tileStrBufFree(&list);
}
