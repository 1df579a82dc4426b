/* Command-line flags described by tables: parsing and --help text. */
#ifndef TILE_TOOLS_FLAGS_H
#define TILE_TOOLS_FLAGS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

typedef enum {
  TileFlagBool,     /* --name, --name=true|false|1|0 -> bool */
  TileFlagText,     /* --name=value or --name value -> const char * */
  TileFlagOptText,  /* --name or --name=value -> const char * ("" if bare) */
  TileFlagCount,    /* --name=N or --name N, N >= 0 -> int64_t */
  TileFlagRejected, /* accepted by mlir-opt, not expressible here: an error */
} TileFlagKind;

typedef struct {
  const char *name; /* without dashes */
  TileFlagKind kind;
  size_t offset;       /* of the field in the options struct */
  const char *choices; /* TileFlagText: "a|b|c" limits the values; or NULL */
  const char *meta;    /* value placeholder in --help, e.g. "<file>" */
  const char *help;    /* one line; for TileFlagRejected, why it is refused */
} TileFlagSpec;

/* Reports a command-line error (printf style) and returns 1, the exit code. */
typedef int (*TileFlagErrorFn)(const char *fmt, ...)
    __attribute__((format(printf, 1, 2)));

/* Parses `arg` (a command-line word without its leading dashes; `raw` is the
 * word as given) against the table. As in LLVM's option parser, a flag that
 * needs a value and has no "=value" takes the next word, `next` (NULL at the
 * end of the line); *tookNext tells whether it did. Returns -1 when it set a
 * field, -2 when no flag of the table matches, or the exit code of a
 * reported error. */
int tileFlagParse(const TileFlagSpec *specs, size_t numSpecs, const char *arg,
                  const char *raw, const char *next, bool *tookNext,
                  void *options, TileFlagErrorFn error);

/* Prints one help line per flag that is not rejected. */
void tileFlagPrintHelp(const TileFlagSpec *specs, size_t numSpecs, FILE *out);

/* Whether `value` is one of `choices` ("a|b|c"). */
bool tileFlagIsChoice(const char *value, const char *choices);

#endif
