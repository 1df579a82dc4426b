// What tile-opt needs that MLIR 22's C API cannot reach (see capi_gaps.h).

extern "C" {
#include "support/strbuf.h"
}

#include "capi_gaps.h"

#include "mlir/Bytecode/BytecodeWriter.h"
#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Pass.h"
#include "mlir/Debug/CLOptionsSetup.h"
#include "mlir/Debug/Counter.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Support/Timing.h"
#include "mlir/Tools/ParseUtilities.h"
#include "mlir/Tools/Plugins/DialectPlugin.h"
#include "mlir/Tools/Plugins/PassPlugin.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <cerrno>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

static ssize_t writeToOuts(void *cookie, const char *data, size_t size) {
  (void)cookie;
  llvm::outs().write(data, size);
  return static_cast<ssize_t>(size);
}

FILE *tileOptOpenLLVMOuts(void) {
  cookie_io_functions_t functions = {};
  functions.write = writeToOuts;
  FILE *stream = fopencookie(nullptr, "w", functions);
  if (stream)
    setvbuf(stream, nullptr, _IONBF, 0);
  return stream;
}

int tileOptFlushLLVMOuts(void) {
  llvm::raw_fd_ostream &outs = llvm::outs();
  outs.flush();
  if (!outs.has_error())
    return 0;
  int error = outs.error().value();
  outs.clear_error();
  return error ? error : EIO;
}

void tileOptPrintingFlagsSetExtras(MlirOpPrintingFlags flags, bool valueUsers,
                                   bool uniqueSSAIds, int64_t hexIfLarger) {
  mlir::OpPrintingFlags *f = unwrap(flags);
  if (valueUsers)
    f->printValueUsers();
  if (uniqueSSAIds)
    f->printUniqueSSAIDs();
  if (hexIfLarger >= 0)
    f->printLargeElementsAttrWithHex(hexIfLarger);
}

void tileOptBytecodeWriterConfigElideResourceData(
    MlirBytecodeWriterConfig config) {
  unwrap(config)->setElideResourceDataFlag();
}

void tileOptContextPrintStackTraceOnDiagnostic(MlirContext ctx) {
  unwrap(ctx)->printStackTraceOnDiagnostic(true);
}

bool tileOptPassManagerEnableReproducer(MlirPassManager pm, const char *path,
                                        bool local) {
  mlir::PassManager *passManager = unwrap(pm);
  // MLIR would end the process with a fatal error.
  if (local && passManager->getContext()->isMultithreadingEnabled())
    return false;
  passManager->enableCrashReproducerGeneration(path, local);
  return true;
}

void tileOptPassManagerEnableIRPrinting(MlirPassManager pm,
                                        const TileOptIRPrinting *printing) {
  using Filter = std::function<bool(mlir::Pass *, mlir::Operation *)>;
  auto filter = [](bool all, const char *const *names,
                   unsigned count) -> Filter {
    if (all)
      return [](mlir::Pass *, mlir::Operation *) { return true; };
    std::vector<std::string> chosen(names, names + count);
    return [chosen](mlir::Pass *pass, mlir::Operation *) {
      llvm::StringRef argument = pass->getArgument();
      for (const std::string &name : chosen)
        if (argument == name)
          return true;
      return false;
    };
  };
  Filter before =
      filter(printing->beforeAll, printing->before, printing->numBefore);
  // As in mlir-opt, printing after a failure prints after every pass that
  // fails.
  Filter after = filter(printing->afterAll || printing->afterFailure,
                        printing->after, printing->numAfter);
  mlir::PassManager *passManager = unwrap(pm);
  const mlir::OpPrintingFlags &flags = *unwrap(printing->flags);
  if (printing->treeDir)
    passManager->enableIRPrintingToFileTree(
        before, after, printing->moduleScope, printing->afterChange,
        printing->afterFailure, printing->treeDir, flags);
  else
    passManager->enableIRPrinting(before, after, printing->moduleScope,
                                  printing->afterChange, printing->afterFailure,
                                  llvm::errs(), flags);
}

