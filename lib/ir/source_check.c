/* Checks of the source text, before MLIR's parser sees it, for input that
 * would crash MLIR 22's parser instead of getting an error. */
#include "ir/ir.h"

#include "support/alloc.h"

#include <ctype.h>
#include <stdlib.h>
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

/* Whether `word` (`n` characters) names an integer or float type. */
static bool isScalarTypeName(const char *word, size_t n) {
  size_t k = word[0] == 'i' ? 1 : (word[0] == 's' || word[0] == 'u') ? 2 : 0;
  if (k && n > k && (k == 1 || word[1] == 'i')) {
    while (k < n && isdigit((unsigned char)word[k]))
      ++k;
    return k == n;
  }
  if ((n == 4 && !memcmp(word, "bf16", 4)) ||
      (n == 4 && !memcmp(word, "tf32", 4)))
    return true;
  if (word[0] != 'f' || n < 2 || !isdigit((unsigned char)word[1]))
    return false;
  /* f16, f32, ... and the small formats (f8E4M3FN, f4E2M1FN, ...). */
  k = 1;
  while (k < n && isdigit((unsigned char)word[k]))
    ++k;
  while (k < n && isalnum((unsigned char)word[k]))
    ++k;
  return k == n;
}

/* `amdgpu.dpp` (custom form) or `"amdgpu.dpp"` (generic form) at the cursor
 * with a type that is not an integer or float after the last `:` of its
 * line outside brackets, or no such `:` on that line: MLIR 22's verifier of the
 * op reads the source's bit width as that of an integer or float, and crashes
 * on any other type. The parser verifies as it reads, so this is found here. */
static bool dppNeedsScalarAt(const Cursor *c) {
  static const char name[] = "amdgpu.dpp";
  size_t n = sizeof(name) - 1;
  size_t start = c->i;
  if (at(c, 0) == '"') {
    if (c->i + n + 2 > c->text.length ||
        memcmp(c->text.data + c->i + 1, name, n) || at(c, n + 1) != '"')
      return false;
    /* Blanks and comments may come before the operands' `(`. */
    Cursor look = *c;
    for (size_t k = 0; k < n + 2; ++k)
      advance(&look);
    skipBlanks(&look);
    if (at(&look, 0) != '(')
      return false;
    start = look.i;
  } else if (wordAt(c, name)) {
    start += n;
  } else {
    return false;
  }
  const char *text = c->text.data;
  /* The type follows the last `:` outside brackets (`row_shl(1 : i32)`
   * and the properties of the generic form have theirs inside). */
  size_t end = start, colon = 0;
  int depth = 0;
  for (; end < c->text.length && text[end] != '\n'; ++end) {
    char ch = text[end];
    if (ch == '(' || ch == '<' || ch == '{' || ch == '[')
      ++depth;
    else if (ch == ')' || ch == '}' || ch == ']' ||
             (ch == '>' && text[end - 1] != '-'))
      --depth;
    else if (ch == ':' && depth == 0)
      colon = end + 1;
  }
  if (!colon)
    return true;
  for (size_t k = colon; k < end;) {
    if (text[k] == '/' && k + 1 < end && text[k + 1] == '/')
      break;
    if (text[k] == '!' || text[k] == '<' || text[k] == '"')
      return true;
    if (!isalnum((unsigned char)text[k])) {
      ++k;
      continue;
    }
    size_t w = k;
    while (w < end && (isalnum((unsigned char)text[w]) || text[w] == '_'))
      ++w;
    if (!isScalarTypeName(text + k, w - k))
      return true;
    k = w;
  }
  return false;
}

typedef enum {
  SourceOk,
  SourceTooDeep,
  SourceIndexArray,
  SourceDppSource
} SourceProblem;

/* The bracket that `ch` at the cursor opens, or '\0'. Every `<` outside
 * strings opens one in MLIR's grammar (memref<, !llvm.ptr<, #dialect<); only
 * `<=` is no bracket. */
