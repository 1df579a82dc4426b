/* Host codegen shared by backends: LLVM dialect -> LLVM IR -> object/asm. */
#include "backend/backend.h"

#include "ir/ir.h"

#include "mlir-c/RegisterEverything.h"
#include "mlir-c/Target/LLVMIR.h"

#include "llvm-c/Core.h"
#include "llvm-c/Target.h"
#include "llvm-c/TargetMachine.h"
#include "llvm-c/Transforms/PassBuilder.h"

#include <pthread.h>
#include <stdio.h>
#include <string.h>

static void registerNativeTarget(void) {
  LLVMInitializeNativeTarget();
  LLVMInitializeNativeAsmPrinter();
}

/* LLVM's target registry is a process-wide list that registration appends
 * to without a lock: register once, whichever thread compiles first. */
static void initialiseNativeTarget(void) {
  static pthread_once_t once = PTHREAD_ONCE_INIT;
  pthread_once(&once, registerNativeTarget);
}

/* A target machine for the host target: chip "native" (or none) is this
 * machine's CPU with its features. */
static LLVMTargetMachineRef hostMachine(const TileTarget *host, char **error) {
  initialiseNativeTarget();
  char *triple = LLVMGetDefaultTargetTriple();
  LLVMTargetRef target;
  if (LLVMGetTargetFromTriple(triple, &target, error)) {
    LLVMDisposeMessage(triple);
    return NULL;
  }
  bool native = !host->chip[0] || strcmp(host->chip, "native") == 0;
  char *cpu = native ? LLVMGetHostCPUName() : NULL;
  char *features =
      native && !host->features[0] ? LLVMGetHostCPUFeatures() : NULL;
  static const LLVMCodeGenOptLevel levels[] = {
      LLVMCodeGenLevelNone, LLVMCodeGenLevelLess, LLVMCodeGenLevelDefault,
      LLVMCodeGenLevelAggressive};
  LLVMTargetMachineRef machine = LLVMCreateTargetMachine(
      target, triple, cpu ? cpu : host->chip,
      features ? features : host->features, levels[host->optLevel & 3],
      LLVMRelocPIC, LLVMCodeModelDefault);
  LLVMDisposeMessage(triple);
  if (cpu)
    LLVMDisposeMessage(cpu);
  if (features)
    LLVMDisposeMessage(features);
  return machine;
}

static void setMessagePart(TileArtifact *a, const char *name, char *text) {
  tileArtifactSetPart(a, name, mlirStringRefCreateFromCString(text));
  LLVMDisposeMessage(text);
}

static bool emit(LLVMTargetMachineRef machine, LLVMModuleRef module,
                 LLVMCodeGenFileType type, TileArtifact *a, const char *part,
                 MlirOperation op) {
  char *error = NULL;
  LLVMMemoryBufferRef buffer;
  if (LLVMTargetMachineEmitToMemoryBuffer(machine, module, type, &error,
                                          &buffer)) {
    tileEmitErrorAt(mlirOperationGetLocation(op), "host codegen: %s",
                    error ? error : "cannot emit code");
    LLVMDisposeMessage(error);
    return false;
  }
  tileArtifactSetPart(a, part,
                      mlirStringRefCreate(LLVMGetBufferStart(buffer),
                                          LLVMGetBufferSize(buffer)));
  LLVMDisposeMemoryBuffer(buffer);
  return true;
}

MlirLogicalResult tileHostCodegenLLVM(const TileBackendContext *ctx,
                                      MlirOperation module, TileArtifact *a) {
  mlirRegisterAllLLVMTranslations(mlirOperationGetContext(module));
  /* Functions a backend left unmarked are the host target's; marked in the
   * module, the JIT (which compiles the module again) sees it too. */
  tileSetHostFunctionTarget(module, ctx->hostTarget.chip,
                            ctx->hostTarget.features);
  LLVMContextRef llvmCtx = LLVMContextCreate();
  LLVMModuleRef llvmModule = mlirTranslateModuleToLLVMIR(module, llvmCtx);
  if (!llvmModule) {
    tileEmitErrorAt(mlirOperationGetLocation(module),
                    "host codegen: the host module does not translate to "
                    "LLVM IR");
    LLVMContextDispose(llvmCtx);
    return mlirLogicalResultFailure();
  }
  bool ok = true;
  bool wantsMachineCode =
      tileArtifactWantsPart(a, "obj") || tileArtifactWantsPart(a, "asm");
  char *error = NULL;
  LLVMTargetMachineRef machine =
      wantsMachineCode ? hostMachine(&ctx->hostTarget, &error) : NULL;
  if (wantsMachineCode && !machine) {
    tileEmitErrorAt(mlirOperationGetLocation(module), "host codegen: %s",
                    error ? error : "no target machine for the host");
    LLVMDisposeMessage(error);
    ok = false;
  }
  if (machine) {
    char *triple = LLVMGetTargetMachineTriple(machine);
    LLVMSetTarget(llvmModule, triple);
    LLVMDisposeMessage(triple);
    LLVMTargetDataRef layout = LLVMCreateTargetDataLayout(machine);
    char *layoutText = LLVMCopyStringRepOfTargetData(layout);
    LLVMSetDataLayout(llvmModule, layoutText);
    LLVMDisposeMessage(layoutText);
    LLVMDisposeTargetData(layout);
    char passes[32];
    snprintf(passes, sizeof(passes), "default<O%d>",
             ctx->hostTarget.optLevel & 3);
    LLVMPassBuilderOptionsRef options = LLVMCreatePassBuilderOptions();
    LLVMErrorRef err = LLVMRunPasses(llvmModule, passes, machine, options);
    LLVMDisposePassBuilderOptions(options);
    if (err) {
      char *message = LLVMGetErrorMessage(err);
      tileEmitErrorAt(mlirOperationGetLocation(module), "host codegen: %s",
                      message);
      LLVMDisposeErrorMessage(message);
      ok = false;
    }
  }
  if (ok && tileArtifactWantsPart(a, "llvm"))
    setMessagePart(a, "llvm", LLVMPrintModuleToString(llvmModule));
  if (ok && machine && tileArtifactWantsPart(a, "obj"))
    ok = emit(machine, llvmModule, LLVMObjectFile, a, "obj", module);
  if (ok && machine && tileArtifactWantsPart(a, "asm"))
    ok = emit(machine, llvmModule, LLVMAssemblyFile, a, "asm", module);
  if (machine)
    LLVMDisposeTargetMachine(machine);
  LLVMDisposeModule(llvmModule);
  LLVMContextDispose(llvmCtx);
  return ok ? mlirLogicalResultSuccess() : mlirLogicalResultFailure();
}
