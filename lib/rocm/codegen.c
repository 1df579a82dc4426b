/* rocm device codegen: gpu.module -> AMDGCN assembly, and HSACO code objects
 * linked by ld.lld. */
#include "rocm/rocm.h"

#include "backend/backend.h"
#include "ir/ir.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* gpu-module-to-binary runs <toolkit>/llvm/bin/ld.lld (the ROCm layout):
 * make a toolkit directory whose ld.lld is LLVM's. */
static bool makeToolkit(char *dir, size_t size) {
  const char *lld = getenv("TILE_LD_LLD");
  if (!lld || access(lld, X_OK) != 0)
    lld = "/usr/lib/llvm-22/bin/ld.lld";
  if (access(lld, X_OK) != 0)
    return false;
  snprintf(dir, size, "/tmp/tile-rocm-XXXXXX");
  if (!mkdtemp(dir))
    return false;
  char path[512];
  snprintf(path, sizeof(path), "%s/llvm", dir);
  mkdir(path, 0700);
  snprintf(path, sizeof(path), "%s/llvm/bin", dir);
  mkdir(path, 0700);
  snprintf(path, sizeof(path), "%s/llvm/bin/ld.lld", dir);
  return symlink(lld, path) == 0;
}

static void removeToolkit(const char *dir) {
  char path[512];
  snprintf(path, sizeof(path), "%s/llvm/bin/ld.lld", dir);
  unlink(path);
  snprintf(path, sizeof(path), "%s/llvm/bin", dir);
  rmdir(path);
  snprintf(path, sizeof(path), "%s/llvm", dir);
  rmdir(path);
  rmdir(dir);
}

MlirLogicalResult tileRocmDeviceCodegen(const TileBackendContext *ctx,
                                        MlirOperation module, bool compile,
                                        TileArtifact *artifact) {
  (void)ctx;
  bool wantsHsaco = compile || tileArtifactWantsPart(artifact, "hsaco");
  tileArtifactSetDeviceFormat(artifact, wantsHsaco ? "hsaco" : "isa");
  if (!wantsHsaco)
    return tileSerializeGpuModules(module, "isa", artifact, "isa");
  /* Each serialisation runs LLVM's whole AMDGPU code generation: the
   * assembly only when asked for, from a copy (the module keeps the code
   * object). */
  if (tileArtifactWantsPart(artifact, "isa")) {
    MlirOperation copy = mlirOperationClone(module);
    MlirLogicalResult isa =
        tileSerializeGpuModules(copy, "isa", artifact, "isa");
    mlirOperationDestroy(copy);
    if (mlirLogicalResultIsFailure(isa))
      return isa;
  }
  char toolkit[64];
  if (!makeToolkit(toolkit, sizeof(toolkit))) {
    tileEmitErrorAt(mlirOperationGetLocation(module),
                    "linking an HSACO needs ld.lld (package lld-22, or "
                    "$TILE_LD_LLD)");
    return mlirLogicalResultFailure();
  }
  char format[128];
  snprintf(format, sizeof(format), "bin toolkit=%s", toolkit);
  MlirLogicalResult result =
      tileSerializeGpuModules(module, format, artifact, "hsaco");
  removeToolkit(toolkit);
  return result;
}
