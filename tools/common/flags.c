/* Command-line flags described by tables: parsing and --help text. */
#include "flags.h"

#include "support/alloc.h"
#include "support/edit_distance.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

int tileToolVError(const char *tool, const char *fmt, va_list args) {
  fprintf(stderr, "%s: error: ", tool);
  vfprintf(stderr, fmt, args);
  fputc('\n', stderr);
  return 1;
}

int tileToolError(const char *tool, const char *fmt, ...) {
  va_list args;
  va_start(args, fmt);
  tileToolVError(tool, fmt, args);
  va_end(args);
  return 1;
}

#define FLAG_ERROR(parser, ...) tileToolError((parser)->tool, __VA_ARGS__)

void tileFlagValuesFree(TileFlagValues *values) {
  free(values->items);
  values->items = NULL;
  values->count = 0;
}

bool tileFlagIsChoice(const char *value, const char *choices) {
  size_t n = strlen(value);
  for (const char *p = choices; p && *p;) {
    const char *bar = strchr(p, '|');
    size_t len = bar ? (size_t)(bar - p) : strlen(p);
    if (len == n && strncmp(p, value, n) == 0)
      return true;
    p = bar ? bar + 1 : NULL;
  }
  return false;
}

static int setBool(const TileFlagParser *p, const char *value, const char *raw,
                   bool *field) {
  if (!value || !strcmp(value, "true") || !strcmp(value, "1"))
    *field = true;
  else if (!strcmp(value, "false") || !strcmp(value, "0"))
    *field = false;
  else
    return FLAG_ERROR(p, "invalid value for boolean option '%s'", raw);
  return -1;
}

/* "invalid value 'x' for '--name' (valid: a, b, c)". */
static int badChoice(const TileFlagParser *p, const TileFlagSpec *s,
                     const char *value) {
  char valid[256] = "";
  for (const char *c = s->choices; *c && strlen(valid) + 3 < sizeof(valid); ++c)
    strncat(valid, *c == '|' ? ", " : (char[2]){*c, 0},
            sizeof(valid) - strlen(valid) - 1);
  return FLAG_ERROR(p, "invalid value '%s' for '--%s' (valid: %s)", value,
                    s->name, valid);
}

static int needsValue(const TileFlagParser *p, const TileFlagSpec *s,
                      const char *raw) {
  return FLAG_ERROR(p, "'%s' needs a value%s%s", raw, s->meta ? ": " : "",
                    s->meta ? s->meta : "");
}

static int setText(const TileFlagParser *p, const TileFlagSpec *s,
                   const char *value, const char *raw, const char **field) {
  /* LLVM's option parser takes "--name=" as an empty value (mlir-opt then
   * judges the value, e.g. an empty --pass-pipeline); tile-run's rule asks
   * for a value. */
  if (s->kind == TileFlagOptText && !value)
    value = "";
  else if (!value || (!value[0] && !p->llvmSpelling))
    return needsValue(p, s, raw);
  if (s->choices && value[0] && !tileFlagIsChoice(value, s->choices))
    return badChoice(p, s, value);
  *field = value;
  return -1;
}

static int setCount(const TileFlagParser *p, const char *value, const char *raw,
                    int64_t *field) {
  char *end = NULL;
  errno = 0;
  long long n = value ? strtoll(value, &end, 10) : -1;
  if (!value || end == value || *end || errno || n < 0)
    return FLAG_ERROR(p, "'%s' needs a non-negative integer", raw);
  *field = n;
  return -1;
}

static int setReal(const TileFlagParser *p, const char *value, const char *raw,
                   double *field) {
  char *end = NULL;
  errno = 0;
  double x = value ? strtod(value, &end) : -1;
  if (!value || end == value || *end || errno || !isfinite(x) || x < 0)
    return FLAG_ERROR(p, "'%s' needs a non-negative number", raw);
  *field = x;
  return -1;
}

static int addValue(const TileFlagParser *p, const TileFlagSpec *s,
                    const char *value, const char *raw, TileFlagValues *field) {
  if (!value || !value[0])
    return needsValue(p, s, raw);
  field->items =
      tileReallocArray(field->items, field->count + 1, sizeof(char *));
  field->items[field->count++] = value;
  return -1;
}

int tileFlagStore(const TileFlagParser *p, const TileFlagSpec *s,
                  const char *value, const char *raw, void *options) {
  void *field = (char *)options + s->offset;
  switch (s->kind) {
  case TileFlagBool:
    return setBool(p, value, raw, field);
  case TileFlagText:
  case TileFlagOptText:
    return setText(p, s, value, raw, field);
  case TileFlagCount:
    return setCount(p, value, raw, field);
  case TileFlagReal:
    return setReal(p, value, raw, field);
  case TileFlagList:
    return addValue(p, s, value, raw, field);
  case TileFlagRejected:
  case TileFlagNote:
    break;
  }
  return FLAG_ERROR(p, "'--%s' is not supported: %s", s->name, s->help);
}

