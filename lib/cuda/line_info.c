/* tile-cuda-line-info: gives every device function a debug scope that asks
 * for line directives only, so the PTX carries .loc lines pointing at the
 * tile IR while ptxas still optimises (full debug info would make the PTX
 * target "debug", which ptxas compiles without optimisation). */
#include "ir/builder.h"
#include "ir/ir.h"
#include "passes/pass.h"

#include "mlir-c/Dialect/LLVM.h"

#include <string.h>

enum { DwarfLanguageC = 0x2, DwarfCallingConventionNormal = 0x1 };
enum { SubprogramDefinition = 8, SubprogramOptimized = 16 };

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
  if (tileOpIs(op, "llvm.func") &&
      !mlirBlockIsNull(mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0))))
    addScope(op);
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
