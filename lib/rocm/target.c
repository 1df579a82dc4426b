/* rocm targets: rocm[:gfxNNN]; HIP runtime detection. */
#include "rocm/rocm.h"

#include "backend/backend.h"

#include <dlfcn.h>
#include <string.h>

/* The chips and what a workgroup may use on each, as LLVM 22's AMDGPU
 * backend enforces them (llc -mcpu=<chip> on a kernel beyond them: "local
 * memory (N) exceeds limit (65536)", "stack frame size (N) exceeds limit
 * (131056)"): LDS per workgroup and private (scratch) bytes per thread.
 * Every chip: 1024 threads per workgroup. */
static const TileRocmChip chips[] = {
    {"gfx908", 65536, 131056},  {"gfx90a", 65536, 131056},
    {"gfx942", 65536, 131056},  {"gfx950", 163840, 131056},
    {"gfx1100", 65536, 262136}, {"gfx1201", 65536, 2097144},
};

const TileRocmChip *tileRocmFindChip(const char *name) {
  for (size_t i = 0; i < sizeof(chips) / sizeof(chips[0]); ++i)
    if (strcmp(name, chips[i].name) == 0)
      return &chips[i];
  return NULL;
}

MlirLogicalResult tileRocmNormalizeTarget(TileTarget *t, TileErrorSink errors) {
  if (!t->chip[0])
    strcpy(t->chip, "gfx942");
  if (!tileRocmFindChip(t->chip)) {
    tileReport(errors,
               "unknown rocm chip '%s' (valid: gfx908, gfx90a, gfx942, "
               "gfx950, gfx1100, gfx1201)",
               t->chip);
    return mlirLogicalResultFailure();
  }
  if (t->numOptions) {
    tileReport(errors, "unknown rocm target option '%s' (valid: features, opt)",
               t->options[0].key);
    return mlirLogicalResultFailure();
  }
  return mlirLogicalResultSuccess();
}

typedef int (*HipGetDeviceCount)(int *);

static bool probeRuntime(const char **why) {
  void *lib = dlopen("libamdhip64.so", RTLD_NOW | RTLD_LOCAL);
  if (!lib) {
    *why = "the HIP runtime (libamdhip64.so) is not installed";
    return false;
  }
  HipGetDeviceCount count = (HipGetDeviceCount)dlsym(lib, "hipGetDeviceCount");
  int n = 0;
  bool ok = count && count(&n) == 0 && n > 0;
  if (!ok)
    *why = "the HIP runtime reports no usable device";
  dlclose(lib);
  return ok;
}

bool tileRocmDetectTarget(TileTarget *t) {
  const char *why;
  if (!probeRuntime(&why))
    return false;
  strcpy(t->kind, "rocm");
  return true;
}

bool tileRocmDriverAvailable(const TileTarget *target, TileErrorSink why) {
  (void)target;
  const char *reason = NULL;
  if (probeRuntime(&reason))
    return true;
  tileReport(why, "%s", reason);
  return false;
}
