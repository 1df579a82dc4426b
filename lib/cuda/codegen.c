/* cuda device codegen: gpu.module -> PTX (and cubin through ptxas). Math
 * ops that NVVM's conversion turns into calls of libdevice (__nv_sinf, ...)
 * link the CUDA toolkit's libdevice, found where the toolkit is. MLIR 22's
 * serialiser links libdevice into every module, and fails when its default
 * toolkit (/usr/local/cuda) is missing, even for kernels that call nothing
 * of it: those get an empty stand-in library instead, so that PTX needs no
 * CUDA toolkit (and no time goes into loading libdevice). */
#define _GNU_SOURCE /* strsignal */
#include "cuda/cuda.h"

#include "backend/backend.h"
#include "ir/ir.h"
#include "support/count.h"
#include "support/subprocess.h"
#include "support/temp_dir.h"

#include "llvm-c/BitWriter.h"
#include "llvm-c/Core.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* How long ptxas may take on one module before it is taken for hung. */
enum { PtxasSeconds = 600 };

/* The CUDA toolkit: the first of $CUDA_ROOT, $CUDA_HOME and $CUDA_PATH that
 * is set (MLIR's order), else /usr/local/cuda. */
static const char *toolkitRoot(void) {
  const char *names[] = {"CUDA_ROOT", "CUDA_HOME", "CUDA_PATH"};
  for (size_t i = 0; i < TILE_COUNT(names); ++i) {
    const char *root = getenv(names[i]);
    if (root && *root)
      return root;
  }
  return "/usr/local/cuda";
}

/* The toolkit root when its nvvm/libdevice/libdevice.10.bc exists, else
 * NULL. */
static const char *libdeviceRoot(char *buf, size_t size) {
  const char *root = toolkitRoot();
  snprintf(buf, size, "%s/nvvm/libdevice/libdevice.10.bc", root);
  return access(buf, R_OK) == 0 ? root : NULL;
}

/* Reports a call of a libdevice function at its location: used when no
 * libdevice was found. */
static void reportLibdeviceCall(MlirOperation call, MlirStringRef callee,
                                void *userData) {
  (void)userData;
  tileEmitErrorAt(mlirOperationGetLocation(call),
                  "needs libdevice for %.*s, and the CUDA toolkit at %s "
                  "has no nvvm/libdevice/libdevice.10.bc ($CUDA_ROOT, "
                  "$CUDA_HOME or $CUDA_PATH name another)",
                  (int)callee.length, callee.data, toolkitRoot());
}

/* A toolkit directory whose nvvm/libdevice/libdevice.10.bc is an empty
 * LLVM module, in `dir` (a template filled in). The module has NVPTX64's
 * triple and data layout (LLVM 22's), or LLVM's linker warns about
 * linking modules of different layouts. */
static bool makeStub(char *dir, size_t size) {
  if (!tileTempDirCreate(dir, size, "tile-cuda-"))
    return false;
  char path[512];
  snprintf(path, sizeof(path), "%s/nvvm", dir);
  mkdir(path, 0700);
  snprintf(path, sizeof(path), "%s/nvvm/libdevice", dir);
  mkdir(path, 0700);
  snprintf(path, sizeof(path), "%s/nvvm/libdevice/libdevice.10.bc", dir);
  LLVMContextRef context = LLVMContextCreate();
  LLVMModuleRef stub = LLVMModuleCreateWithNameInContext("libdevice", context);
  LLVMSetTarget(stub, "nvptx64-nvidia-cuda");
  LLVMSetDataLayout(stub, "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-"
                          "n16:32:64");
  bool written = LLVMWriteBitcodeToFile(stub, path) == 0;
  LLVMDisposeModule(stub);
  LLVMContextDispose(context);
  if (!written)
    tileTempDirRemove(dir);
  return written;
}

MlirLogicalResult tileCudaDeviceCodegen(const TileBackendContext *ctx,
                                        MlirOperation module, bool compile,
                                        TileArtifact *artifact) {
  tileArtifactSetDeviceFormat(artifact, "ptx");
  bool callsLibdevice = tileLibraryCalls(module, "__nv_", NULL, NULL) > 0;
  char buf[512], stub[64] = "", format[600];
  const char *root = callsLibdevice ? libdeviceRoot(buf, sizeof(buf)) : NULL;
  if (callsLibdevice && !root) {
    tileLibraryCalls(module, "__nv_", reportLibdeviceCall, NULL);
    return mlirLogicalResultFailure();
  }
  if (!root && !makeStub(stub, sizeof(stub))) {
    tileEmitErrorAt(mlirOperationGetLocation(module),
                    "cannot write a temporary file in /tmp: %s",
                    strerror(errno));
    return mlirLogicalResultFailure();
  }
  snprintf(format, sizeof(format), "isa toolkit=%s", root ? root : stub);
  MlirLogicalResult serialized =
      tileSerializeGpuModules(module, format, artifact, "ptx");
  if (*stub)
    tileTempDirRemove(stub);
  if (mlirLogicalResultIsFailure(serialized))
    return mlirLogicalResultFailure();
  if (!compile && !tileArtifactWantsPart(artifact, "cubin"))
    return mlirLogicalResultSuccess();
  MlirStringRef ptx = tileArtifactGetPart(artifact, "ptx");
  TileOpErrorSite site = {module, NULL};
  return tileBackendContextRunCallback(ctx, "ptxas", ptx, artifact,
                                       tileOpErrorSink(&site));
}

