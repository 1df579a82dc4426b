/* --run-reproducer: reads the `mlir_reproducer` resource from the text. */
#include "reproducer.h"

#include "ir/ir.h"
#include "support/alloc.h"
#include "support/strbuf.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  MlirStringRef text;
  size_t i;
  unsigned line, column;
} Lexer;

static char at(const Lexer *l, size_t offset) {
  return l->i + offset < l->text.length ? l->text.data[l->i + offset] : '\0';
}

static bool atEnd(const Lexer *l) { return l->i >= l->text.length; }

static void advance(Lexer *l, size_t n) {
  for (; n && !atEnd(l); --n, ++l->i) {
    if (l->text.data[l->i] == '\n') {
      ++l->line;
      l->column = 1;
    } else {
      ++l->column;
    }
  }
}

static bool startsWith(const Lexer *l, const char *s) {
  size_t n = strlen(s);
  return l->i + n <= l->text.length && !memcmp(l->text.data + l->i, s, n);
}

/* Past blanks and `//` comments. */
static void skipTrivia(Lexer *l) {
  while (!atEnd(l)) {
    if (isspace((unsigned char)at(l, 0)))
      advance(l, 1);
    else if (startsWith(l, "//"))
      while (!atEnd(l) && at(l, 0) != '\n')
        advance(l, 1);
    else
      return;
  }
}

/* Reads the string literal at the lexer (MLIR's escapes: \" \\ \n \t and
 * two hex digits) into `out`; false when there is none. */
static bool readString(Lexer *l, TileStrBuf *out) {
  if (at(l, 0) != '"')
    return false;
  advance(l, 1);
  while (!atEnd(l) && at(l, 0) != '"') {
    char c = at(l, 0);
    if (c == '\\') {
      char e = at(l, 1);
      if (isxdigit((unsigned char)e) && isxdigit((unsigned char)at(l, 2))) {
        char hex[3] = {e, at(l, 2), '\0'};
        c = (char)strtol(hex, NULL, 16);
        advance(l, 1);
      } else {
        c = e == 'n' ? '\n' : e == 't' ? '\t' : e;
      }
      advance(l, 1);
    }
    tileStrBufAppend(out, &c, 1);
    advance(l, 1);
  }
  advance(l, 1);
  return true;
}

/* A key: a bare word or a string. */
static bool readKey(Lexer *l, TileStrBuf *out) {
  tileStrBufClear(out);
  if (at(l, 0) == '"')
    return readString(l, out);
  size_t start = l->i;
  while (!atEnd(l) && (isalnum((unsigned char)at(l, 0)) || at(l, 0) == '_' ||
                       at(l, 0) == '.' || at(l, 0) == '-' || at(l, 0) == '$'))
    advance(l, 1);
  tileStrBufAppend(out, l->text.data + start, l->i - start);
  return l->i > start;
}

/* Past a balanced `{...}` (strings and comments inside skipped). */
static bool skipBraces(Lexer *l) {
  unsigned depth = 0;
  while (!atEnd(l)) {
    TileStrBuf ignored = TILE_STRBUF_INIT;
    if (at(l, 0) == '"') {
      readString(l, &ignored);
      tileStrBufFree(&ignored);
      continue;
    }
    if (startsWith(l, "//")) {
      skipTrivia(l);
      continue;
    }
    char c = at(l, 0);
    advance(l, 1);
    if (c == '{')
      ++depth;
    else if (c == '}' && depth == 0)
      return false;
    else if (c == '}' && --depth == 0)
      return true;
  }
  return false;
}

static bool expect(Lexer *l, char c) {
  skipTrivia(l);
  if (at(l, 0) != c)
    return false;
  advance(l, 1);
  skipTrivia(l);
  return true;
}

typedef struct {
  MlirContext ctx;
  const char *fileName;
} Place;

static bool errorAt(const Place *p, const Lexer *l, const char *fmt,
                    const char *key) {
  MlirLocation loc = mlirLocationFileLineColGet(
      p->ctx, mlirStringRefCreateFromCString(p->fileName), l->line, l->column);
  tileEmitErrorAt(loc, fmt, key);
  return false;
}

