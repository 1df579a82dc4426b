/* Pipeline files: embedded at build time, expanded with target parameters. */
#include "backend/backend.h"

#include "support/embed.h"

#include <string.h>

extern const TileEmbeddedFile tilePipelineFiles[];
extern const unsigned tilePipelineFilesCount;

MlirStringRef tileGetPipelineFile(const char *file) {
  for (unsigned i = 0; file && i < tilePipelineFilesCount; ++i)
    if (strcmp(tilePipelineFiles[i].name, file) == 0)
      return mlirStringRefCreate(tilePipelineFiles[i].data,
                                 tilePipelineFiles[i].size);
  return mlirStringRefCreate(NULL, 0);
}

/* Appends the value of parameter `name` (between the braces). */
static bool expandParameter(const char *name, size_t length,
                            const TileTarget *t, TileStrBuf *out,
                            const char *file, TileErrorSink errors) {
  if (length == 4 && strncmp(name, "kind", 4) == 0) {
    tileStrBufAppendStr(out, t->kind);
  } else if (length == 4 && strncmp(name, "chip", 4) == 0) {
    tileStrBufAppendStr(out, t->chip);
  } else if (length == 8 && strncmp(name, "features", 8) == 0) {
    tileStrBufAppendStr(out, t->features);
  } else if (length == 3 && strncmp(name, "opt", 3) == 0) {
    tileStrBufPrintf(out, "%d", t->optLevel);
  } else if (length > 7 && strncmp(name, "option:", 7) == 0) {
    /* {option:KEY|default} */
    const char *key = name + 7;
    const char *bar = memchr(key, '|', length - 7);
    size_t keyLength = bar ? (size_t)(bar - key) : length - 7;
    char keyText[32] = {0};
    if (keyLength >= sizeof(keyText))
      keyLength = sizeof(keyText) - 1;
    memcpy(keyText, key, keyLength);
    const char *value = tileTargetGetOption(t, keyText);
    if (value)
      tileStrBufAppendStr(out, value);
    else if (bar)
      tileStrBufAppend(out, bar + 1, (size_t)(name + length - bar - 1));
    else {
      tileReport(errors,
                 "pipeline '%s' needs target option '%s' (no default given)",
                 file, keyText);
      return false;
    }
  } else {
    tileReport(errors, "pipeline '%s' uses unknown parameter '{%.*s}'", file,
               (int)length, name);
    return false;
  }
  return true;
}

bool tileExpandPipelineFile(const char *file, const TileTarget *target,
                            TileStrBuf *out, TileErrorSink errors) {
  MlirStringRef text = tileGetPipelineFile(file);
  if (!text.data) {
    tileReport(errors, "pipeline file '%s' does not exist", file);
    return false;
  }
  const char *p = text.data, *end = text.data + text.length;
  size_t start = out->size;
  while (p < end) {
    if (p + 1 < end && p[0] == '/' && p[1] == '/') {
      while (p < end && *p != '\n')
        ++p;
      continue;
    }
    if (*p == '\n' || *p == '\r' || *p == '\t' || *p == ' ') {
      /* Whitespace between elements carries no meaning; keep one blank
       * where it separates option words. */
      if (out->size > start && out->data[out->size - 1] != ' ' &&
          out->data[out->size - 1] != '(' && out->data[out->size - 1] != ',')
        tileStrBufAppend(out, " ", 1);
      ++p;
      continue;
    }
    if (*p == '{' && p + 1 < end && p[1] != '}' &&
        (p + 1 < end && (p[1] >= 'a' && p[1] <= 'z'))) {
      const char *close = memchr(p, '}', (size_t)(end - p));
      const char *space = memchr(p, ' ', (size_t)(end - p));
      const char *eq = memchr(p, '=', (size_t)(end - p));
      /* {name} is a parameter; {key=value ...} opens pass options. */
      if (close && (!space || close < space) && (!eq || close < eq)) {
        if (!expandParameter(p + 1, (size_t)(close - p - 1), target, out, file,
                             errors))
          return false;
        p = close + 1;
        continue;
      }
    }
    if ((*p == ')' || *p == ',') && out->size > start &&
        out->data[out->size - 1] == ' ')
      --out->size;
    tileStrBufAppend(out, p, 1);
    ++p;
  }
  while (out->size > start && out->data[out->size - 1] == ' ')
    --out->size;
  if (out->data)
    out->data[out->size] = '\0';
  return true;
}