static char opener(const Cursor *c, char ch) {
  if (ch == '{' || ch == '(' || ch == '[')
    return ch;
  return ch == '<' && at(c, 1) != '=' ? ch : '\0';
}

/* The bracket that `ch` at the cursor closes, or '\0': `->` and `>=` close
 * nothing. */
static char closes(const Cursor *c, char ch) {
  switch (ch) {
  case '}':
    return '{';
  case ')':
    return '(';
  case ']':
    return '[';
  case '>':
    return c->i && c->text.data[c->i - 1] == '-' ? '\0'
           : at(c, 1) == '='                     ? '\0'
                                                 : '<';
  default:
    return '\0';
  }
}

/* The nesting depth of each alias defined so far (`#name = ...`,
 * `!name = ...`): a type or attribute built from aliases nests as deep as
 * their definitions together, and MLIR's printer and uniquer recurse through
 * all of it. Open addressing over names in the source text. */
typedef struct {
  const char *name; /* from its sigil on; NULL: an empty slot */
  size_t length;
  unsigned depth;
} Alias;

typedef struct {
  Alias *slots;
  size_t capacity, count;
} AliasTable;

static size_t hashName(const char *name, size_t length) {
  size_t h = 14695981039346656037u;
  for (size_t i = 0; i < length; ++i)
    h = (h ^ (unsigned char)name[i]) * 1099511628211u;
  return h;
}

static Alias *findSlot(Alias *slots, size_t capacity, const char *name,
                       size_t length) {
  for (size_t i = hashName(name, length) & (capacity - 1);;
       i = (i + 1) & (capacity - 1)) {
    Alias *a = &slots[i];
    if (!a->name || (a->length == length && !memcmp(a->name, name, length)))
      return a;
  }
}

static unsigned aliasDepth(const AliasTable *t, const char *name,
                           size_t length) {
  if (!t->count)
    return 0;
  const Alias *a = findSlot(t->slots, t->capacity, name, length);
  return a->name ? a->depth : 0;
}

static void defineAlias(AliasTable *t, const char *name, size_t length,
                        unsigned depth) {
  if (2 * (t->count + 1) > t->capacity) {
    size_t capacity = t->capacity ? 2 * t->capacity : 64;
    Alias *slots = tileCallocArray(capacity, sizeof *slots);
    for (size_t i = 0; i < t->capacity; ++i)
      if (t->slots[i].name)
        *findSlot(slots, capacity, t->slots[i].name, t->slots[i].length) =
            t->slots[i];
    free(t->slots);
    t->slots = slots;
    t->capacity = capacity;
  }
  Alias *a = findSlot(t->slots, t->capacity, name, length);
  t->count += !a->name;
  *a = (Alias){name, length, depth};
}

/* The length of the alias or dialect name (`#x.y`, `!t`) at the cursor,
 * sigil included; 0 when there is none. */
static size_t symbolNameAt(const Cursor *c) {
  char ch = at(c, 0);
  if ((ch != '#' && ch != '!') ||
      !(isalpha((unsigned char)at(c, 1)) || at(c, 1) == '_'))
    return 0;
  size_t n = 2;
  while (isIdentifierChar(at(c, n)) || at(c, n) == '-')
    ++n;
  return n;
}

/* Whether the name at the cursor, `length` long, is followed by `=` (not
 * `==`): an alias definition. */
static bool definesAlias(const Cursor *c, size_t length) {
  Cursor look = *c;
  for (size_t k = 0; k < length; ++k)
    advance(&look);
  while (at(&look, 0) == ' ' || at(&look, 0) == '\t')
    advance(&look);
  return at(&look, 0) == '=' && at(&look, 1) != '=';
}

