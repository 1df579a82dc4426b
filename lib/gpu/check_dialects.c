/* tile-gpu-check-dialects: ops of another target's dialects (nvgpu and
 * nvvm are CUDA's, amdgpu and rocdl AMD's, spirv Vulkan's, gpu the GPU
 * targets' on cpu) are reported where they are. Each target's conversions leave
 * them alone, so they failed later without a location ("<unknown>:0: error:
 * LLVM Translation failed for operation: builtin.unrealized_conversion_cast"
 * for nvgpu on rocm), or compiled into code for the wrong GPU without a word
 * (nvvm on rocm and vulkan). A backend's extension of the tile dialect,
 * tile_<backend> (dialects/tile_<backend>.irdl.mlir), is loaded wherever that
 * backend is registered: its ops parse on every target and failed in LLVM's
 * translation or SPIR-V's legalisation. Every tile_<backend> dialect but
 * the target's own is foreign without being listed, so that a new
 * backend's extension needs no change to the other pipelines; its ops are
 * reported with the target they need. */
#include "gpu/fail.h"
#include "ir/ir.h"
#include "passes/pass.h"
#include "support/list.h"

#include <string.h>

enum { OptTarget, OptForeign };

/* The dialects of one kind of target that another may be given: the GPU
 * targets' own, and the cpu's vector extensions. */
#define TARGET_DIALECTS                                                        \
  "gpu|nvgpu|nvvm|amdgpu|rocdl|spirv|x86vector|amx|arm_neon|arm_sve|arm_sme"

static const TilePassOption options[] = {
    [OptTarget] = {"target", TileOptionString, "gpu",
                   "the target named in messages", NULL, NULL},
    [OptForeign] = {"foreign", TileOptionList, "",
                    "comma-separated dialects the target does not lower "
                    "(e.g. nvgpu,nvvm); another backend's extension of the "
                    "tile dialect (tile_<backend>) is foreign unlisted",
                    TARGET_DIALECTS, NULL},
};

typedef struct {
  const TileOptionValue *values;
  unsigned errors;
} Check;

/* Whether dialect `name` (length `n`) is tile_<backend> for a backend other
 * than `target`; *backend is then where <backend> starts. */
static bool isOtherExtension(const char *name, size_t n, const char *target,
                             const char **backend) {
  static const char prefix[] = "tile_";
  size_t len = sizeof(prefix) - 1;
  if (n <= len || strncmp(name, prefix, len) != 0)
    return false;
  *backend = name + len;
  return !(n - len == strlen(target) &&
           strncmp(*backend, target, n - len) == 0);
}

static MlirWalkResult check(MlirOperation op, void *userData) {
  Check *c = userData;
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
  const char *dot = memchr(name.data, '.', name.length);
  if (!dot)
    return MlirWalkResultAdvance;
  size_t n = (size_t)(dot - name.data);
  const char *target = c->values[OptTarget].s, *backend;
  if (isOtherExtension(name.data, n, target, &backend)) {
    int len = (int)(n - (size_t)(backend - name.data));
    tileGpuFail(&c->errors, op,
                "needs --target=%.*s: the %.*s dialect extends the tile "
                "dialect for the %.*s backend only, and the %s target does "
                "not lower it",
                len, backend, (int)n, name.data, len, backend, target);
  } else if (tileListContains(c->values[OptForeign].s, ',', name.data, n)) {
    if (n == 3 && strncmp(name.data, "gpu", 3) == 0)
      tileGpuFail(&c->errors, op,
                  "belongs to the gpu dialect, which the %s target does not "
                  "lower: its kernels run as host code",
                  target);
    else
      tileGpuFail(&c->errors, op,
                  "belongs to the %.*s dialect, which is another target's: "
                  "the %s target does not lower it",
                  (int)n, name.data, target);
  }
  return MlirWalkResultAdvance;
}

static void run(MlirOperation op, MlirExternalPass pass,
                const TileOptionValue *values) {
  Check c = {values, 0};
  mlirOperationWalk(op, check, &c, MlirWalkPreOrder);
  if (c.errors)
    mlirExternalPassSignalFailure(pass);
}

const TilePassDescriptor tileGpuCheckDialectsPass = {
    .argument = "tile-gpu-check-dialects",
    .name = "TileGpuCheckDialects",
    .summary = "Report ops of dialects that belong to another target",
    .anchor = "",
    .options = options,
    .numOptions = TILE_COUNT(options),
    .run = run,
};
