/* Command-line flags described by tables: parsing and --help text. */
#include "flags.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* Matches `arg` against `name`, taking "name" or "name=value". */
static bool matchName(const char *arg, const char *name, const char **value) {
  size_t n = strlen(name);
  if (strncmp(arg, name, n) != 0 || (arg[n] != '\0' && arg[n] != '='))
    return false;
  *value = arg[n] == '=' ? arg + n + 1 : NULL;
  return true;
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

static int setBool(const char *value, const char *raw, bool *field,
                   TileFlagErrorFn error) {
  if (!value || !strcmp(value, "true") || !strcmp(value, "1"))
    *field = true;
  else if (!strcmp(value, "false") || !strcmp(value, "0"))
    *field = false;
  else
    return error("invalid value for boolean option '%s'", raw);
  return -1;
}

static int setText(const TileFlagSpec *s, const char *value, const char *raw,
                   const char **field, TileFlagErrorFn error) {
  if (s->kind == TileFlagOptText && !value)
    value = "";
  else if (!value || !value[0])
    return error("'%s' needs a value%s%s", raw, s->meta ? ": " : "",
                 s->meta ? s->meta : "");
  if (s->choices && value[0] && !tileFlagIsChoice(value, s->choices)) {
    char valid[256] = "";
    for (const char *p = s->choices; *p && strlen(valid) + 3 < sizeof(valid);
         ++p)
      strncat(valid, *p == '|' ? ", " : (char[2]){*p, 0},
              sizeof(valid) - strlen(valid) - 1);
    return error("invalid value '%s' for '--%s' (valid: %s)", value, s->name,
                 valid);
  }
  *field = value;
  return -1;
}

static int setCount(const char *value, const char *raw, int64_t *field,
                    TileFlagErrorFn error) {
  char *end = NULL;
  errno = 0;
  long long n = value ? strtoll(value, &end, 10) : -1;
  if (!value || end == value || *end || errno || n < 0)
    return error("'%s' needs a non-negative integer", raw);
  *field = n;
  return -1;
}

int tileFlagParse(const TileFlagSpec *specs, size_t numSpecs, const char *arg,
                  const char *raw, const char *next, bool *tookNext,
                  void *options, TileFlagErrorFn error) {
  *tookNext = false;
  for (size_t i = 0; i < numSpecs; ++i) {
    const TileFlagSpec *s = &specs[i];
    const char *value;
    if (!matchName(arg, s->name, &value))
      continue;
    if (!value && next &&
        (s->kind == TileFlagText || s->kind == TileFlagCount)) {
      value = next;
      *tookNext = true;
    }
    void *field = (char *)options + s->offset;
    switch (s->kind) {
    case TileFlagBool:
      return setBool(value, raw, field, error);
    case TileFlagText:
    case TileFlagOptText:
      return setText(s, value, raw, field, error);
    case TileFlagCount:
      return setCount(value, raw, field, error);
    case TileFlagRejected:
      return error("'--%s' is not supported: %s", s->name, s->help);
    }
  }
  return -2;
}

void tileFlagPrintHelp(const TileFlagSpec *specs, size_t numSpecs, FILE *out) {
  for (size_t i = 0; i < numSpecs; ++i) {
    const TileFlagSpec *s = &specs[i];
    if (s->kind == TileFlagRejected || !s->help)
      continue;
    char left[64];
    /* One-letter flags are spelt as LLVM spells them: "-p <value>". */
    bool letter = strlen(s->name) == 1;
    snprintf(left, sizeof(left), "%s%s%s%s", letter ? "-" : "--", s->name,
             s->meta ? (s->kind == TileFlagOptText ? "[="
                        : letter                   ? " "
                                                   : "=")
                     : "",
             s->meta ? s->meta : "");
    if (s->meta && s->kind == TileFlagOptText)
      strncat(left, "]", sizeof(left) - strlen(left) - 1);
    fprintf(out, "  %-36s %s\n", left, s->help);
  }
}
