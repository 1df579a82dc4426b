/* tile-cpu-libcalls: the module defines the conversion libcalls that LLVM's
 * code generator may call but the runtime cannot count on. Without
 * AVX512-BF16, LLVM materialises some bf16 constants (for example a splat
 * flowing into a phi) by rounding f32 with __truncsfbf2, whatever the IR
 * says; GCC 12's libgcc does not define it, so neither the JIT nor a
 * program linked with cc would find it. A weak hidden definition in every
 * module makes JIT and aot code self-contained; where a runtime has its
 * own, either one rounds the same way. The definition is not an entry of
 * the module (MLIR-private), and only modules with bf16 values get it. */
#include "cpu/lowering.h"

#include "mlir-c/Dialect/LLVM.h"

/* f32 -> bf16, rounding to nearest even; NaN becomes the quiet NaN that
 * arith-expand's expansion of arith.truncf gives too. */
static const char truncSFBF2[] =
    "llvm.func weak hidden @__truncsfbf2(%x: f32) -> bf16\n"
    "    attributes {sym_visibility = \"private\"} {\n"
    "  %c16 = llvm.mlir.constant(16 : i32) : i32\n"
    "  %c1 = llvm.mlir.constant(1 : i32) : i32\n"
    "  %half = llvm.mlir.constant(32767 : i32) : i32\n"
    "  %nan = llvm.mlir.constant(32704 : i16) : i16\n"
    "  %bits = llvm.bitcast %x : f32 to i32\n"
    "  %lsb = llvm.lshr %bits, %c16 : i32\n"
    "  %odd = llvm.and %lsb, %c1 : i32\n"
    "  %bias = llvm.add %odd, %half : i32\n"
    "  %sum = llvm.add %bits, %bias : i32\n"
    "  %high = llvm.lshr %sum, %c16 : i32\n"
    "  %rounded = llvm.trunc %high : i32 to i16\n"
    "  %isNaN = llvm.fcmp \"uno\" %x, %x : f32\n"
    "  %result = llvm.select %isNaN, %nan, %rounded : i1, i16\n"
    "  %bf = llvm.bitcast %result : i16 to bf16\n"
    "  llvm.return %bf : bf16\n"
    "}\n";

static bool isBF16Value(MlirValue v) {
  MlirType t = mlirValueGetType(v);
  if (mlirTypeIsAVector(t))
    t = mlirShapedTypeGetElementType(t);
  return mlirTypeIsABF16(t);
}

/* Stops at the first op with a bf16 result or block argument. */
static MlirWalkResult findBF16(MlirOperation op, void *userData) {
  bool found = false;
  for (intptr_t i = 0; i < mlirOperationGetNumResults(op); ++i)
    found |= isBF16Value(mlirOperationGetResult(op, i));
  for (intptr_t r = 0; r < mlirOperationGetNumRegions(op); ++r)
    for (MlirBlock block =
             mlirRegionGetFirstBlock(mlirOperationGetRegion(op, r));
         !mlirBlockIsNull(block); block = mlirBlockGetNextInRegion(block))
      for (intptr_t i = 0; i < mlirBlockGetNumArguments(block); ++i)
        found |= isBF16Value(mlirBlockGetArgument(block, i));
  *(bool *)userData |= found;
  return found ? MlirWalkResultInterrupt : MlirWalkResultAdvance;
}

static void run(MlirOperation module, MlirExternalPass pass,
                const TileOptionValue *options) {
  (void)options;
  /* Without bf16 values, there is nothing to round to bf16. */
  bool hasBF16 = false;
  mlirOperationWalk(module, findBF16, &hasBF16, MlirWalkPreOrder);
  if (!hasBF16 ||
      !mlirOperationIsNull(tileSymbolNamed(module, tileRef("__truncsfbf2"))))
    return;
  MlirOperation helper = mlirOperationCreateParse(
      mlirOperationGetContext(module), tileRef(truncSFBF2),
      tileRef("tile-cpu-libcalls"));
  if (mlirOperationIsNull(helper)) {
    mlirExternalPassSignalFailure(pass);
    return;
  }
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
  mlirBlockAppendOwnedOperation(body, helper);
}

static const TileDialectHandleGetter dependent[] = {
    mlirGetDialectHandle__llvm__};

const TilePassDescriptor tileCpuLibcallsPass = {
    .argument = "tile-cpu-libcalls",
    .name = "TileCpuLibcalls",
    .summary = "Define the conversion libcalls LLVM may emit that the runtime "
               "lacks (__truncsfbf2) as weak hidden functions of the module "
               "(cpu)",
    .anchor = "builtin.module",
    .dependentDialects = dependent,
    .numDependentDialects = TILE_COUNT(dependent),
    .run = run,
};
