/* The machine that runs JIT-compiled code: what it has, and
 * $TILE_HOST_CPU, which makes "native" mean a named chip so that code for an
 * older chip can be run (and tested) on a newer machine. */
#include "cpu/chips.h"

#include "llvm-c/Core.h"
#include "llvm-c/TargetMachine.h"

#include <stdlib.h>
#include <string.h>

const char *tileCpuNativeChip(void) {
  const char *chip = getenv("TILE_HOST_CPU");
  return chip && *chip ? chip : "native";
}

typedef struct {
  char *host;       /* LLVM's "+a,-b,..." of this machine, or NULL */
  const char *chip; /* else the features of a chip */
  TileStrBuf *missing;
  unsigned count;
} Check;

static bool machineHas(const Check *c, const char *feature) {
  if (!c->host)
    return tileCpuListHas(c->chip, feature);
  TileStrBuf plus = TILE_STRBUF_INIT;
  tileStrBufPrintf(&plus, "+%s", feature);
  bool has = tileCpuListHas(c->host, tileStrBufGet(&plus));
  tileStrBufFree(&plus);
  return has;
}

static void require(Check *c, const char *feature) {
  if (machineHas(c, feature))
    return;
  tileStrBufPrintf(c->missing, "%s%s", c->count ? ", " : "", feature);
  ++c->count;
}

/* Calls `fn` on each item of the comma-separated `list` (copied, so that it
 * is NUL-terminated). */
static void forEach(const char *list, void (*fn)(void *, const char *),
                    void *userData) {
  TileStrBuf item = TILE_STRBUF_INIT;
  for (const char *p = list; p && *p;) {
    const char *comma = strchr(p, ',');
    size_t n = comma ? (size_t)(comma - p) : strlen(p);
    tileStrBufClear(&item);
    tileStrBufAppend(&item, p, n);
    fn(userData, tileStrBufGet(&item));
    p = comma ? comma + 1 : NULL;
  }
  tileStrBufFree(&item);
}

typedef struct {
  Check *check;
  const char *features; /* the target's +/- list */
  const char *implied;  /* the chip's */
} Required;

/* A feature of the chip, unless the target removes it. */
static void requireImplied(void *userData, const char *feature) {
  Required *r = userData;
  TileStrBuf minus = TILE_STRBUF_INIT;
  tileStrBufPrintf(&minus, "-%s", feature);
  if (!tileCpuListHas(r->features, tileStrBufGet(&minus)))
    require(r->check, feature);
  tileStrBufFree(&minus);
}

/* A feature the target adds, unless the chip has it already. */
static void requireAdded(void *userData, const char *item) {
  Required *r = userData;
  if (item[0] == '+' && !tileCpuListHas(r->implied, item + 1))
    require(r->check, item + 1);
}

unsigned tileCpuMissingFeatures(const char *chip, const char *features,
                                const char *machine, TileStrBuf *missing) {
  const char *implied = tileCpuChipFeatures(chip);
  const char *has = machine ? tileCpuChipFeatures(machine) : NULL;
  Check c = {has ? NULL : LLVMGetHostCPUFeatures(), has, missing, 0};
  Required r = {&c, features ? features : "", implied ? implied : ""};
  forEach(r.implied, requireImplied, &r);
  forEach(r.features, requireAdded, &r);
  if (c.host)
    LLVMDisposeMessage(c.host);
  return c.count;
}