/* The flag `arg` (a word without its `dashes`: "name" or "name=value")
 * names, setting *value to the text after '=' (NULL without one). */
static const TileFlagSpec *findFlag(const TileFlagParser *p, const char *arg,
                                    int dashes, const char **value) {
  for (size_t i = 0; i < p->numSpecs; ++i) {
    const TileFlagSpec *s = &p->specs[i];
    size_t n = strlen(s->name);
    if (s->kind == TileFlagNote ||
        (!p->llvmSpelling && (n == 1) != (dashes == 1)) ||
        strncmp(arg, s->name, n) != 0 || (arg[n] != '\0' && arg[n] != '='))
      continue;
    *value = arg[n] == '=' ? arg + n + 1 : NULL;
    return s;
  }
  return NULL;
}

static bool takesValue(const TileFlagSpec *s) {
  return s->kind == TileFlagText || s->kind == TileFlagCount ||
         s->kind == TileFlagReal || s->kind == TileFlagList;
}

static int setInput(const TileFlagParser *p, const char *word, void *options) {
  const char **input = (const char **)((char *)options + p->inputOffset);
  if (*input)
    return FLAG_ERROR(p, "more than one input file given ('%s')", word);
  *input = word;
  return -1;
}

/* One word of the command line; *i moves past a value taken from the next
 * word. */
static int parseWord(const TileFlagParser *p, int argc, char **argv, int *i,
                     void *options) {
  const char *word = argv[*i];
  if (word[0] != '-' || word[1] == '\0')
    return setInput(p, word, options);
  int dashes = word[1] == '-' ? 2 : 1;
  const char *arg = word + dashes, *value = NULL;
  const TileFlagSpec *s = findFlag(p, arg, dashes, &value);
  if (s && !value && p->llvmSpelling && takesValue(s) && *i + 1 < argc)
    value = argv[++*i];
  if (s)
    return s->handle ? s->handle(p, s, value, word, options)
                     : tileFlagStore(p, s, value, word, options);
  if (p->unknown) {
    const char *next = NULL;
    if (!strchr(arg, '=') && p->unknownTakesValue && *i + 1 < argc &&
        p->unknownTakesValue(arg))
      next = argv[++*i];
    return p->unknown(arg, next, options);
  }
  return FLAG_ERROR(p, "unknown option '%s' (see %s --help)", word, p->tool);
}

int tileFlagParseArgs(const TileFlagParser *p, int argc, char **argv,
                      void *options) {
  for (int i = 1; i < argc; ++i) {
    int code = parseWord(p, argc, argv, &i, options);
    if (code >= 0)
      return code;
  }
  return -1;
}

/* "--name=<meta>", "--name[=<meta>]" or, for one letter, "-x <meta>". */
static void flagUsage(const TileFlagSpec *s, char *out, size_t size) {
  bool letter = strlen(s->name) == 1;
  bool optional = s->kind == TileFlagOptText || s->kind == TileFlagNote;
  snprintf(out, size, "%s%s%s%s%s", letter ? "-" : "--", s->name,
           !s->meta   ? ""
           : optional ? "[="
           : letter   ? " "
                      : "=",
           s->meta ? s->meta : "", s->meta && optional ? "]" : "");
}

/* Help lines after the first are indented to the help column. */
static void printHelpText(const char *help, int indent, FILE *out) {
  for (const char *line = help; line;) {
    const char *end = strchr(line, '\n');
    if (line != help)
      fprintf(out, "%*s", indent, "");
    fprintf(out, "%.*s\n", (int)(end ? end - line : (long)strlen(line)), line);
    line = end ? end + 1 : NULL;
  }
}

void tileFlagPrintHelp(const TileFlagParser *p, FILE *out) {
  fputs(p->overview, out);
  for (size_t i = 0; i < p->numSpecs; ++i) {
    const TileFlagSpec *s = &p->specs[i];
    if (s->kind == TileFlagRejected || !s->help)
      continue;
    char usage[64];
    flagUsage(s, usage, sizeof(usage));
    fprintf(out, "  %-*s ", p->helpWidth, usage);
    printHelpText(s->help, p->helpWidth + 3, out);
  }
  if (p->epilogue)
    fputs(p->epilogue, out);
}

const char *tileFlagNearest(const TileFlagParser *parser, const char *name) {
  const char *best = NULL;
  size_t bestDistance = 3;
  for (size_t i = 0; i < parser->numSpecs; ++i) {
    const TileFlagSpec *spec = &parser->specs[i];
    if (!spec->help || spec->kind == TileFlagNote || strlen(spec->name) < 3)
      continue;
    size_t d = tileEditDistance(name, strlen(name), spec->name);
    if (d < bestDistance) {
      best = spec->name;
      bestDistance = d;
    }
  }
  return best;
}