static bool executable(const char *path) { return access(path, X_OK) == 0; }

const char *tileCudaFindPtxas(char *buffer, size_t size) {
  const char *env = getenv("TILE_PTXAS");
  if (env && executable(env)) {
    snprintf(buffer, size, "%s", env);
    return buffer;
  }
  const char *home = getenv("CUDA_HOME");
  if (home) {
    snprintf(buffer, size, "%s/bin/ptxas", home);
    if (executable(buffer))
      return buffer;
  }
  snprintf(buffer, size, "/usr/local/cuda/bin/ptxas");
  if (executable(buffer))
    return buffer;
  const char *path = getenv("PATH");
  for (const char *p = path; p && *p;) {
    const char *colon = strchr(p, ':');
    size_t n = colon ? (size_t)(colon - p) : strlen(p);
    snprintf(buffer, size, "%.*s/ptxas", (int)n, p);
    if (n && executable(buffer))
      return buffer;
    p = colon ? colon + 1 : NULL;
  }
  return NULL;
}

static bool writeFile(const char *path, MlirStringRef bytes) {
  FILE *f = fopen(path, "wb");
  if (!f)
    return false;
  bool ok = fwrite(bytes.data, 1, bytes.length, f) == bytes.length;
  return fclose(f) == 0 && ok;
}

MlirLogicalResult tileCudaPtxas(const TileBackendContext *ctx,
                                MlirStringRef ptx, TileArtifact *artifact,
                                TileErrorSink errors) {
  char ptxas[512];
  if (!tileCudaFindPtxas(ptxas, sizeof(ptxas))) {
    tileReport(errors, "compiling PTX to a cubin needs ptxas (CUDA toolkit); "
                       "none found in $TILE_PTXAS, $CUDA_HOME/bin, "
                       "/usr/local/cuda/bin or PATH");
    return mlirLogicalResultFailure();
  }
  char dir[64];
  if (!tileTempDirCreate(dir, sizeof(dir), "tile-ptxas-")) {
    tileReport(errors, "cannot create a temporary directory for ptxas");
    return mlirLogicalResultFailure();
  }
  char in[sizeof(dir) + 16], out[sizeof(dir) + 16];
  snprintf(in, sizeof(in), "%s/in.ptx", dir);
  snprintf(out, sizeof(out), "%s/out.cubin", dir);
  MlirLogicalResult result = mlirLogicalResultFailure();
  if (!writeFile(in, ptx)) {
    tileReport(errors, "cannot write %s", in);
  } else {
    char arch[80], opt[8];
    snprintf(arch, sizeof(arch), "-arch=%s", ctx->target.chip);
    snprintf(opt, sizeof(opt), "-O%d", ctx->target.optLevel);
    char *argv[] = {ptxas, arch, opt, in, "-o", out, NULL};
    TileStrBuf log = TILE_STRBUF_INIT;
    int status = 0;
    TileProgramResult r =
        tileRunProgram(argv, true, PtxasSeconds, &log, &status);
    size_t size = 0;
    char *cubin =
        r == TileProgramExited && status == 0 ? tileReadFile(out, &size) : NULL;
    if (cubin) {
      tileArtifactSetPart(artifact, "cubin", mlirStringRefCreate(cubin, size));
      result = mlirLogicalResultSuccess();
    } else if (r == TileProgramNotRun) {
      tileReport(errors, "cannot run %s: %s", ptxas, strerror(errno));
    } else if (r == TileProgramTimedOut) {
      tileReport(errors, "ptxas %s did not finish within %d s", arch,
                 (int)PtxasSeconds);
    } else if (r == TileProgramSignaled) {
      tileReport(errors, "ptxas %s was killed by %s: %s", arch,
                 strsignal(status), tileStrBufGet(&log));
    } else {
      tileReport(errors, "ptxas %s failed: %s", arch, tileStrBufGet(&log));
    }
    free(cubin);
    tileStrBufFree(&log);
  }
  tileTempDirRemove(dir);
  return result;
}
