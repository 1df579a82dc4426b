/* The vector registers of a cpu target, from its chip name and features. */
#include "cpu/lowering.h"

#include "llvm-c/Core.h"
#include "llvm-c/TargetMachine.h"

#include <string.h>

typedef struct {
  const char *chip;
  int vectorBits;
} ChipWidth;

/* Widths the chips accepted by tileCpuNormalizeTarget vectorise with. */
static const ChipWidth chipWidths[] = {
    {"x86-64", 128},         {"x86-64-v2", 128},      {"x86-64-v3", 256},
    {"haswell", 256},        {"skylake", 256},        {"znver3", 256},
    {"x86-64-v4", 512},      {"skylake-avx512", 512}, {"icelake-server", 512},
    {"sapphirerapids", 512}, {"znver4", 512},
};

/* Whether the comma-separated `features` holds exactly `feature`. */
static bool hasFeature(const char *features, const char *feature) {
  size_t n = strlen(feature);
  for (const char *p = features; p && *p;) {
    const char *comma = strchr(p, ',');
    size_t len = comma ? (size_t)(comma - p) : strlen(p);
    if (len == n && strncmp(p, feature, n) == 0)
      return true;
    p = comma ? comma + 1 : NULL;
  }
  return false;
}

/* Applies +/- avx features on top of `bits`. */
static int applyFeatures(int bits, const char *features) {
  if (!features || !*features)
    return bits;
  if (hasFeature(features, "+avx512f"))
    bits = 512;
  else if (bits > 256 && hasFeature(features, "-avx512f"))
    bits = 256;
  if (bits < 256 &&
      (hasFeature(features, "+avx2") || hasFeature(features, "+avx")))
    bits = 256;
  if (bits > 128 && (hasFeature(features, "-avx") ||
                     (bits == 256 && hasFeature(features, "-avx2"))))
    bits = 128;
  return bits;
}

static int hostVectorBits(void) {
  char *features = LLVMGetHostCPUFeatures();
  int bits = hasFeature(features, "+avx512f") ? 512
             : hasFeature(features, "+avx2")  ? 256
                                              : 128;
  LLVMDisposeMessage(features);
  return bits;
}

int tileCpuVectorBits(const char *chip, const char *features) {
  int bits = 128;
  if (!chip || !*chip || strcmp(chip, "native") == 0)
    bits = hostVectorBits();
  else
    for (size_t i = 0; i < sizeof(chipWidths) / sizeof(chipWidths[0]); ++i)
      if (strcmp(chip, chipWidths[i].chip) == 0)
        bits = chipWidths[i].vectorBits;
  return applyFeatures(bits, features);
}

int tileCpuVectorRegisters(int vectorBits) {
  return vectorBits >= 512 ? 32 : 16;
}
