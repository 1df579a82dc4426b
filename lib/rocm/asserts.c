/* tile-rocm-asserts: a cf.assert in device code traps when its condition
 * is false (llvm.intr.trap: s_trap, which ends the kernel with an error
 * the runtime reports). MLIR's lowering of cf.assert prints its message
 * through a string global that it put outside the gpu.module, and LLVM's
 * translation failed without a location ("'llvm.mlir.addressof' op must
 * reference a global defined by 'llvm.mlir.global'"). The message is not
 * printed: the device has no stderr. */
#include "ir/builder.h"
#include "ir/ir.h"
#include "passes/pass.h"
#include "support/count.h"

#include "mlir-c/Dialect/LLVM.h"

static void lower(MlirOperation assert) {
  TileBuilder b = tbBefore(assert);
  MlirValue ok = mlirOperationGetOperand(assert, 0);
  MlirValue failed =
      tbBinary(&b, "arith.xori", ok, tbConstInt(&b, mlirValueGetType(ok), 1));
  MlirBlock then = tbIf(&b, failed);
  TileBuilder in = tbAtTerminator(then, b.loc);
  tbCreate(&in, "llvm.intr.trap", 0, NULL, 0, NULL, 0, NULL);
  mlirOperationDestroy(assert);
}

static void run(MlirOperation op, MlirExternalPass pass,
                const TileOptionValue *options) {
  (void)pass;
  (void)options;
  TileOpList asserts = {0};
  tileCollectOps(op, "cf.assert", &asserts);
  for (size_t i = 0; i < asserts.count; ++i)
    lower(asserts.ops[i]);
  tileOpListFree(&asserts);
}

static const TileDialectHandleGetter dialects[] = {
    mlirGetDialectHandle__llvm__,
};

const TilePassDescriptor tileRocmAssertsPass = {
    .argument = "tile-rocm-asserts",
    .name = "TileRocmAsserts",
    .summary = "Make cf.assert in device code a trap (its lowering prints "
               "through a global outside the gpu.module)",
    .anchor = "gpu.module",
    .dependentDialects = dialects,
    .numDependentDialects = TILE_COUNT(dialects),
    .run = run,
};
