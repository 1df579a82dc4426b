/* rocm device codegen: gpu.module -> AMDGCN assembly, and HSACO code objects
 * linked by ld.lld. Math ops that the ROCDL conversion turns into calls of
 * ROCm's device library (ocml's __ocml_sin_f32, ...) link its bitcode,
 * found where ROCm or a distribution installs it. */
#include "rocm/rocm.h"

#include "backend/backend.h"
#include "ir/ir.h"
#include "support/count.h"
#include "support/temp_dir.h"

#include "mlir-c/BuiltinAttributes.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* The directory of ROCm's device library bitcode (ocml.bc, ockl.bc): the
 * one $TILE_ROCM_DEVICE_LIBS names, else the first of $ROCM_PATH's, ROCm's
 * own and Debian's (package rocm-device-libs) that holds ocml.bc; NULL when
 * none does. `buf` holds a composed path. */
static const char *deviceLibs(char *buf, size_t size) {
  const char *chosen = getenv("TILE_ROCM_DEVICE_LIBS");
  if (chosen)
    return snprintf(buf, size, "%s/ocml.bc", chosen) < (int)size &&
                   access(buf, R_OK) == 0
               ? chosen
               : NULL;
  const char *rocm = getenv("ROCM_PATH");
  char fromRocm[256] = "";
  if (rocm && *rocm)
    snprintf(fromRocm, sizeof(fromRocm), "%s/amdgcn/bitcode", rocm);
  static const char *const fixed[] = {
      "/opt/rocm/amdgcn/bitcode",
      "/usr/lib/x86_64-linux-gnu/amdgcn/bitcode",
  };
  const char *candidates[] = {fromRocm, fixed[0], fixed[1]};
  for (size_t i = 0; i < TILE_COUNT(candidates); ++i) {
    if (!*candidates[i])
      continue;
    snprintf(buf, size, "%s/ocml.bc", candidates[i]);
    if (access(buf, R_OK) == 0) {
      snprintf(buf, size, "%s", candidates[i]);
      return buf;
    }
  }
  return NULL;
}

/* Reports a call of a device library function at its location: used when
 * no library was found. */
static void reportLibraryCall(MlirOperation call, MlirStringRef callee,
                              void *userData) {
  (void)userData;
  tileEmitErrorAt(
      mlirOperationGetLocation(call),
      "needs ROCm's device library for %.*s, and none was found "
      "($TILE_ROCM_DEVICE_LIBS, $ROCM_PATH/amdgcn/bitcode, "
      "/opt/rocm/amdgcn/bitcode or /usr/lib/x86_64-linux-gnu/amdgcn/bitcode "
      "with ocml.bc; Debian: apt-get install rocm-device-libs)",
      (int)callee.length, callee.data);
}

typedef struct {
  MlirOperation gpuModule;
  unsigned errors;
} ExternalCalls;

/* Whether `gpuModule` declares `name` without a body. */
static bool declaresOnly(MlirOperation gpuModule, MlirStringRef name) {
  MlirBlock body =
      mlirRegionGetFirstBlock(mlirOperationGetRegion(gpuModule, 0));
  for (MlirOperation op = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op))
    if (tileOpIs(op, "llvm.func") &&
        mlirStringRefEqual(
            mlirStringAttrGetValue(tileOpGetAttr(op, "sym_name")), name))
      return !tileOpHasBody(op);
  return false;
}

static MlirWalkResult findExternalCall(MlirOperation op, void *userData) {
  ExternalCalls *c = userData;
  MlirStringRef name;
  if (!tileLlvmCallee(op, &name))
    return MlirWalkResultAdvance;
  if (tileStrRefHasPrefix(name, "__ocml_") ||
      tileStrRefHasPrefix(name, "__ockl_") || !declaresOnly(c->gpuModule, name))
    return MlirWalkResultAdvance;
  tileEmitErrorAt(mlirOperationGetLocation(op),
                  "device code calls '%.*s', which no device library of the "
                  "rocm target defines: the code object would not load",
                  (int)name.length, name.data);
  ++c->errors;
  return MlirWalkResultAdvance;
}

