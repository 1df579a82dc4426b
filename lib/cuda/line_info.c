/* tile-cuda-line-info: gives every device function a debug scope that asks
 * for line directives only, so the PTX carries .loc lines pointing at the
 * tile IR while ptxas still optimises (full debug info would make the PTX
 * target "debug", which ptxas compiles without optimisation). */
#include "ir/builder.h"
#include "ir/ir.h"
#include "passes/pass.h"
#include "support/alloc.h"
#include "support/strbuf.h"

#include "mlir-c/Dialect/LLVM.h"

#include <stdlib.h>
#include <string.h>

enum { DwarfLanguageC = 0x2, DwarfCallingConventionNormal = 0x1 };
enum { SubprogramDefinition = 8, SubprogramOptimized = 16 };

/* ptxas reads no escapes in the file names of .file directives: a '"' in
 * one (an input at `my"dir/k.mlir`) made the whole PTX unreadable ("Parsing
 * error near ..."). The device code's locations name such files with '\''
 * in its place. */
static MlirLocation ptxFileNames(MlirLocation loc) {
  MlirContext ctx = mlirLocationGetContext(loc);
  if (mlirLocationIsAFileLineColRange(loc)) {
    MlirStringRef name =
        mlirIdentifierStr(mlirLocationFileLineColRangeGetFilename(loc));
    if (!name.length || !memchr(name.data, '"', name.length))
      return loc;
    char *copy = tileStrDupRef(name);
    for (char *p = copy; *p; ++p)
      if (*p == '"')
        *p = '\'';
    MlirLocation renamed = mlirLocationFileLineColRangeGet(
        ctx, mlirStringRefCreate(copy, name.length),
        (unsigned)mlirLocationFileLineColRangeGetStartLine(loc),
        (unsigned)mlirLocationFileLineColRangeGetStartColumn(loc),
        (unsigned)mlirLocationFileLineColRangeGetEndLine(loc),
        (unsigned)mlirLocationFileLineColRangeGetEndColumn(loc));
    free(copy);
    return renamed;
  }
  if (mlirLocationIsACallSite(loc))
    return mlirLocationCallSiteGet(
        ptxFileNames(mlirLocationCallSiteGetCallee(loc)),
        ptxFileNames(mlirLocationCallSiteGetCaller(loc)));
  if (mlirLocationIsAName(loc))
    return mlirLocationNameGet(ctx,
                               mlirIdentifierStr(mlirLocationNameGetName(loc)),
                               ptxFileNames(mlirLocationNameGetChildLoc(loc)));
  if (mlirLocationIsAFused(loc)) {
    unsigned n = mlirLocationFusedGetNumLocations(loc);
    MlirLocation *parts = tileCallocArray(n ? n : 1, sizeof(MlirLocation));
    mlirLocationFusedGetLocations(loc, parts);
    for (unsigned i = 0; i < n; ++i)
      parts[i] = ptxFileNames(parts[i]);
    MlirLocation fused =
        mlirLocationFusedGet(ctx, n, parts, mlirLocationFusedGetMetadata(loc));
    free(parts);
    return fused;
  }
  return loc;
}

static MlirWalkResult renameFiles(MlirOperation op, void *userData) {
  (void)userData;
  mlirOperationSetLocation(op, ptxFileNames(mlirOperationGetLocation(op)));
  return MlirWalkResultAdvance;
}

/* Splits "dir/name" into the two string attributes DIFile wants. */
static MlirAttribute fileOf(MlirContext ctx, MlirStringRef path) {
  size_t slash = path.length;
  while (slash > 0 && path.data[slash - 1] != '/')
    --slash;
  MlirStringRef dir = mlirStringRefCreate(path.data, slash ? slash - 1 : 0);
  MlirStringRef name =
      mlirStringRefCreate(path.data + slash, path.length - slash);
  return mlirLLVMDIFileAttrGet(ctx, mlirStringAttrGet(ctx, name),
                               mlirStringAttrGet(ctx, dir));
}

static void addScope(MlirOperation func) {
  MlirContext ctx = mlirOperationGetContext(func);
  MlirLocation loc = mlirOperationGetLocation(func);
  if (!mlirLocationIsAFileLineColRange(loc))
    return; /* already scoped, or no source position to point at */
  MlirAttribute file = fileOf(
      ctx, mlirIdentifierStr(mlirLocationFileLineColRangeGetFilename(loc)));
  unsigned line = (unsigned)mlirLocationFileLineColRangeGetStartLine(loc);
  MlirAttribute unit = mlirLLVMDICompileUnitAttrGet(
      ctx, mlirDisctinctAttrCreate(mlirUnitAttrGet(ctx)), DwarfLanguageC, file,
      mlirStringAttrGet(ctx, tileRef("tile-mlir")), true,
      MlirLLVMDIEmissionKindDebugDirectivesOnly, MlirLLVMDINameTableKindDefault,
      (MlirAttribute){NULL});
  MlirAttribute type = mlirLLVMDISubroutineTypeAttrGet(
      ctx, DwarfCallingConventionNormal, 0, NULL);
  MlirAttribute name = tileOpGetAttr(func, "sym_name");
  MlirAttribute subprogram = mlirLLVMDISubprogramAttrGet(
      ctx, (MlirAttribute){NULL}, false,
      mlirDisctinctAttrCreate(mlirUnitAttrGet(ctx)), unit, file, name, name,
      file, line, line, SubprogramDefinition | SubprogramOptimized, type, 0,
      NULL, 0, NULL);
  mlirOperationSetLocation(func,
                           mlirLocationFusedGet(ctx, 1, &loc, subprogram));
}

static MlirWalkResult visit(MlirOperation op, void *userData) {
  (void)userData;
  if (tileOpIs(op, "llvm.func") && !mlirBlockIsNull(mlirRegionGetFirstBlock(
                                       mlirOperationGetRegion(op, 0)))) {
    mlirOperationWalk(op, renameFiles, NULL, MlirWalkPreOrder);
    addScope(op);
  }
  return MlirWalkResultAdvance;
}

static void run(MlirOperation op, MlirExternalPass pass,
                const TileOptionValue *options) {
  (void)pass;
  (void)options;
  mlirOperationWalk(op, visit, NULL, MlirWalkPreOrder);
}

const TilePassDescriptor tileCudaLineInfoPass = {
    .argument = "tile-cuda-line-info",
    .name = "TileCudaLineInfo",
    .summary = "Attach line-directive-only debug scopes to device functions "
               "(PTX .loc lines without unoptimised debug compilation)",
    .anchor = "gpu.module",
    .run = run,
};
