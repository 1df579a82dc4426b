/* cpu targets: cpu[:native|<cpu name>][,threads=N]. */
#include "cpu/cpu.h"

#include "backend/backend.h"

#include <stdlib.h>
#include <string.h>

static const char *const chips[] = {
    "native",         "x86-64",  "x86-64-v2",      "x86-64-v3",
    "x86-64-v4",      "haswell", "skylake",        "skylake-avx512",
    "icelake-server", "znver3",  "sapphirerapids", "znver4"};

MlirLogicalResult tileCpuNormalizeTarget(TileTarget *t, TileErrorSink errors) {
  if (!t->chip[0])
    strcpy(t->chip, "native");
  bool known = false;
  for (size_t i = 0; i < sizeof(chips) / sizeof(chips[0]); ++i)
    known |= strcmp(t->chip, chips[i]) == 0;
  if (!known) {
    tileReport(errors,
               "unknown cpu '%s' (valid: native, x86-64, x86-64-v2, "
               "x86-64-v3, x86-64-v4, haswell, skylake, skylake-avx512, "
               "icelake-server, sapphirerapids, znver3, znver4)",
               t->chip);
    return mlirLogicalResultFailure();
  }
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

bool tileCpuDetectTarget(TileTarget *t) {
  strcpy(t->kind, "cpu");
  strcpy(t->chip, "native");
  return true;
}
