/* A growable, always NUL-terminated character buffer. */
#include "support/strbuf.h"
#include "support/alloc.h"

#include "support/alloc.h"

#include <errno.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void reserve(TileStrBuf *buf, size_t extra) {
  size_t need = buf->size + extra + 1;
  if (need <= buf->capacity)
    return;
  size_t capacity = buf->capacity ? buf->capacity : 64;
  while (capacity < need)
    capacity *= 2;
  buf->data = tileReallocArray(buf->data, capacity, 1);
  buf->capacity = capacity;
}

void tileStrBufAppend(TileStrBuf *buf, const char *data, size_t size) {
  reserve(buf, size);
  if (size)
    memcpy(buf->data + buf->size, data, size);
  buf->size += size;
  buf->data[buf->size] = '\0';
}

void tileStrBufAppendStr(TileStrBuf *buf, const char *str) {
  tileStrBufAppend(buf, str, strlen(str));
}

void tileStrBufAppendRef(TileStrBuf *buf, MlirStringRef ref) {
  tileStrBufAppend(buf, ref.data, ref.length);
}

void tileStrBufVPrintf(TileStrBuf *buf, const char *fmt, va_list args) {
  va_list copy;
  va_copy(copy, args);
  int n = vsnprintf(NULL, 0, fmt, copy);
  va_end(copy);
  if (n <= 0)
    return;
  reserve(buf, (size_t)n);
  vsnprintf(buf->data + buf->size, (size_t)n + 1, fmt, args);
  buf->size += (size_t)n;
}

void tileStrBufPrintf(TileStrBuf *buf, const char *fmt, ...) {
  va_list args;
  va_start(args, fmt);
  tileStrBufVPrintf(buf, fmt, args);
  va_end(args);
}

void tileReport(TileErrorSink sink, const char *fmt, ...) {
  if (!sink.callback)
    return;
  TileStrBuf buf = TILE_STRBUF_INIT;
  va_list args;
  va_start(args, fmt);
  tileStrBufVPrintf(&buf, fmt, args);
  va_end(args);
  sink.callback(mlirStringRefCreate(tileStrBufGet(&buf), buf.size),
                sink.userData);
  tileStrBufFree(&buf);
}

bool tileReportCheck(bool (*check)(const char *value, TileStrBuf *why),
                     const char *value, TileErrorSink sink) {
  TileStrBuf why = TILE_STRBUF_INIT;
  bool valid = check(value, &why);
  if (!valid)
    tileReport(sink, "%s", tileStrBufGet(&why));
  tileStrBufFree(&why);
  return valid;
}

const char *tileStrBufGet(const TileStrBuf *buf) {
  return buf->data ? buf->data : "";
}

void tileStrBufClear(TileStrBuf *buf) {
  buf->size = 0;
  if (buf->data)
    buf->data[0] = '\0';
}

void tileStrBufFree(TileStrBuf *buf) {
  free(buf->data);
  buf->data = NULL;
  buf->size = buf->capacity = 0;
}

char *tileStrBufTake(TileStrBuf *buf) {
  char *data = buf->data;
  if (!data) {
    data = tileMalloc(1);
    data[0] = '\0';
  }
  buf->data = NULL;
  buf->size = buf->capacity = 0;
  return data;
}

void tileStrBufCallback(MlirStringRef chunk, void *userData) {
  tileStrBufAppendRef((TileStrBuf *)userData, chunk);
}

char *tileStrDupRef(MlirStringRef ref) {
  char *str = tileMalloc(ref.length + 1);
  if (ref.length)
    memcpy(str, ref.data, ref.length);
  str[ref.length] = '\0';
  return str;
}

bool tileStrRefEquals(MlirStringRef ref, const char *str) {
  size_t n = strlen(str);
  return ref.length == n && (n == 0 || memcmp(ref.data, str, n) == 0);
}

bool tileStrRefHasPrefix(MlirStringRef ref, const char *prefix) {
  size_t n = strlen(prefix);
  return ref.length > n && memcmp(ref.data, prefix, n) == 0;
}

char *tileReadFile(const char *path, size_t *size) {
  FILE *file = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
  if (!file)
    return NULL;
  TileStrBuf buf = TILE_STRBUF_INIT;
  char chunk[65536];
  size_t n;
  while (buf.size <= TILE_MAX_FILE_SIZE &&
         (n = fread(chunk, 1, sizeof(chunk), file)) > 0)
    tileStrBufAppend(&buf, chunk, n);
  bool tooLarge = buf.size > TILE_MAX_FILE_SIZE;
  bool failed = ferror(file) || tooLarge;
  if (file != stdin)
    fclose(file);
  if (failed) {
    tileStrBufFree(&buf);
    errno = tooLarge ? EFBIG : errno ? errno : EIO;
    return NULL;
  }
  if (size)
    *size = buf.size;
  return tileStrBufTake(&buf);
}
