/* rocm targets: rocm[:gfxNNN]; HIP runtime detection. */
#include "rocm/rocm.h"

#include "backend/backend.h"

#include <dlfcn.h>
#include <string.h>

static const char *const chips[] = {"gfx908", "gfx90a",  "gfx942",
                                    "gfx950", "gfx1100", "gfx1201"};

MlirLogicalResult tileRocmNormalizeTarget(TileTarget *t, TileErrorSink errors) {
  if (!t->chip[0])
    strcpy(t->chip, "gfx942");
  bool known = false;
  for (size_t i = 0; i < sizeof(chips) / sizeof(chips[0]); ++i)
    known |= strcmp(t->chip, chips[i]) == 0;
  if (!known) {
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
