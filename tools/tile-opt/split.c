/* --split-input-file: cuts the input into chunks where mlir-opt does. */
#include "split.h"

#include "support/alloc.h"
#include "support/diagnostics.h"
#include "support/strbuf.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

/* The next occurrence of `needle` (n bytes) in [p, end), or NULL. */
static const char *findBytes(const char *p, const char *end, const char *needle,
                             size_t n) {
  for (; (size_t)(end - p) >= n; ++p)
    if (memcmp(p, needle, n) == 0)
      return p;
  return NULL;
}

/* Where the last position asked for is: positions are mostly asked for in
 * order, and each is counted on from the one before (from the start of the
 * text when it lies before it). */
typedef struct {
  const char *text, *at, *lineStart;
  unsigned line;
} Cursor;

static void position(Cursor *c, const char *at, unsigned *line,
                     unsigned *column) {
  if (at < c->at) {
    c->at = c->lineStart = c->text;
    c->line = 1;
  }
  for (; c->at < at; ++c->at)
    if (*c->at == '\n') {
      ++c->line;
      c->lineStart = c->at + 1;
    }
  *line = c->line;
  *column = (unsigned)(at - c->lineStart) + 1;
}

/* Prints a warning the way LLVM's source manager does: location, message,
 * the source line and a caret under the column. */
static void warnNearMiss(FILE *out, const char *fileName, Cursor *cursor,
                         const char *end, const char *at) {
  unsigned line, column;
  position(cursor, at, &line, &column);
  const char *lineStart = at - (column - 1);
  TileStrBuf report = TILE_STRBUF_INIT;
  tileStrBufPrintf(&report,
                   "%s:%u:%u: warning: near miss with file split marker\n",
                   fileName, line, column);
  tileAppendSourceLine(&report, lineStart, (size_t)(end - lineStart), 1, column,
                       1);
  fputs(tileStrBufGet(&report), out);
  tileStrBufFree(&report);
}

static void push(TileChunk **chunks, int *count, Cursor *cursor,
                 const char *begin, const char *end) {
  *chunks = tileReallocArray(*chunks, (size_t)*count + 1, sizeof(TileChunk));
  TileChunk *c = &(*chunks)[(*count)++];
  c->begin = begin;
  c->end = end;
  position(cursor, begin, &c->line, &c->column);
}

/* mlir-opt cuts at the marker less its last two characters and then checks
 * that those two follow (and that the next character is not '0'); the same
 * sliding window is kept here, including its corner cases (an input that
 * starts with the marker keeps the two characters in its first chunk). */
int tileSplitInput(const char *fileName, const char *text, size_t size,
                   const char *marker, FILE *diagnostics, TileChunk **chunks) {
  const size_t checkLen = 2, markerLen = strlen(marker);
  const size_t prefixLen = markerLen > checkLen ? markerLen - checkLen : 0;
  const char *suffix = marker + prefixLen, *end = text + size;
  int count = 0;
  *chunks = NULL;
  Cursor cursor = {text, text, text, 1};
  const char *prev = text, *prevEnd = NULL;
  const char *piece = text;
  for (;;) {
    const char *cut =
        prefixLen ? findBytes(piece, end, marker, prefixLen) : NULL;
    const char *pieceEnd = cut ? cut : end;
    if (piece != text) {
      size_t len = (size_t)(pieceEnd - piece);
      if (prevEnd == prev) {
        prev = piece; /* an empty chunk so far: take this piece as it is */
      } else if (len > checkLen && memcmp(piece, suffix, checkLen) == 0 &&
                 piece[checkLen] != '0') {
        push(chunks, &count, &cursor, prev, prevEnd);
        prev = piece + checkLen;
      } else {
        warnNearMiss(diagnostics, fileName, &cursor, end, piece);
      }
    }
    prevEnd = pieceEnd;
    if (!cut)
      break;
    piece = cut + prefixLen;
  }
  if (prevEnd != prev)
    push(chunks, &count, &cursor, prev, prevEnd);
  return count;
}
