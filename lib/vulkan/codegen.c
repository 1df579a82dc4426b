/* vulkan device codegen: spirv.module -> SPIR-V binary (and disassembly). */
#include "vulkan/vulkan.h"

#include "backend/backend.h"
#include "ir/ir.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static MlirWalkResult collectSpirvModules(MlirOperation op, void *userData) {
  if (tileOpIs(op, "spirv.module"))
    tileOpListAppend(userData, op);
  return tileOpIs(op, "builtin.module") ? MlirWalkResultAdvance
                                        : MlirWalkResultSkip;
}

static MlirOperation findGpuModule(MlirOperation module, MlirStringRef name) {
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
  for (MlirOperation op = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op)) {
    if (!tileOpIs(op, "gpu.module"))
      continue;
    MlirAttribute sym = tileOpGetAttr(op, "sym_name");
    if (mlirStringRefEqual(mlirStringAttrGetValue(sym), name))
      return op;
  }
  return (MlirOperation){NULL};
}

/* convert-gpu-to-spirv leaves `spirv.module @__spv__NAME` beside
 * `gpu.module @NAME`, but gpu-module-to-binary serialises the spirv.module
 * inside a gpu.module: move each one in, replacing the gpu.module's body. */
static bool nestSpirvModules(MlirOperation module) {
  TileOpList spirv = {0};
  mlirOperationWalk(module, collectSpirvModules, &spirv, MlirWalkPreOrder);
  bool ok = true;
  for (size_t i = 0; i < spirv.count && ok; ++i) {
    MlirStringRef name =
        mlirStringAttrGetValue(tileOpGetAttr(spirv.ops[i], "sym_name"));
    const char *prefix = "__spv__";
    if (name.length <= strlen(prefix) ||
        strncmp(name.data, prefix, strlen(prefix)) != 0)
      continue;
    MlirOperation gpuModule = findGpuModule(
        module, mlirStringRefCreate(name.data + strlen(prefix),
                                    name.length - strlen(prefix)));
    if (mlirOperationIsNull(gpuModule)) {
      tileEmitOpError(spirv.ops[i], "has no gpu.module to go into");
      ok = false;
      break;
    }
    MlirBlock body =
        mlirRegionGetFirstBlock(mlirOperationGetRegion(gpuModule, 0));
    for (MlirOperation op = mlirBlockGetFirstOperation(body);
         !mlirOperationIsNull(op);) {
      MlirOperation next = mlirOperationGetNextInBlock(op);
      mlirOperationDestroy(op);
      op = next;
    }
    mlirOperationRemoveFromParent(spirv.ops[i]);
    mlirBlockAppendOwnedOperation(body, spirv.ops[i]);
  }
  tileOpListFree(&spirv);
  return ok;
}

static void reportAtModule(MlirStringRef message, void *userData) {
  tileEmitErrorAt(mlirOperationGetLocation(*(MlirOperation *)userData), "%.*s",
                  (int)message.length, message.data);
}

MlirLogicalResult tileVulkanDeviceCodegen(const TileBackendContext *ctx,
                                          MlirOperation module, bool compile,
                                          TileArtifact *artifact) {
  (void)compile;
  tileArtifactSetDeviceFormat(artifact, "spirv");
  if (!nestSpirvModules(module) ||
      mlirLogicalResultIsFailure(
          tileSerializeGpuModules(module, "bin", artifact, "spirv")))
    return mlirLogicalResultFailure();
  if (!tileArtifactWantsPart(artifact, "spirv-asm"))
    return mlirLogicalResultSuccess();
  TileErrorSink errors = {reportAtModule, &module};
  return tileBackendContextRunCallback(ctx, "spirv-dis",
                                       tileArtifactGetPart(artifact, "spirv"),
                                       artifact, errors);
}

MlirLogicalResult tileVulkanSpirvDis(const TileBackendContext *ctx,
                                     MlirStringRef spirv,
                                     TileArtifact *artifact,
                                     TileErrorSink errors) {
  (void)ctx;
  int in[2], out[2];
  if (pipe(in) || pipe(out)) {
    tileReport(errors, "cannot create pipes for spirv-dis");
    return mlirLogicalResultFailure();
  }
  pid_t pid = fork();
  if (pid == 0) {
    dup2(in[0], 0);
    dup2(out[1], 1);
    close(in[1]);
    close(out[0]);
    execlp("spirv-dis", "spirv-dis", "--raw-id", "-", "-o", "-", (char *)NULL);
    _exit(127);
  }
  close(in[0]);
  close(out[1]);
  /* SPIR-V modules are small; the pipe buffer takes a module whole, and the
   * writer finishes before reading starts. */
  size_t written = 0;
  while (pid > 0 && written < spirv.length) {
    ssize_t n = write(in[1], spirv.data + written, spirv.length - written);
    if (n <= 0)
      break;
    written += (size_t)n;
  }
  close(in[1]);
  TileStrBuf text = TILE_STRBUF_INIT;
  char chunk[4096];
  ssize_t n;
  while ((n = read(out[0], chunk, sizeof(chunk))) > 0)
    tileStrBufAppend(&text, chunk, (size_t)n);
  close(out[0]);
  int status = 0;
  if (pid > 0)
    waitpid(pid, &status, 0);
  bool ok = pid > 0 && WIFEXITED(status) && WEXITSTATUS(status) == 0;
  if (ok)
    tileArtifactSetPart(artifact, "spirv-asm",
                        mlirStringRefCreate(text.data, text.size));
  else
    tileReport(errors, "disassembling SPIR-V needs spirv-dis (package "
                       "spirv-tools), which failed or is missing");
  tileStrBufFree(&text);
  return ok ? mlirLogicalResultSuccess() : mlirLogicalResultFailure();
}