/* The first problem in `source`, outside strings and comments, and where.
 * Each bracket level is one more recursive call in MLIR's parser (regions,
 * types, attributes, affine expressions, locations), so the depth counts
 * every kind together, and a use of an alias adds the depth of its
 * definition. A closer that does not match the innermost open bracket
 * closes nothing: the parser stops at such text anyway. */
static SourceProblem findProblem(MlirStringRef source, unsigned *line,
                                 unsigned *column) {
  Cursor c = {source, 0, 1, 1};
  char open[TILE_MAX_NESTING];
  unsigned depth = 0;
  AliasTable aliases = {NULL, 0, 0};
  /* The alias being defined: its name, and the deepest nesting its
   * definition reached so far. It ends at a line break outside brackets
   * once something followed its `=`. */
  const char *defining = NULL;
  size_t definingLength = 0;
  unsigned definingDepth = 0;
  bool definitionStarted = false;
  SourceProblem problem = SourceOk;
  /* The chunks of a split input come padded with the lines and columns
   * before them. */
  while (c.i < source.length && (at(&c, 0) == '\n' || at(&c, 0) == ' '))
    advance(&c);
  while (c.i < source.length && problem == SourceOk) {
    if ((at(&c, 0) == '"' || at(&c, 0) == 'a') && dppNeedsScalarAt(&c)) {
      *line = c.line; /* the op's location: its name */
      *column = c.column;
      problem = SourceDppSource;
      break;
    }
    if (skipCommentOrString(&c)) {
      definitionStarted = true;
      continue;
    }
    *line = c.line;
    *column = c.column;
    char ch = at(&c, 0);
    if (defining && ch == '\n' && !depth && definitionStarted) {
      defineAlias(&aliases, defining, definingLength, definingDepth);
      defining = NULL;
    }
    if (defining && !isspace((unsigned char)ch) && ch != '=')
      definitionStarted = true;
    size_t name = symbolNameAt(&c);
    if (name && !depth && !defining && definesAlias(&c, name)) {
      defining = source.data + c.i;
      definingLength = name;
      definingDepth = 0;
      definitionStarted = false;
      for (size_t k = 0; k < name; ++k)
        advance(&c);
      continue;
    }
    unsigned reached = depth;
    if (name)
      reached += aliasDepth(&aliases, source.data + c.i, name);
    if (opener(&c, ch))
      ++reached;
    if (reached > TILE_MAX_NESTING) {
      problem = SourceTooDeep;
      break;
    }
    if (defining && reached > definingDepth)
      definingDepth = reached;
    if (opener(&c, ch))
      open[depth++] = ch;
    else if (closes(&c, ch) && depth && open[depth - 1] == closes(&c, ch))
      --depth;
    if (ch == 'a' && indexArrayAt(&c))
      problem = SourceIndexArray;
    for (size_t k = 0; k < (name ? name : 1); ++k)
      advance(&c);
  }
  free(aliases.slots);
  return problem;
}

bool tileCheckSource(MlirContext ctx, MlirStringRef source,
                     MlirStringRef sourceName) {
  if (tileIsBytecode(source))
    return tileCheckBytecode(ctx, source, sourceName);
  unsigned line = 1, column = 1;
  SourceProblem problem = findProblem(source, &line, &column);
  MlirLocation loc = mlirLocationFileLineColGet(ctx, sourceName, line, column);
  switch (problem) {
  case SourceOk:
    return true;
  case SourceTooDeep:
    tileEmitErrorAt(loc,
                    "brackets nest deeper than %d levels here; tile-mlir "
                    "reads at most that many (deeper input would exhaust "
                    "the stack of the recursive parser and passes)",
                    TILE_MAX_NESTING);
    return false;
  case SourceDppSource:
    tileEmitErrorAt(loc, "'amdgpu.dpp' op needs an integer or float source "
                         "(of at most 64 bits), written on the op's line: "
                         "MLIR 22's verifier of the op crashes on any other "
                         "type");
    return false;
  case SourceIndexArray:
    /* The words of MLIR's parser for the other element types it refuses
     * (and of later MLIR's for this one). */
    tileEmitErrorAt(loc, "expected integer or float type, got: 'index' (a "
                         "dense array has no index elements; use "
                         "array<i64: ...>)");
    return false;
  }
  return false;
}

