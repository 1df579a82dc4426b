/* vulkan device codegen: spirv.module -> SPIR-V binary (and disassembly). */
#define _GNU_SOURCE /* pipe2 */
#include "vulkan/vulkan.h"

#include "backend/backend.h"
#include "ir/ir.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

static MlirWalkResult collectSpirvModules(MlirOperation op, void *userData) {
  if (tileOpIs(op, "spirv.module"))
    tileOpListAppend(userData, op);
  return tileOpIs(op, "builtin.module") ? MlirWalkResultAdvance
                                        : MlirWalkResultSkip;
}

static MlirOperation findGpuModule(MlirOperation module, MlirStringRef name) {
  MlirOperation op = tileSymbolNamed(module, name);
  return !mlirOperationIsNull(op) && tileOpIs(op, "gpu.module")
             ? op
             : (MlirOperation){NULL};
}

static MlirWalkResult findInt64Atomic(MlirOperation op, void *userData) {
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
  if (name.length < 12 || strncmp(name.data, "spirv.Atomic", 12) != 0 ||
      mlirOperationGetNumResults(op) != 1)
    return MlirWalkResultAdvance;
  MlirType type = mlirValueGetType(mlirOperationGetResult(op, 0));
  if (!mlirTypeIsAInteger(type) || mlirIntegerTypeGetWidth(type) != 64)
    return MlirWalkResultAdvance;
  *(bool *)userData = true;
  return MlirWalkResultInterrupt;
}

/* spirv-update-vce does not know that 64-bit atomics need Int64Atomics
 * (spirv-val rejects the module without it): add it to the capabilities
 * the module requires. */
static void requireInt64Atomics(MlirOperation spirvModule) {
  bool needed = false;
  mlirOperationWalk(spirvModule, findInt64Atomic, &needed, MlirWalkPreOrder);
  MlirAttribute vce = tileOpGetAttr(spirvModule, "vce_triple");
  if (!needed || mlirAttributeIsNull(vce))
    return;
  TileStrBuf text = TILE_STRBUF_INIT;
  tileAppendAttr(&text, vce);
  const char *caps = strchr(tileStrBufGet(&text), '[');
  if (caps && !strstr(text.data, "Int64Atomics")) {
    TileStrBuf updated = TILE_STRBUF_INIT;
    tileStrBufAppend(&updated, text.data, (size_t)(caps - text.data) + 1);
    tileStrBufPrintf(&updated, "Int64Atomics, %s", caps + 1);
    MlirAttribute attr =
        mlirAttributeParseGet(mlirOperationGetContext(spirvModule),
                              mlirStringRefCreate(updated.data, updated.size));
    if (!mlirAttributeIsNull(attr))
      mlirOperationSetAttributeByName(
          spirvModule, mlirStringRefCreateFromCString("vce_triple"), attr);
    tileStrBufFree(&updated);
  }
  tileStrBufFree(&text);
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
    requireInt64Atomics(spirv.ops[i]);
    mlirOperationRemoveFromParent(spirv.ops[i]);
    mlirBlockAppendOwnedOperation(body, spirv.ops[i]);
  }
  tileOpListFree(&spirv);
  return ok;
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
  TileOpErrorSite site = {module, NULL};
  return tileBackendContextRunCallback(ctx, "spirv-dis",
                                       tileArtifactGetPart(artifact, "spirv"),
                                       artifact, tileOpErrorSink(&site));
}

/* Writes all of `data` to `fd`; false when the reader went away. SIGPIPE is
 * held back on this thread meanwhile (a spirv-dis that failed to start
 * must not kill the compiler) and a pending one is discarded. */
static bool writeAll(int fd, MlirStringRef data) {
  sigset_t pipeSignal, old;
  sigemptyset(&pipeSignal);
  sigaddset(&pipeSignal, SIGPIPE);
  pthread_sigmask(SIG_BLOCK, &pipeSignal, &old);
  size_t written = 0;
  while (written < data.length) {
    ssize_t n = write(fd, data.data + written, data.length - written);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      break;
    written += (size_t)n;
  }
  if (written < data.length) {
    struct timespec now = {0, 0};
    while (sigtimedwait(&pipeSignal, NULL, &now) == SIGPIPE)
      ;
  }
  pthread_sigmask(SIG_SETMASK, &old, NULL);
  return written == data.length;
}

/* Starts `spirv-dis` reading *in and writing *out. The pipes are
 * close-on-exec, so that programs other threads start meanwhile do not
 * inherit them (and keep them open). */
static bool startSpirvDis(pid_t *pid, int *in, int *out) {
  int toChild[2], fromChild[2];
  if (pipe2(toChild, O_CLOEXEC))
    return false;
  if (pipe2(fromChild, O_CLOEXEC)) {
    close(toChild[0]);
    close(toChild[1]);
    return false;
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, toChild[0], 0);
  posix_spawn_file_actions_adddup2(&actions, fromChild[1], 1);
  char *argv[] = {"spirv-dis", "--raw-id", "-", "-o", "-", NULL};
  int error = posix_spawnp(pid, "spirv-dis", &actions, NULL, argv, environ);
  posix_spawn_file_actions_destroy(&actions);
  close(toChild[0]);
  close(fromChild[1]);
  if (error) {
    close(toChild[1]);
    close(fromChild[0]);
    return false;
  }
  *in = toChild[1];
  *out = fromChild[0];
  return true;
}

MlirLogicalResult tileVulkanSpirvDis(const TileBackendContext *ctx,
                                     MlirStringRef spirv,
                                     TileArtifact *artifact,
                                     TileErrorSink errors) {
  (void)ctx;
  pid_t pid;
  int in, out;
  bool ok = startSpirvDis(&pid, &in, &out);
  TileStrBuf text = TILE_STRBUF_INIT;
  if (ok) {
    /* spirv-dis reads its whole input before it writes: write all, then
     * read all. */
    ok = writeAll(in, spirv);
    close(in);
    char chunk[4096];
    ssize_t n;
    while ((n = read(out, chunk, sizeof(chunk))) > 0 ||
           (n < 0 && errno == EINTR))
      if (n > 0)
        tileStrBufAppend(&text, chunk, (size_t)n);
    close(out);
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
      ;
    ok = ok && WIFEXITED(status) && WEXITSTATUS(status) == 0;
  }
  if (ok)
    tileArtifactSetPart(artifact, "spirv-asm",
                        mlirStringRefCreate(text.data, text.size));
  else
    tileReport(errors, "disassembling SPIR-V needs spirv-dis (package "
                       "spirv-tools), which failed or is missing");
  tileStrBufFree(&text);
  return ok ? mlirLogicalResultSuccess() : mlirLogicalResultFailure();
}