/* `true` or `false` at the lexer into *value. */
static bool readBool(Lexer *l, int *value) {
  if (startsWith(l, "true") && !isalnum((unsigned char)at(l, 4))) {
    *value = 1;
    advance(l, 4);
    return true;
  }
  if (startsWith(l, "false") && !isalnum((unsigned char)at(l, 5))) {
    *value = 0;
    advance(l, 5);
    return true;
  }
  return false;
}

/* The body of the `mlir_reproducer` entry, in MLIR's words for what is
 * wrong in it. */
static bool readEntries(const Place *p, Lexer *l, Reproducer *r) {
  if (!expect(l, '{'))
    return true;
  TileStrBuf key = TILE_STRBUF_INIT, value = TILE_STRBUF_INIT;
  bool ok = true;
  while (ok && !atEnd(l) && at(l, 0) != '}') {
    Lexer keyAt = *l;
    if (!readKey(l, &key) || !expect(l, ':'))
      break;
    const char *name = tileStrBufGet(&key);
    if (!strcmp(name, "pipeline")) {
      tileStrBufClear(&value);
      ok = readString(l, &value) ||
           errorAt(p, l, "expected string value for key '%s'", name);
      if (ok) {
        free(r->pipeline);
        r->pipeline = tileStrDup(tileStrBufGet(&value));
      }
    } else if (!strcmp(name, "disable_threading") ||
               !strcmp(name, "verify_each")) {
      int *field = name[0] == 'd' ? &r->disableThreading : &r->verifyEach;
      ok = readBool(l, field) ||
           errorAt(p, l, "expected 'true' or 'false' value for key '%s'", name);
    } else {
      ok = errorAt(p, &keyAt, "unknown 'mlir_reproducer' resource key '%s'",
                   name);
    }
    if (ok && !expect(l, ','))
      break;
  }
  tileStrBufFree(&key);
  tileStrBufFree(&value);
  return ok;
}

/* The groups of the file metadata (`{-#` already read): the
 * external_resources group's mlir_reproducer entry is read, everything
 * else skipped. */
static bool readMetadata(const Place *p, Lexer *l, Reproducer *r) {
  TileStrBuf group = TILE_STRBUF_INIT, name = TILE_STRBUF_INIT;
  bool ok = true;
  for (skipTrivia(l); ok && !atEnd(l) && !startsWith(l, "#-}");) {
    if (!readKey(l, &group) || !expect(l, ':'))
      break;
    if (strcmp(tileStrBufGet(&group), "external_resources")) {
      if (!skipBraces(l))
        break;
    } else if (expect(l, '{')) {
      while (ok && !atEnd(l) && at(l, 0) != '}') {
        if (!readKey(l, &name) || !expect(l, ':'))
          break;
        if (!strcmp(tileStrBufGet(&name), "mlir_reproducer")) {
          ok = readEntries(p, l, r);
          if (ok && !expect(l, '}'))
            break;
        } else if (!skipBraces(l)) {
          break;
        }
        if (ok && !expect(l, ','))
          break;
      }
      advance(l, 1);
    }
    if (!expect(l, ','))
      break;
  }
  tileStrBufFree(&group);
  tileStrBufFree(&name);
  return ok;
}

bool readReproducer(MlirContext ctx, const char *fileName, MlirStringRef text,
                    Reproducer *r) {
  *r = (Reproducer){NULL, -1, -1};
  Place p = {ctx, fileName};
  Lexer l = {text, 0, 1, 1};
  /* The metadata block, outside strings and comments. */
  while (!atEnd(&l)) {
    if (at(&l, 0) == '"') {
      TileStrBuf ignored = TILE_STRBUF_INIT;
      readString(&l, &ignored);
      tileStrBufFree(&ignored);
    } else if (startsWith(&l, "//")) {
      skipTrivia(&l);
    } else if (startsWith(&l, "{-#")) {
      advance(&l, 3);
      return readMetadata(&p, &l, r);
    } else {
      advance(&l, 1);
    }
  }
  return true;
}

void freeReproducer(Reproducer *r) {
  free(r->pipeline);
  r->pipeline = NULL;
}