MlirOperation tileOptParseUnverified(MlirContext ctx, MlirStringRef source,
                                     MlirStringRef sourceName,
                                     bool implicitModule, size_t alignment) {
  // A copy at the address alignment bytecode needs, followed by a NUL (the
  // lexer reads one past the end), owned by the source manager: resources
  // read from bytecode may keep pointing into it.
  std::unique_ptr<llvm::WritableMemoryBuffer> buffer =
      llvm::WritableMemoryBuffer::getNewUninitMemBuffer(
          source.length, llvm::StringRef(sourceName.data, sourceName.length),
          llvm::Align(alignment));
  if (!buffer)
    return MlirOperation{nullptr};
  if (source.length)
    std::memcpy(buffer->getBufferStart(), source.data, source.length);
  auto sourceMgr = std::make_shared<llvm::SourceMgr>();
  sourceMgr->AddNewSourceBuffer(std::move(buffer), llvm::SMLoc());
  mlir::ParserConfig config(unwrap(ctx), /*verifyAfterParse=*/false);
  mlir::OwningOpRef<mlir::Operation *> op =
      mlir::parseSourceFileForTool(sourceMgr, config, implicitModule);
  return wrap(op.release());
}

void tileOptPassManagerEnableTiming(MlirPassManager pm, bool list, bool json) {
  using Manager = mlir::DefaultTimingManager;
  auto timing = std::make_unique<Manager>();
  timing->setEnabled(true);
  timing->setDisplayMode(list ? Manager::DisplayMode::List
                              : Manager::DisplayMode::Tree);
  timing->setOutput(mlir::createOutputStrategy(
      json ? Manager::OutputFormat::Json : Manager::OutputFormat::Text,
      llvm::errs()));
  unwrap(pm)->enableTiming(std::move(timing));
}

// The dialects of the loaded dialect plugins.
static mlir::DialectRegistry &pluginDialects() {
  static mlir::DialectRegistry registry;
  return registry;
}

bool tileOptLoadPassPlugin(const char *path, TileStrBuf *why) {
  llvm::Expected<mlir::PassPlugin> plugin = mlir::PassPlugin::load(path);
  if (!plugin) {
    tileStrBufAppendStr(why, llvm::toString(plugin.takeError()).c_str());
    return false;
  }
  plugin->registerPassRegistryCallbacks();
  return true;
}

bool tileOptLoadDialectPlugin(const char *path, TileStrBuf *why) {
  llvm::Expected<mlir::DialectPlugin> plugin = mlir::DialectPlugin::load(path);
  if (!plugin) {
    tileStrBufAppendStr(why, llvm::toString(plugin.takeError()).c_str());
    return false;
  }
  plugin->registerDialectRegistryCallbacks(pluginDialects());
  return true;
}

void tileOptAppendPluginDialects(MlirContext ctx) {
  if (!pluginDialects().getDialectNames().empty())
    unwrap(ctx)->appendDialectRegistry(pluginDialects());
}

void tileOptForEachPluginDialect(void (*visit)(MlirStringRef name,
                                               void *userData),
                                 void *userData) {
  for (llvm::StringRef name : pluginDialects().getDialectNames())
    visit(MlirStringRef{name.data(), name.size()}, userData);
}

bool tileOptIsInteger(const char *text) {
  int64_t value;
  return !llvm::StringRef(text).getAsInteger(0, value);
}

bool tileOptParseLLVMOptions(int argc, const char *const *argv) {
  return llvm::cl::ParseCommandLineOptions(argc, argv, "", &llvm::errs());
}

bool tileOptIsUpstreamPass(const char *name) {
  return mlir::PassInfo::lookup(name) || mlir::PassPipelineInfo::lookup(name);
}

bool tileOptIsLLVMOption(const char *name) {
  return llvm::cl::getRegisteredOptions().count(name) != 0;
}

bool tileOptLLVMOptionTakesValue(const char *name) {
  auto &options = llvm::cl::getRegisteredOptions();
  auto it = options.find(name);
  return it != options.end() &&
         it->second->getValueExpectedFlag() == llvm::cl::ValueRequired;
}

void tileOptRegisterDebugOptions(void) {
  mlir::tracing::DebugConfig::registerCLOptions();
  mlir::tracing::DebugCounter::registerCLOptions();
}

void *tileOptInstallDebugHandler(MlirContext ctx, bool debuggerHook) {
  // Read once, after the command line is: the options do not change.
  static const mlir::tracing::DebugConfig fromOptions =
      mlir::tracing::DebugConfig::createFromCLOptions();
  mlir::tracing::DebugConfig config = fromOptions;
  config.enableDebuggerActionHook(debuggerHook);
  if (config.getLogActionsTo().empty() &&
      config.getProfileActionsTo().empty() && !debuggerHook &&
      !mlir::tracing::DebugCounter::isActivated())
    return nullptr;
  return new mlir::tracing::InstallDebugHandler(*unwrap(ctx), config);
}

void tileOptRemoveDebugHandler(void *handler) {
  delete static_cast<mlir::tracing::InstallDebugHandler *>(handler);
}
