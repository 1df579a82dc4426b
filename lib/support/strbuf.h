/* A growable, always NUL-terminated character buffer. */
#ifndef TILE_SUPPORT_STRBUF_H
#define TILE_SUPPORT_STRBUF_H

#include "tile/diagnostics.h"

#include "mlir-c/Support.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>

typedef struct {
  char *data; /* NULL until the first append */
  size_t size;
  size_t capacity;
} TileStrBuf;

#define TILE_STRBUF_INIT {NULL, 0, 0}

void tileStrBufAppend(TileStrBuf *buf, const char *data, size_t size);
void tileStrBufAppendStr(TileStrBuf *buf, const char *str);
void tileStrBufAppendRef(TileStrBuf *buf, MlirStringRef ref);
void tileStrBufPrintf(TileStrBuf *buf, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
void tileStrBufVPrintf(TileStrBuf *buf, const char *fmt, va_list args);
/* Returns the contents (never NULL; "" when empty). */
const char *tileStrBufGet(const TileStrBuf *buf);
void tileStrBufClear(TileStrBuf *buf);
void tileStrBufFree(TileStrBuf *buf);
/* Hands the heap string to the caller (who frees it) and empties the buffer. */
char *tileStrBufTake(TileStrBuf *buf);

/* Formats a message and hands it to the sink in one piece (nothing happens
 * when its callback is NULL): the one printf-style way to report. */
void tileReport(TileErrorSink sink, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* Runs `check` on `value` (a check that says what is wrong in *why, such as
 * a chip's or a pass option's); reports that to the sink and returns false
 * when the value is wrong. */
bool tileReportCheck(bool (*check)(const char *value, TileStrBuf *why),
                     const char *value, TileErrorSink sink);

/* An MlirStringCallback that appends to the TileStrBuf in userData. */
void tileStrBufCallback(MlirStringRef chunk, void *userData);

/* Duplicates a string reference into a NUL-terminated heap string. */
char *tileStrDupRef(MlirStringRef ref);
bool tileStrRefEquals(MlirStringRef ref, const char *str);
/* Whether `ref` is longer than `prefix` and starts with it. */
bool tileStrRefHasPrefix(MlirStringRef ref, const char *prefix);

/* Files read whole (MLIR inputs) stop here: reading a device such as
 * /dev/zero must end with an error, not exhaust memory. */
#define TILE_MAX_FILE_SIZE ((size_t)1 << 30)

/* Reads a whole file (or stdin for "-"); returns NULL and sets errno on
 * failure (EFBIG past TILE_MAX_FILE_SIZE). */
char *tileReadFile(const char *path, size_t *size);

#endif
