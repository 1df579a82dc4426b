/* The x86-64 chips the cpu target knows, the instruction-set features each
 * implies, and the machine that runs the JIT. */
#ifndef TILE_CPU_CHIPS_H
#define TILE_CPU_CHIPS_H

#include "support/strbuf.h"

#include <stdbool.h>
#include <stddef.h>

/* The chips a cpu target accepts besides "native", for messages. */
extern const char tileCpuChipList[];

/* The instruction-set features `chip` implies, comma separated and without
 * the "+" (nor the SSE2 baseline of every x86-64), as LLVM 22 defines the
 * chip; NULL for "native" and unknown names. */
const char *tileCpuChipFeatures(const char *chip);

/* Whether `name` (of `length` bytes, without "+"/"-") is a feature of some
 * chip: what a target's features= may name. */
bool tileCpuIsKnownFeature(const char *name, size_t length);

/* Whether the comma-separated `list` holds `item` exactly. */
bool tileCpuListHas(const char *list, const char *item);

/* Whether `chip` is "native" or a chip of the list; otherwise says so in
 * `why`. */
bool tileCpuCheckChip(const char *chip, TileStrBuf *why);

/* Checks that `features` is a comma-separated list of +name / -name with
 * known names; otherwise describes the first bad item in `why`. */
bool tileCpuCheckFeatures(const char *features, TileStrBuf *why);

/* The chip "native" stands for: $TILE_HOST_CPU when it is set, else
 * "native" (this machine). Reading the environment is all it does. */
const char *tileCpuNativeChip(void);

/* Appends to `missing` (", "-separated) the features that code for `chip`
 * with `features` on top needs and `machine` lacks: a chip name, or NULL for
 * this machine. Returns their number. */
unsigned tileCpuMissingFeatures(const char *chip, const char *features,
                                const char *machine, TileStrBuf *missing);

#endif
