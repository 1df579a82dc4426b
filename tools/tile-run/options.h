/* tile-run's command line. */
#ifndef TILE_RUN_OPTIONS_H
#define TILE_RUN_OPTIONS_H

#include <stdbool.h>
#include <stdint.h>

/* An option that names an argument position: --shape=IDX=..., --arg,
 * --input, --output. A list of positions gives one option each. */
typedef struct {
  unsigned index;
  const char *value;
  const char *flag; /* the option as written, for messages */
} ArgOption;

typedef struct {
  ArgOption *items;
  unsigned count;
} ArgOptionList;

typedef struct {
  const char *input;
  const char *target;
  const char *targetHost;
  const char *exec;
  const char *entry;
  const char *check;
  const char *emitObject;
  const char *emitHeader;
  const char *cache; /* --cache=DIR */
  bool noCache, cacheInfo;
  bool help, version; /* printed as soon as they are read */
  ArgOptionList shapes, scalars, inputs, outputs, prints;
  uint64_t seed;
  double atol, rtol; /* -1: not given */
  bool transposeA, transposeB;
  long repeat;  /* 0: run once, untimed */
  double flops; /* -1: not given */
} Options;

/* Parses argv into `o`; returns -1 to go on, else the exit code (after
 * printing help or an error). */
int optionsParse(int argc, char **argv, Options *o);
void optionsFree(Options *o);

/* The option of `list` for argument `index`, or NULL. */
const ArgOption *optionsFind(const ArgOptionList *list, unsigned index);

/* Prints "tile-run: error: " and the message to stderr; returns 1. */
int runError(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif
