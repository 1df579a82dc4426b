/* cpu targets: cpu[:native|<chip>][,threads=N][,features=+a,-b]. "native"
 * stays the machine compiling, unless $TILE_HOST_CPU names a chip for it. */
#include "cpu/cpu.h"

#include "backend/backend.h"
#include "cpu/chips.h"

#include <stdlib.h>
#include <string.h>

/* "native" becomes the chip $TILE_HOST_CPU names, if any. */
static MlirLogicalResult resolveNative(TileTarget *t, TileErrorSink errors) {
  const char *native = tileCpuNativeChip();
  if (strcmp(t->chip, "native") != 0 || strcmp(native, "native") == 0)
    return mlirLogicalResultSuccess();
  if (!tileCpuChipFeatures(native)) {
    tileReport(errors,
               "TILE_HOST_CPU='%s' is not a cpu the cpu target knows "
               "(valid: %s)",
               native, tileCpuChipList + strlen("native, "));
    return mlirLogicalResultFailure();
  }
  strncpy(t->chip, native, sizeof(t->chip) - 1);
  return mlirLogicalResultSuccess();
}

static MlirLogicalResult checkThreads(const TileTarget *t,
                                      TileErrorSink errors) {
  for (unsigned i = 0; i < t->numOptions; ++i) {
    if (strcmp(t->options[i].key, "threads") != 0) {
      tileReport(errors, "unknown cpu target option '%s' (valid: threads)",
                 t->options[i].key);
      return mlirLogicalResultFailure();
    }
    char *end;
    long n = strtol(t->options[i].value, &end, 10);
    if (*end || n < 1 || n > 4096) {
      tileReport(errors,
                 "cpu option threads=%s must be an integer in "
                 "[1, 4096]",
                 t->options[i].value);
      return mlirLogicalResultFailure();
    }
  }
  return mlirLogicalResultSuccess();
}

MlirLogicalResult tileCpuNormalizeTarget(TileTarget *t, TileErrorSink errors) {
  if (!t->chip[0])
    strcpy(t->chip, "native");
  if (!tileReportCheck(tileCpuCheckChip, t->chip, errors) ||
      !tileReportCheck(tileCpuCheckFeatures, t->features, errors))
    return mlirLogicalResultFailure();
  if (mlirLogicalResultIsFailure(resolveNative(t, errors)))
    return mlirLogicalResultFailure();
  return checkThreads(t, errors);
}

bool tileCpuDetectTarget(TileTarget *t) {
  strcpy(t->kind, "cpu");
  strcpy(t->chip, "native");
  return true;
}

/* Reports the features code for `t` needs and `machine` (NULL: this
 * machine) lacks, if any. */
static bool runsOn(const TileTarget *t, const char *machine,
                   TileErrorSink why) {
  TileStrBuf missing = TILE_STRBUF_INIT;
  unsigned n = tileCpuMissingFeatures(t->chip, t->features, machine, &missing);
  if (n)
    tileReport(
        why, "code for cpu '%s'%s%s needs %s, which %s%s lacks", t->chip,
        t->features[0] ? " with " : "", t->features, tileStrBufGet(&missing),
        machine ? "TILE_HOST_CPU=" : "this machine", machine ? machine : "");
  tileStrBufFree(&missing);
  return n == 0;
}

/* The chip $TILE_HOST_CPU stands for this machine first, then the machine
 * itself: the code must run on both. */
bool tileCpuJitAvailable(const TileTarget *t, TileErrorSink why) {
  const char *native = tileCpuNativeChip();
  if (strcmp(native, "native") != 0 && !runsOn(t, native, why))
    return false;
  return runsOn(t, NULL, why);
}
