/* Parses pass options written as in MLIR pipelines: {key=value key2="a b"}. */
#include "passes/pass.h"

#include "support/alloc.h"
#include "support/list.h"
#include "support/strbuf.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

static bool choiceAllowed(const char *choices, const char *value) {
  return tileListContains(choices, '|', value, strlen(value));
}

/* The first item of the comma-separated `value` that is none of
 * `choices`, or NULL; its length in *length. Empty items are allowed. */
static const char *itemNotAllowed(const char *choices, const char *value,
                                  size_t *length) {
  for (const char *item = value; *item;) {
    const char *comma = strchr(item, ',');
    size_t n = comma ? (size_t)(comma - item) : strlen(item);
    if (n && !tileListContains(choices, '|', item, n)) {
      *length = n;
      return item;
    }
    item += comma ? n + 1 : n;
  }
  return NULL;
}

static const char *kindName(TileOptionKind kind) {
  switch (kind) {
  case TileOptionBool:
    return "bool";
  case TileOptionInt:
    return "int";
  case TileOptionString:
    return "string";
  case TileOptionList:
    return "list";
  }
  return "?";
}

/* Sets `value` from `text` for `option`; returns false with a message. */
static bool setValue(const TilePassDescriptor *desc,
                     const TilePassOption *option, const char *text,
                     TileOptionValue *value, TileErrorSink errors) {
  switch (option->kind) {
  case TileOptionBool:
    if (strcmp(text, "true") == 0 || strcmp(text, "1") == 0) {
      value->b = true;
      return true;
    }
    if (strcmp(text, "false") == 0 || strcmp(text, "0") == 0) {
      value->b = false;
      return true;
    }
    break;
  case TileOptionInt: {
    char *end = NULL;
    errno = 0;
    long long v = strtoll(text, &end, 0);
    if (*text && end && *end == '\0' && errno == 0) {
      value->i = v;
      return true;
    }
    break;
  }
  case TileOptionList: {
    size_t n = 0;
    const char *bad =
        option->choices ? itemNotAllowed(option->choices, text, &n) : NULL;
    if (!bad) {
      free(value->s);
      value->s = tileStrDup(text);
      return true;
    }
    tileReport(errors,
               "invalid item '%.*s' in the value of option '%s' of pass '%s' "
               "(expected a comma-separated list of: %s)",
               (int)n, bad, option->name, desc->argument, option->choices);
    return false;
  }
  case TileOptionString:
    if (option->check) {
      TileStrBuf why = TILE_STRBUF_INIT;
      bool valid = option->check(text, &why);
      if (!valid)
        tileReport(errors,
                   "invalid value '%s' for option '%s' of pass '%s': %s", text,
                   option->name, desc->argument, tileStrBufGet(&why));
      tileStrBufFree(&why);
      if (!valid)
        return false;
    }
    if (!option->choices || choiceAllowed(option->choices, text)) {
      free(value->s);
      value->s = tileStrDup(text);
      return true;
    }
    tileReport(errors,
               "invalid value '%s' for option '%s' of pass '%s' (expected one "
               "of: %s)",
               text, option->name, desc->argument, option->choices);
    return false;
  }
  tileReport(errors, "invalid value '%s' for %s option '%s' of pass '%s'", text,
             kindName(option->kind), option->name, desc->argument);
  return false;
}

static const TilePassOption *findOption(const TilePassDescriptor *desc,
                                        const char *name, unsigned *index) {
  for (unsigned i = 0; i < desc->numOptions; ++i)
    if (strcmp(desc->options[i].name, name) == 0) {
      *index = i;
      return &desc->options[i];
    }
  return NULL;
}

static void listOptionNames(const TilePassDescriptor *desc, TileStrBuf *buf) {
  if (desc->numOptions == 0) {
    tileStrBufAppendStr(buf, "it takes no options");
    return;
  }
  tileStrBufAppendStr(buf, "valid options: ");
  for (unsigned i = 0; i < desc->numOptions; ++i)
    tileStrBufPrintf(buf, "%s%s", i ? ", " : "", desc->options[i].name);
}

/* Reads one value token starting at *p: a quoted string, a braced list or a
 * bare word. Returns false on an unterminated quote or brace. */
static bool readValue(const char **p, const char *end, TileStrBuf *out) {
  const char *s = *p;
  if (s < end && (*s == '"' || *s == '\'')) {
    char quote = *s++;
    const char *close = memchr(s, quote, (size_t)(end - s));
    if (!close)
      return false;
    tileStrBufAppend(out, s, (size_t)(close - s));
    *p = close + 1;
    return true;
  }
  if (s < end && *s == '{') {
    int depth = 0;
    const char *q = s;
    for (; q < end; ++q) {
      if (*q == '{')
        ++depth;
      else if (*q == '}' && --depth == 0)
        break;
    }
    if (q == end)
      return false;
    tileStrBufAppend(out, s, (size_t)(q + 1 - s));
    *p = q + 1;
    return true;
  }
  const char *q = s;
  while (q < end && !isspace((unsigned char)*q))
    ++q;
  tileStrBufAppend(out, s, (size_t)(q - s));
  *p = q;
  return true;
}