static MlirWalkResult checkGpuModule(MlirOperation op, void *userData) {
  if (!tileOpIs(op, "gpu.module"))
    return MlirWalkResultAdvance;
  ExternalCalls c = {op, 0};
  mlirOperationWalk(op, findExternalCall, &c, MlirWalkPreOrder);
  *(unsigned *)userData += c.errors;
  return MlirWalkResultSkip;
}

/* gpu-module-to-binary runs <toolkit>/llvm/bin/ld.lld and links the device
 * library from <toolkit>/amdgcn/bitcode (the ROCm layout): make a toolkit
 * directory whose ld.lld is LLVM's and whose bitcode is `libs` (if any). */
static bool makeToolkit(char *dir, size_t size, const char *libs) {
  const char *lld = getenv("TILE_LD_LLD");
  if (!lld || access(lld, X_OK) != 0)
    lld = "/usr/lib/llvm-22/bin/ld.lld";
  if (access(lld, X_OK) != 0)
    return false;
  if (!tileTempDirCreate(dir, size, "tile-rocm-"))
    return false;
  char path[512];
  snprintf(path, sizeof(path), "%s/llvm", dir);
  mkdir(path, 0700);
  snprintf(path, sizeof(path), "%s/llvm/bin", dir);
  mkdir(path, 0700);
  if (libs) {
    snprintf(path, sizeof(path), "%s/amdgcn", dir);
    mkdir(path, 0700);
    snprintf(path, sizeof(path), "%s/amdgcn/bitcode", dir);
    if (symlink(libs, path) != 0)
      return tileTempDirRemove(dir), false;
  }
  snprintf(path, sizeof(path), "%s/llvm/bin/ld.lld", dir);
  if (symlink(lld, path) == 0)
    return true;
  tileTempDirRemove(dir);
  return false;
}

MlirLogicalResult tileRocmDeviceCodegen(const TileBackendContext *ctx,
                                        MlirOperation module, bool compile,
                                        TileArtifact *artifact) {
  (void)ctx;
  char libsBuf[512];
  const char *libs = deviceLibs(libsBuf, sizeof(libsBuf));
  if (!libs) {
    unsigned calls =
        tileLibraryCalls(module, "__ocml_", reportLibraryCall, NULL) +
        tileLibraryCalls(module, "__ockl_", reportLibraryCall, NULL);
    if (calls)
      return mlirLogicalResultFailure();
  }
  /* Calls of functions that only ocml and ockl (linked below) define may
   * be declared; any other declaration would stay undefined in the code
   * object. tile-gpu-check-device-ops refuses what is known to make them
   * (heap allocations); this is the net under it. */
  unsigned external = 0;
  mlirOperationWalk(module, checkGpuModule, &external, MlirWalkPreOrder);
  if (external)
    return mlirLogicalResultFailure();
  bool wantsHsaco = compile || tileArtifactWantsPart(artifact, "hsaco");
  tileArtifactSetDeviceFormat(artifact, wantsHsaco ? "hsaco" : "isa");
  char toolkit[64];
  if (!makeToolkit(toolkit, sizeof(toolkit), libs)) {
    tileEmitErrorAt(mlirOperationGetLocation(module),
                    "linking an HSACO needs ld.lld (package lld-22, or "
                    "$TILE_LD_LLD)");
    return mlirLogicalResultFailure();
  }
  char isa[128], bin[128];
  snprintf(isa, sizeof(isa), "isa toolkit=%s", toolkit);
  snprintf(bin, sizeof(bin), "bin toolkit=%s", toolkit);
  MlirLogicalResult result = mlirLogicalResultSuccess();
  if (!wantsHsaco) {
    result = tileSerializeGpuModules(module, isa, artifact, "isa");
  } else {
    /* Each serialisation runs LLVM's whole AMDGPU code generation: the
     * assembly only when asked for, from a copy (the module keeps the code
     * object). */
    if (tileArtifactWantsPart(artifact, "isa")) {
      MlirOperation copy = mlirOperationClone(module);
      result = tileSerializeGpuModules(copy, isa, artifact, "isa");
      mlirOperationDestroy(copy);
    }
    if (mlirLogicalResultIsSuccess(result))
      result = tileSerializeGpuModules(module, bin, artifact, "hsaco");
  }
  tileTempDirRemove(toolkit);
  return result;
}
