// An MLIR dialect plugin for tile-opt's tests of --load-dialect-plugin: it
// registers the dynamic dialect `plugin` with one op, `plugin.one`, which
// takes exactly one operand.

#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/ExtensibleDialect.h"
#include "mlir/IR/Operation.h"
#include "mlir/Tools/Plugins/DialectPlugin.h"

static void populate(mlir::MLIRContext *ctx, mlir::DynamicDialect *dialect) {
  auto verify = [](mlir::Operation *op) -> llvm::LogicalResult {
    if (op->getNumOperands() != 1)
      return op->emitOpError("takes one operand, not ") << op->getNumOperands();
    return llvm::success();
  };
  auto verifyRegions = [](mlir::Operation *) { return llvm::success(); };
  dialect->registerDynamicOp(mlir::DynamicOpDefinition::get(
      "one", dialect, std::move(verify), std::move(verifyRegions)));
}

extern "C" LLVM_ATTRIBUTE_WEAK mlir::DialectPluginLibraryInfo
mlirGetDialectPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "TileTestDialectPlugin", "0.1",
          [](mlir::DialectRegistry *registry) {
            registry->insertDynamic("plugin", populate);
          }};
}
