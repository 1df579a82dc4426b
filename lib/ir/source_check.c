/* Checks of the source text, before MLIR's parser sees it, for input that
 * would crash MLIR 22's parser instead of getting an error. */
#include "ir/ir.h"

#include <ctype.h>
#include <string.h>

/* A position in the source being scanned. */
typedef struct {
  MlirStringRef text;
  size_t i;
  unsigned line, column;
} Cursor;

static char at(const Cursor *c, size_t offset) {
  return c->i + offset < c->text.length ? c->text.data[c->i + offset] : '\0';
}

static void advance(Cursor *c) {
  if (at(c, 0) == '\n') {
    ++c->line;
    c->column = 1;
  } else {
    ++c->column;
  }
  ++c->i;
}

/* Past a `//` comment or a string literal at the cursor; false when there is
 * neither (strings end at their quote or at the end of the line). */
static bool skipCommentOrString(Cursor *c) {
  if (at(c, 0) == '/' && at(c, 1) == '/') {
    while (c->i < c->text.length && at(c, 0) != '\n')
      advance(c);
    return true;
  }
  if (at(c, 0) != '"')
    return false;
  advance(c);
  while (c->i < c->text.length && at(c, 0) != '"' && at(c, 0) != '\n') {
    if (at(c, 0) == '\\')
      advance(c);
    advance(c);
  }
  if (at(c, 0) == '"')
    advance(c);
  return true;
}

static bool isIdentifierChar(char ch) {
  return isalnum((unsigned char)ch) || ch == '_' || ch == '$' || ch == '.';
}

/* Whether `word` starts at the cursor as a whole keyword (not part of a
 * name, nor the name of an alias, attribute, value, symbol or block). */
static bool wordAt(const Cursor *c, const char *word) {
  size_t n = strlen(word);
  if (c->i + n > c->text.length || memcmp(c->text.data + c->i, word, n))
    return false;
  char before = c->i ? c->text.data[c->i - 1] : ' ';
  return !isIdentifierChar(at(c, n)) && !isIdentifierChar(before) &&
         !(before && strchr("!#%@^", before));
}

static void skipBlanks(Cursor *c) {
  while (c->i < c->text.length) {
    /* MLIR's lexer skips a NUL inside the text as it skips blanks. */
    if (isspace((unsigned char)at(c, 0)) || at(c, 0) == '\0')
      advance(c);
    else if (!(at(c, 0) == '/' && at(c, 1) == '/' && skipCommentOrString(c)))
      return;
  }
}

/* `array<index`: a dense array of index elements. MLIR has none (its dense
 * arrays hold integers and floats), and MLIR 22's parser dereferences a null
 * float type on it instead of reporting that. */
static bool indexArrayAt(const Cursor *c) {
  if (!wordAt(c, "array"))
    return false;
  Cursor look = *c;
  for (int k = 0; k < 5; ++k)
    advance(&look);
  skipBlanks(&look);
  if (at(&look, 0) != '<')
    return false;
  advance(&look);
  skipBlanks(&look);
  return wordAt(&look, "index");
}

typedef enum { SourceOk, SourceTooDeep, SourceIndexArray } SourceProblem;

/* The first problem in `source`, outside strings and comments, and where. */
static SourceProblem findProblem(MlirStringRef source, unsigned *line,
                                 unsigned *column) {
  Cursor c = {source, 0, 1, 1};
  unsigned depth = 0;
  while (c.i < source.length) {
    if (skipCommentOrString(&c))
      continue;
    *line = c.line;
    *column = c.column;
    char ch = at(&c, 0);
    if (ch == '{' && ++depth > TILE_MAX_NESTING)
      return SourceTooDeep;
    if (ch == '}' && depth)
      --depth;
    if (ch == 'a' && indexArrayAt(&c))
      return SourceIndexArray;
    advance(&c);
  }
  return SourceOk;
}

bool tileCheckSource(MlirContext ctx, MlirStringRef source,
                     MlirStringRef sourceName) {
  unsigned line = 1, column = 1;
  SourceProblem problem = findProblem(source, &line, &column);
  MlirLocation loc = mlirLocationFileLineColGet(ctx, sourceName, line, column);
  switch (problem) {
  case SourceOk:
    return true;
  case SourceTooDeep:
    tileEmitErrorAt(loc,
                    "regions nest deeper than %d levels here; tile-mlir "
                    "reads at most that many (deeper input would exhaust "
                    "the stack of the recursive parser and passes)",
                    TILE_MAX_NESTING);
    return false;
  case SourceIndexArray:
    tileEmitErrorAt(loc, "dense arrays hold integer or float elements, not "
                         "'index' (use array<i64: ...>)");
    return false;
  }
  return false;
}
