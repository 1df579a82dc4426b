/* --split-input-file: cuts the input into chunks where mlir-opt does. */
#include "split.h"

#include "support/alloc.h"

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

static void position(const char *text, const char *at, unsigned *line,
                     unsigned *column) {
  const char *lineStart = text;
  *line = 1;
  for (const char *p = text; p < at; ++p)
    if (*p == '\n') {
      ++*line;
      lineStart = p + 1;
    }
  *column = (unsigned)(at - lineStart) + 1;
}

/* Prints a warning the way LLVM's source manager does: location, message,
 * the source line and a caret under the column. */
static void warnNearMiss(FILE *out, const char *fileName, const char *text,
                         const char *end, const char *at) {
  unsigned line, column;
  position(text, at, &line, &column);
  const char *lineStart = at - (column - 1);
  const char *lineEnd = memchr(at, '\n', (size_t)(end - at));
  if (!lineEnd)
    lineEnd = end;
  fprintf(out, "%s:%u:%u: warning: near miss with file split marker\n%.*s\n",
          fileName, line, column, (int)(lineEnd - lineStart), lineStart);
  for (unsigned i = 1; i < column; ++i)
    fputc(lineStart[i - 1] == '\t' ? '\t' : ' ', out);
  fputs("^\n", out);
}

static void push(TileChunk **chunks, int *count, const char *text,
                 const char *begin, const char *end) {
  *chunks = tileReallocArray(*chunks, (size_t)*count + 1, sizeof(TileChunk));
  TileChunk *c = &(*chunks)[(*count)++];
  c->begin = begin;
  c->end = end;
  position(text, begin, &c->line, &c->column);
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
        push(chunks, &count, text, prev, prevEnd);
        prev = piece + checkLen;
      } else {
        warnNearMiss(diagnostics, fileName, text, end, piece);
      }
    }
    prevEnd = pieceEnd;
    if (!cut)
      break;
    piece = cut + prefixLen;
  }
  if (prevEnd != prev)
    push(chunks, &count, text, prev, prevEnd);
  return count;
}