/* Whether the identifier at `c` (of `n` characters) is an op name of a tile
 * dialect: "tile." or "tile_<name>." then the op. */
static bool isTileOpName(const Cursor *c, size_t n) {
  const char *word = c->text.data + c->i;
  if (n < 6 || memcmp(word, "tile", 4) != 0)
    return false;
  const char *dot = memchr(word, '.', n);
  if (!dot || dot == word + n - 1)
    return false;
  size_t ns = (size_t)(dot - word);
  if (ns == 4)
    return true;
  if (word[4] != '_' || ns == 5)
    return false;
  for (size_t k = 5; k < ns; ++k)
    if (!isalnum((unsigned char)word[k]) && word[k] != '_')
      return false;
  return true;
}

/* The first op of a tile dialect written in a custom form (a bare
 * `tile.fill`, not the quoted `"tile.fill"` of the generic form): its line,
 * column and name. */
static bool findCustomTileOp(MlirStringRef source, unsigned *line,
                             unsigned *column, MlirStringRef *name) {
  Cursor c = {source, 0, 1, 1};
  while (c.i < source.length) {
    if (skipCommentOrString(&c))
      continue;
    char before = c.i ? source.data[c.i - 1] : ' ';
    if (!isIdentifierChar(before) && !strchr("!#%@^", before) &&
        (isalpha((unsigned char)at(&c, 0)) || at(&c, 0) == '_')) {
      size_t n = 0;
      while (c.i + n < source.length && isIdentifierChar(at(&c, n)))
        ++n;
      if (isTileOpName(&c, n)) {
        *line = c.line;
        *column = c.column;
        *name = mlirStringRefCreate(source.data + c.i, n);
        return true;
      }
      while (n--)
        advance(&c);
      continue;
    }
    advance(&c);
  }
  return false;
}

void tileReportSilentParseFailure(MlirContext ctx, MlirStringRef source,
                                  MlirStringRef sourceName) {
  unsigned line = 1, column = 1;
  MlirStringRef name;
  if (!tileIsBytecode(source) &&
      findCustomTileOp(source, &line, &column, &name)) {
    tileEmitErrorAt(
        mlirLocationFileLineColGet(ctx, sourceName, line, column),
        "custom op '%.*s' is unknown: the ops of the tile dialects have only "
        "the generic form, \"%.*s\"(<operands>) : (<types>) -> (<types>)",
        (int)name.length, name.data, (int)name.length, name.data);
    return;
  }
  tileEmitErrorAt(mlirLocationFileLineColGet(ctx, sourceName, line, column),
                  "the input does not parse, and MLIR's parser gave no "
                  "reason (the ops of dialects defined in IRDL have only the "
                  "generic form: \"dialect.op\"(<operands>) : (<types>) -> "
                  "(<types>))");
}

/* Notes that an error was reported; the diagnostic goes on to the other
 * handlers. */
static MlirLogicalResult noteError(MlirDiagnostic diag, void *userData) {
  if (mlirDiagnosticGetSeverity(diag) == MlirDiagnosticError)
    *(bool *)userData = true;
  return mlirLogicalResultFailure();
}

void tileErrorWatchBegin(TileErrorWatch *watch, MlirContext ctx) {
  watch->ctx = ctx;
  watch->sawError = false;
  watch->id = mlirContextAttachDiagnosticHandler(ctx, noteError,
                                                 &watch->sawError, NULL);
}

bool tileErrorWatchEnd(TileErrorWatch *watch) {
  mlirContextDetachDiagnosticHandler(watch->ctx, watch->id);
  return watch->sawError;
}
