/* rocm targets: rocm[:gfxNNN]; HIP runtime detection (tile-hip-devices). */
#include "rocm/rocm.h"

#include "backend/backend.h"
#include "support/count.h"
#include "support/subprocess.h"

#include <pthread.h>
#include <stdio.h>
#include <string.h>

/* The chips and what a workgroup may use on each, as LLVM 22's AMDGPU
 * backend enforces them (llc -mcpu=<chip> on a kernel beyond them: "local
 * memory (N) exceeds limit (65536)", "stack frame size (N) exceeds limit
 * (131056)"): LDS per workgroup and private (scratch) bytes per thread;
 * and the waves a SIMD holds (LLVM's getMaxWavesPerEU: 10 on gfx908, 8 on
 * the chips with gfx90a's instructions, 16 on RDNA3 and 4); whether global
 * loads can write LDS directly (global_load_lds_dword: CDNA3 and 4, which
 * amdgpu.gather_to_lds lowers to). Every chip: 1024 threads per
 * workgroup. */
static const TileRocmChip chips[] = {
    {"gfx908", 65536, 131056, 10, false},
    {"gfx90a", 65536, 131056, 8, false},
    {"gfx942", 65536, 131056, 8, true},
    {"gfx950", 163840, 131056, 8, true},
    {"gfx1100", 65536, 262136, 16, false},
    {"gfx1201", 65536, 2097144, 16, false},
};

const TileRocmChip *tileRocmFindChip(const char *name) {
  for (size_t i = 0; i < TILE_COUNT(chips); ++i)
    if (strcmp(name, chips[i].name) == 0)
      return &chips[i];
  return NULL;
}

bool tileRocmCheckChip(const char *chip, TileStrBuf *why) {
  if (tileRocmFindChip(chip))
    return true;
  tileStrBufPrintf(why, "unknown rocm chip '%s' (valid: %s)", chip,
                   TILE_ROCM_CHIPS);
  return false;
}

MlirLogicalResult tileRocmNormalizeTarget(TileTarget *t, TileErrorSink errors) {
  if (!t->chip[0])
    strcpy(t->chip, "gfx942");
  if (!tileReportCheck(tileRocmCheckChip, t->chip, errors))
    return mlirLogicalResultFailure();
  /* The lowering decides the wave size and the rest; a feature such as
   * +wavefrontsize32 would contradict it, and rocdl-attach-target would
   * take any string. */
  if (t->features[0]) {
    tileReport(errors,
               "rocm targets take no features (got '%s'); the chip decides "
               "them",
               t->features);
    return mlirLogicalResultFailure();
  }
  if (t->numOptions) {
    tileReport(errors, "unknown rocm target option '%s' (valid: opt)",
               t->options[0].key);
    return mlirLogicalResultFailure();
  }
  return mlirLogicalResultSuccess();
}

/* How long the probe may take: loading the HIP runtime can be slow on a
 * busy machine; one that takes longer is taken for hung. */
enum { ProbeSeconds = 60 };

/* Asks tile-hip-devices (see there for why it is a separate program).
 * Returns NULL or the reason HIP work cannot run here (kept for the
 * process). */
static const char *probeOnce(void) {
  TileStrBuf out = TILE_STRBUF_INIT, why = TILE_STRBUF_INIT;
  const char *prefix = "unavailable: ";
  bool answered = tileRunHelperProgram("tile-hip-devices", "the HIP runtime",
                                       ProbeSeconds, &out, &why);
  const char *line = tileStrBufGet(&out);
  if (answered && strncmp(line, "available\n", 10) == 0) {
    tileStrBufFree(&out);
    return NULL;
  }
  if (answered && strncmp(line, prefix, strlen(prefix)) == 0)
    tileStrBufPrintf(&why, "%.*s", (int)strcspn(line + strlen(prefix), "\n"),
                     line + strlen(prefix));
  else if (answered)
    tileStrBufPrintf(&why, "the HIP runtime gave no answer");
  tileStrBufFree(&out);
  return tileStrBufTake(&why);
}

static pthread_once_t probed = PTHREAD_ONCE_INIT;
static const char *probedReason;

static void probeForProcess(void) { probedReason = probeOnce(); }

/* The answer is the same for the whole process and is asked once. */
static bool probeRuntime(const char **why) {
  pthread_once(&probed, probeForProcess);
  *why = probedReason;
  return !probedReason;
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
