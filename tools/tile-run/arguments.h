/* The argument values tile-run passes: buffers for memrefs (random or from
 * .npy files), values for scalars. */
#ifndef TILE_RUN_ARGUMENTS_H
#define TILE_RUN_ARGUMENTS_H

#include "options.h"

#include "tile/runtime.h"

typedef struct {
  const TileEntrySignature *entry;
  TileArgValue values[TILE_MAX_KERNEL_ARGS];
} ArgumentSet;

/* Builds the arguments of `entry` from --shape, --input, --arg and --seed.
 * Returns false after printing errors (the set is then empty). */
bool argumentsCreate(const Options *o, const TileEntrySignature *entry,
                     ArgumentSet *set);
/* A deep copy for another call (a reference run, timed runs). */
bool argumentsClone(const ArgumentSet *from, ArgumentSet *to);
void argumentsDestroy(ArgumentSet *set);

/* Writes the buffers named by --output. */
bool argumentsWriteOutputs(const Options *o, const ArgumentSet *set);

/* Prints the buffers named by --print, as nested lists. */
void argumentsPrint(const Options *o, const ArgumentSet *set);

/* Checks that `reference` takes the arguments `entry` takes; prints an
 * error naming `what` otherwise. */
bool argumentsMatch(const TileEntrySignature *entry,
                    const TileEntrySignature *reference, const char *what);

#endif
