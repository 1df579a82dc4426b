/* The x86-64 chips the cpu target knows and the instruction-set features
 * each implies. The lists are what clang-22 -march=CHIP puts in
 * "target-features", less the SSE2 baseline and the features compiled code
 * never uses on its own (system instructions such as xsave, rdrnd, sgx or
 * amx, key locker: a machine lacking one still runs the code);
 * test/Target/CPU/chips.test compares them with clang's. */
#include "cpu/chips.h"

#include "support/count.h"

#include <string.h>

typedef struct {
  const char *chip;
  const char *features;
} Chip;

#define V2 "crc32,cx16,popcnt,sahf,sse3,sse4.1,sse4.2,ssse3"
#define V3 "avx,avx2,bmi,bmi2,f16c,fma,lzcnt,movbe," V2
#define AVX512 "avx512bw,avx512cd,avx512dq,avx512f,avx512vl"
#define ICELAKE                                                                \
  "avx512bitalg,avx512ifma,avx512vbmi,avx512vbmi2,avx512vnni,"                 \
  "avx512vpopcntdq,gfni,sha,vaes,vpclmulqdq"
#define SKYLAKE "adx,aes,pclmul,prfchw," V3
#define SAPPHIRERAPIDS                                                         \
  "avx512bf16,avx512fp16,avxvnni," ICELAKE "," AVX512 "," SKYLAKE
#define ZEN3 "adx,aes,pclmul,prfchw,sha,sse4a,vaes,vpclmulqdq," V3

static const Chip chips[] = {
    {"x86-64", ""},
    {"x86-64-v2", V2},
    {"x86-64-v3", V3},
    {"x86-64-v4", AVX512 "," V3},
    {"nehalem", V2},
    {"westmere", "pclmul," V2},
    {"sandybridge", "avx,pclmul," V2},
    {"ivybridge", "avx,f16c,pclmul," V2},
    {"haswell", "pclmul," V3},
    {"broadwell", "adx,pclmul,prfchw," V3},
    {"skylake", SKYLAKE},
    {"skylake-avx512", AVX512 "," SKYLAKE},
    {"cascadelake", "avx512vnni," AVX512 "," SKYLAKE},
    {"cooperlake", "avx512bf16,avx512vnni," AVX512 "," SKYLAKE},
    {"icelake-client", ICELAKE "," AVX512 "," SKYLAKE},
    {"icelake-server", ICELAKE "," AVX512 "," SKYLAKE},
    {"tigerlake", "avx512vp2intersect," ICELAKE "," AVX512 "," SKYLAKE},
    {"alderlake", "avxvnni,gfni,sha,vaes,vpclmulqdq," SKYLAKE},
    {"sapphirerapids", SAPPHIRERAPIDS},
    {"emeraldrapids", SAPPHIRERAPIDS},
    {"graniterapids", "prefetchi," SAPPHIRERAPIDS},
    {"znver1", "sha,sse4a," SKYLAKE},
    {"znver2", "sha,sse4a," SKYLAKE},
    {"znver3", ZEN3},
    {"znver4", "avx512bf16," ICELAKE "," AVX512 "," ZEN3},
    {"znver5", "avx512bf16,avx512vp2intersect,avxvnni,prefetchi," ICELAKE
               "," AVX512 "," ZEN3},
};

const char tileCpuChipList[] =
    "native, x86-64, x86-64-v2, x86-64-v3, x86-64-v4, nehalem, westmere, "
    "sandybridge, ivybridge, haswell, broadwell, skylake, skylake-avx512, "
    "cascadelake, cooperlake, icelake-client, icelake-server, tigerlake, "
    "alderlake, sapphirerapids, emeraldrapids, graniterapids, znver1, znver2, "
    "znver3, znver4, znver5";

const char *tileCpuChipFeatures(const char *chip) {
  for (size_t i = 0; i < TILE_COUNT(chips); ++i)
    if (strcmp(chip, chips[i].chip) == 0)
      return chips[i].features;
  return NULL;
}

bool tileCpuCheckChip(const char *chip, TileStrBuf *why) {
  if (strcmp(chip, "native") == 0 || tileCpuChipFeatures(chip))
    return true;
  tileStrBufPrintf(why, "unknown cpu '%s' (valid: %s)", chip, tileCpuChipList);
  return false;
}

/* Whether the comma-separated `list` holds the `length` bytes at `item`. */
static bool listHasN(const char *list, const char *item, size_t length) {
  for (const char *p = list; p && *p;) {
    const char *comma = strchr(p, ',');
    size_t n = comma ? (size_t)(comma - p) : strlen(p);
    if (n == length && strncmp(p, item, length) == 0)
      return true;
    p = comma ? comma + 1 : NULL;
  }
  return false;
}

bool tileCpuListHas(const char *list, const char *item) {
  return listHasN(list, item, strlen(item));
}

bool tileCpuIsKnownFeature(const char *name, size_t length) {
  for (size_t i = 0; i < TILE_COUNT(chips); ++i)
    if (listHasN(chips[i].features, name, length))
      return true;
  return false;
}

bool tileCpuCheckFeatures(const char *features, TileStrBuf *why) {
  for (const char *p = features; p && *p;) {
    const char *comma = strchr(p, ',');
    size_t n = comma ? (size_t)(comma - p) : strlen(p);
    if (n < 2 || (p[0] != '+' && p[0] != '-')) {
      tileStrBufPrintf(why, "cpu feature '%.*s' must be +NAME or -NAME", (int)n,
                       p);
      return false;
    }
    if (!tileCpuIsKnownFeature(p + 1, n - 1)) {
      tileStrBufPrintf(why,
                       "unknown cpu feature '%.*s' (known: the features of "
                       "the chips, e.g. avx2, fma, f16c, avx512f, avx512bf16)",
                       (int)n - 1, p + 1);
      return false;
    }
    p = comma ? comma + 1 : NULL;
  }
  return true;
}
