/* Splits target text into kind, chip and options; prints canonical targets. */
#include "tile/target.h"

#include "support/strbuf.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool copyField(char *dst, size_t size, const char *src, size_t length) {
  if (length >= size)
    return false;
  memcpy(dst, src, length);
  dst[length] = '\0';
  return true;
}

/* Applies one `key=value` item. */
static bool applyOption(TileTarget *t, const char *item, size_t length,
                        TileErrorSink errors) {
  const char *eq = memchr(item, '=', length);
  if (!eq || eq == item) {
    tileReport(errors, "target option '%.*s' is not of the form key=value",
               (int)length, item);
    return false;
  }
  size_t keyLength = (size_t)(eq - item);
  const char *value = eq + 1;
  size_t valueLength = length - keyLength - 1;
  if (keyLength == 3 && strncmp(item, "opt", 3) == 0) {
    if (valueLength != 1 || value[0] < '0' || value[0] > '3') {
      tileReport(errors, "target option opt=%.*s must be 0, 1, 2 or 3",
                 (int)valueLength, value);
      return false;
    }
    t->optLevel = value[0] - '0';
    return true;
  }
  if (keyLength == 8 && strncmp(item, "features", 8) == 0) {
    if (!copyField(t->features, sizeof(t->features), value, valueLength)) {
      tileReport(errors, "target features are too long");
      return false;
    }
    return true;
  }
  for (unsigned i = 0; i < t->numOptions; ++i)
    if (strlen(t->options[i].key) == keyLength &&
        strncmp(t->options[i].key, item, keyLength) == 0) {
      tileReport(errors, "target option '%.*s' is given twice", (int)keyLength,
                 item);
      return false;
    }
  if (t->numOptions == TILE_TARGET_MAX_OPTIONS) {
    tileReport(errors, "too many target options (at most %d)",
               TILE_TARGET_MAX_OPTIONS);
    return false;
  }
  TileTargetOption *o = &t->options[t->numOptions];
  if (!copyField(o->key, sizeof(o->key), item, keyLength) ||
      !copyField(o->value, sizeof(o->value), value, valueLength)) {
    tileReport(errors, "target option '%.*s' is too long", (int)length, item);
    return false;
  }
  ++t->numOptions;
  return true;
}

MlirLogicalResult tileTargetParse(MlirStringRef text, TileTarget *t,
                                  TileErrorSink errors) {
  memset(t, 0, sizeof(*t));
  t->optLevel = 3;
  const char *p = text.data, *end = text.data + text.length;
  while (p < end && isspace((unsigned char)*p))
    ++p;
  while (end > p && isspace((unsigned char)end[-1]))
    --end;
  const char *comma = memchr(p, ',', (size_t)(end - p));
  const char *head_end = comma ? comma : end;
  const char *colon = memchr(p, ':', (size_t)(head_end - p));
  const char *kind_end = colon ? colon : head_end;
  if (kind_end == p) {
    tileReport(errors, "empty target kind in '%.*s'", (int)text.length,
               text.data);
    return mlirLogicalResultFailure();
  }
  for (const char *q = p; q < kind_end; ++q)
    if (!isalnum((unsigned char)*q) && *q != '_' && *q != '-') {
      tileReport(errors, "invalid target kind '%.*s'", (int)(kind_end - p), p);
      return mlirLogicalResultFailure();
    }
  if (!copyField(t->kind, sizeof(t->kind), p, (size_t)(kind_end - p)) ||
      (colon && !copyField(t->chip, sizeof(t->chip), colon + 1,
                           (size_t)(head_end - colon - 1)))) {
    tileReport(errors, "target '%.*s' is too long", (int)text.length,
               text.data);
    return mlirLogicalResultFailure();
  }
  if (colon && !t->chip[0]) {
    tileReport(errors, "empty chip after '%s:'", t->kind);
    return mlirLogicalResultFailure();
  }
  for (const char *item = comma ? comma + 1 : NULL; item;) {
    const char *next = memchr(item, ',', (size_t)(end - item));
    const char *item_end = next ? next : end;
    if (item_end == item) {
      tileReport(errors, "empty target option in '%.*s'", (int)text.length,
                 text.data);
      return mlirLogicalResultFailure();
    }
    if (!applyOption(t, item, (size_t)(item_end - item), errors))
      return mlirLogicalResultFailure();
    item = next ? next + 1 : NULL;
  }
  return mlirLogicalResultSuccess();
}

void tileTargetPrint(const TileTarget *t, MlirStringCallback callback,
                     void *userData) {
  TileStrBuf buf = TILE_STRBUF_INIT;
  tileStrBufAppendStr(&buf, t->kind);
  if (t->chip[0])
    tileStrBufPrintf(&buf, ":%s", t->chip);
  if (t->features[0])
    tileStrBufPrintf(&buf, ",features=%s", t->features);
  if (t->optLevel != 3)
    tileStrBufPrintf(&buf, ",opt=%d", t->optLevel);
  for (unsigned i = 0; i < t->numOptions; ++i)
    tileStrBufPrintf(&buf, ",%s=%s", t->options[i].key, t->options[i].value);
  callback(mlirStringRefCreate(tileStrBufGet(&buf), buf.size), userData);
  tileStrBufFree(&buf);
}

const char *tileTargetGetOption(const TileTarget *t, const char *key) {
  for (unsigned i = 0; i < t->numOptions; ++i)
    if (strcmp(t->options[i].key, key) == 0)
      return t->options[i].value;
  return NULL;
}