TileOptionValue *tileParsePassOptions(const TilePassDescriptor *desc,
                                      MlirStringRef text,
                                      TileErrorSink errors) {
  TileOptionValue *values =
      tileCallocArray(desc->numOptions, sizeof(TileOptionValue));
  for (unsigned i = 0; i < desc->numOptions; ++i)
    if (!setValue(desc, &desc->options[i], desc->options[i].defaultValue,
                  &values[i], errors))
      goto fail;

  const char *p = text.data, *end = text.data + text.length;
  TileStrBuf key = TILE_STRBUF_INIT, value = TILE_STRBUF_INIT;
  while (p < end) {
    while (p < end && isspace((unsigned char)*p))
      ++p;
    if (p == end)
      break;
    tileStrBufClear(&key);
    tileStrBufClear(&value);
    const char *k = p;
    while (p < end && *p != '=' && !isspace((unsigned char)*p))
      ++p;
    tileStrBufAppend(&key, k, (size_t)(p - k));
    unsigned index = 0;
    const TilePassOption *option = findOption(desc, key.data, &index);
    if (!option) {
      TileStrBuf names = TILE_STRBUF_INIT;
      listOptionNames(desc, &names);
      tileReport(errors, "unknown option '%s' for pass '%s' (%s)", key.data,
                 desc->argument, tileStrBufGet(&names));
      tileStrBufFree(&names);
      goto failBufs;
    }
    if (p < end && *p == '=') {
      ++p;
      if (!readValue(&p, end, &value)) {
        tileReport(errors, "unterminated value for option '%s' of pass '%s'",
                   key.data, desc->argument);
        goto failBufs;
      }
    } else if (option->kind == TileOptionBool) {
      tileStrBufAppendStr(&value, "true");
    } else {
      tileReport(errors, "option '%s' of pass '%s' needs a value", key.data,
                 desc->argument);
      goto failBufs;
    }
    if (!setValue(desc, option, tileStrBufGet(&value), &values[index], errors))
      goto failBufs;
  }
  tileStrBufFree(&key);
  tileStrBufFree(&value);
  return values;

failBufs:
  tileStrBufFree(&key);
  tileStrBufFree(&value);
fail:
  tileFreePassOptions(desc, values);
  return NULL;
}

void tileFreePassOptions(const TilePassDescriptor *desc,
                         TileOptionValue *values) {
  if (!values)
    return;
  for (unsigned i = 0; i < desc->numOptions; ++i)
    free(values[i].s);
  free(values);
}

static int byName(const void *a, const void *b) {
  const TilePassOption *const *x = a, *const *y = b;
  return strcmp((*x)->name, (*y)->name);
}

void tilePrintPassOptions(MlirStringRef argument, MlirStringRef options,
                          TileStrBuf *out) {
  const TilePassDescriptor *desc = tileFindPassDescriptor(argument);
  if (!desc || !desc->numOptions)
    return;
  TileOptionValue *values =
      tileParsePassOptions(desc, options, (TileErrorSink){NULL, NULL});
  if (!values)
    return;
  const TilePassOption **sorted =
      tileCallocArray(desc->numOptions, sizeof(*sorted));
  for (unsigned i = 0; i < desc->numOptions; ++i)
    sorted[i] = &desc->options[i];
  qsort(sorted, desc->numOptions, sizeof(*sorted), byName);
  tileStrBufAppendStr(out, "{");
  for (unsigned i = 0; i < desc->numOptions; ++i) {
    const TileOptionValue *v = &values[sorted[i] - desc->options];
    tileStrBufPrintf(out, " %s=", sorted[i]->name);
    switch (sorted[i]->kind) {
    case TileOptionBool:
      tileStrBufAppendStr(out, v->b ? "true" : "false");
      break;
    case TileOptionInt:
      tileStrBufPrintf(out, "%lld", (long long)v->i);
      break;
    case TileOptionString:
    case TileOptionList:
      /* Quoted when it holds what would end the value. */
      if (v->s && v->s[strcspn(v->s, " \t{},")])
        tileStrBufPrintf(out, "\"%s\"", v->s);
      else
        tileStrBufAppendStr(out, v->s ? v->s : "");
      break;
    }
  }
  tileStrBufAppendStr(out, "}");
  free(sorted);
  tileFreePassOptions(desc, values);
}
