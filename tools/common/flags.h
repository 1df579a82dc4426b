/* Command-line flags described by tables: parsing and --help text. */
#ifndef TILE_TOOLS_FLAGS_H
#define TILE_TOOLS_FLAGS_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

typedef enum {
  TileFlagBool,     /* --name, --name=true|false|1|0 -> bool */
  TileFlagText,     /* --name=value -> const char * */
  TileFlagOptText,  /* --name or --name=value -> const char * ("" if bare) */
  TileFlagCount,    /* --name=N, N >= 0 -> int64_t */
  TileFlagReal,     /* --name=X, finite X >= 0 -> double */
  TileFlagList,     /* --name=value, repeatable -> TileFlagValues */
  TileFlagRejected, /* accepted by mlir-opt, not expressible here: an error */
  TileFlagNote,     /* a line of --help only (e.g. for pass names) */
} TileFlagKind;

/* The values of a TileFlagList flag, in command-line order. */
typedef struct {
  const char **items;
  unsigned count;
} TileFlagValues;

void tileFlagValuesFree(TileFlagValues *values);

typedef struct TileFlagParser TileFlagParser;
typedef struct TileFlagSpec TileFlagSpec;

/* Takes a flag in place of storing it at the spec's offset. `value` is the
 * text after '=' (or the next word), NULL for a bare flag; `raw` is the
 * word as given. Returns -1 to go on, else the exit code. */
typedef int (*TileFlagHandler)(const TileFlagParser *parser,
                               const TileFlagSpec *spec, const char *value,
                               const char *raw, void *options);

struct TileFlagSpec {
  const char *name; /* without dashes; one letter: -x */
  TileFlagKind kind;
  size_t offset;          /* of the field in the options struct */
  const char *choices;    /* TileFlagText: "a|b|c" limits the values; or NULL */
  const char *meta;       /* value placeholder in --help, e.g. "<file>" */
  const char *help;       /* lines of --help; for TileFlagRejected, why it is
                             refused; NULL hides the flag */
  TileFlagHandler handle; /* NULL: tileFlagStore */
};

/* Table rows; `at` is the offsetof() of the field in the options struct. */
#define TILE_FLAG(name, kind, at, meta, help)                                  \
  {(name), (kind), (at), NULL, (meta), (help), NULL}
#define TILE_FLAG_CHOICE(name, at, choices, meta, help)                        \
  {(name), TileFlagText, (at), (choices), (meta), (help), NULL}
#define TILE_FLAG_HANDLER(name, kind, at, handle, meta, help)                  \
  {(name), (kind), (at), NULL, (meta), (help), (handle)}
#define TILE_FLAG_REJECTED(name, why)                                          \
  {(name), TileFlagRejected, 0, NULL, NULL, (why), NULL}

/* A tool's command line: its flags, its one input file and its --help. */
struct TileFlagParser {
  const char *tool;     /* "tile-opt": starts every error */
  const char *overview; /* --help text before the flags */
  const char *epilogue; /* --help text after them, or NULL */
  const TileFlagSpec *specs;
  size_t numSpecs;
  int helpWidth; /* of the flag column of --help */
  /* Spelt as LLVM's option parser spells flags: -name as well as --name,
   * and "--name value" as well as "--name=value". Otherwise a flag is
   * --name or --name=value, and a one-letter one -x. */
  bool llvmSpelling;
  size_t inputOffset; /* of the const char * field of the input file */
  /* A word that names no flag, without its dashes (llvmSpelling only);
   * NULL: an unknown option. `value` is the next word when
   * unknownTakesValue claimed it ("--name value"), else NULL. Returns -1 to
   * go on, else the exit code. */
  int (*unknown)(const char *arg, const char *value, void *options);
  /* Whether an unknown flag without "=" takes the next word as its value,
   * as LLVM's parser does for an option whose value is required; NULL:
   * none does. */
  bool (*unknownTakesValue)(const char *name);
};

/* Parses argv[1..] into `options`. Returns -1 to go on, else the exit code
 * (after reporting an error, or from a handler). */
int tileFlagParseArgs(const TileFlagParser *parser, int argc, char **argv,
                      void *options);

/* What a flag without a handler does: checks the value against the kind
 * and stores it. For handlers that do more than store. */
int tileFlagStore(const TileFlagParser *parser, const TileFlagSpec *spec,
                  const char *value, const char *raw, void *options);

/* Prints the overview, one entry per flag that has help, the epilogue. */
void tileFlagPrintHelp(const TileFlagParser *parser, FILE *out);

/* Reports "<tool>: error: <message>" on stderr and returns 1, the exit
 * code. */
int tileToolError(const char *tool, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
int tileToolVError(const char *tool, const char *fmt, va_list args);

/* The visible flag whose name is nearest to `name` (at most two edits
 * away), for a suggestion; NULL when none is near. */
const char *tileFlagNearest(const TileFlagParser *parser, const char *name);

/* Whether `value` is one of `choices` ("a|b|c"). */
bool tileFlagIsChoice(const char *value, const char *choices);

#endif
