/* cuda device codegen: gpu.module -> PTX (and cubin through ptxas). */
#define _GNU_SOURCE /* strsignal */
#include "cuda/cuda.h"

#include "backend/backend.h"
#include "ir/ir.h"
#include "support/subprocess.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* How long ptxas may take on one module before it is taken for hung. */
enum { PtxasSeconds = 600 };

MlirLogicalResult tileCudaDeviceCodegen(const TileBackendContext *ctx,
                                        MlirOperation module, bool compile,
                                        TileArtifact *artifact) {
  tileArtifactSetDeviceFormat(artifact, "ptx");
  if (mlirLogicalResultIsFailure(
          tileSerializeGpuModules(module, "isa", artifact, "ptx")))
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
  char dir[] = "/tmp/tile-ptxas-XXXXXX";
  if (!mkdtemp(dir)) {
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
  unlink(in);
  unlink(out);
  rmdir(dir);
  return result;
}
