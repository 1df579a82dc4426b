// An MLIR pass plugin for tile-opt's tests of --load-pass-plugin: it
// registers `test-plugin-mark`, which puts a unit attribute (named by its
// option `attr`, default `plugin.marked`) on every op of the given name
// (option `op`, default `func.func`).

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Tools/Plugins/PassPlugin.h"

namespace {

struct MarkPass : public mlir::PassWrapper<MarkPass, mlir::OperationPass<>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(MarkPass)

  MarkPass() = default;
  MarkPass(const MarkPass &other) : PassWrapper(other) {}

  llvm::StringRef getArgument() const final { return "test-plugin-mark"; }
  llvm::StringRef getDescription() const final {
    return "Marks ops with a unit attribute (tile-opt's plugin test)";
  }

  void runOnOperation() override {
    getOperation()->walk([this](mlir::Operation *op) {
      if (op->getName().getStringRef() == opName.getValue())
        op->setAttr(attrName.getValue(), mlir::UnitAttr::get(&getContext()));
    });
  }

  Option<std::string> attrName{*this, "attr",
                               llvm::cl::desc("The attribute to set"),
                               llvm::cl::init("plugin.marked")};
  Option<std::string> opName{*this, "op", llvm::cl::desc("The ops to mark"),
                             llvm::cl::init("func.func")};
};

} // namespace

extern "C" LLVM_ATTRIBUTE_WEAK mlir::PassPluginLibraryInfo
mlirGetPassPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "TileTestPassPlugin", "0.1",
          []() { mlir::PassRegistration<MarkPass>(); }};
}
