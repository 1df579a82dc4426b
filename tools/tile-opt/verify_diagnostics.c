/* --verify-diagnostics: matches emitted diagnostics against expected-* comments. */
#include "verify_diagnostics.h"

#include "ir/ir.h"
#include "support/diagnostics.h"
#include "support/strbuf.h"

#include <regex.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  MlirDiagnosticSeverity severity;
  unsigned line;      /* the line the diagnostic is expected on */
  unsigned fromLine;  /* the line holding the comment */
  unsigned column;    /* of the comment, for reports */
  char *text;         /* substring, or regex source for -re */
  bool isRegex;
  regex_t regex;
  bool matched;
} Expectation;

typedef struct {
  MlirDiagnosticSeverity severity;
  unsigned line, column;
  char *message;
  char *file;
} Unexpected;

struct TileDiagnosticVerifier {
  const char *fileName;
  const char *text;
  Expectation *expected;
  unsigned numExpected;
  Unexpected *unexpected;
  unsigned numUnexpected;
  TileStrBuf problems; /* malformed expectations */
};

static bool parseSeverity(const char **p, MlirDiagnosticSeverity *severity) {
  static const struct {
    const char *name;
    MlirDiagnosticSeverity severity;
  } kinds[] = {{"error", MlirDiagnosticError},
               {"warning", MlirDiagnosticWarning},
               {"note", MlirDiagnosticNote},
               {"remark", MlirDiagnosticRemark}};
  for (size_t i = 0; i < 4; ++i) {
    size_t n = strlen(kinds[i].name);
    if (strncmp(*p, kinds[i].name, n) == 0) {
      *p += n;
      *severity = kinds[i].severity;
      return true;
    }
  }
  return false;
}

/* Turns MLIR's -re syntax (literal text with {{regex}} parts) into an ERE. */
static void buildRegex(const char *text, TileStrBuf *out) {
  for (const char *p = text; *p;) {
    if (p[0] == '{' && p[1] == '{') {
      const char *close = strstr(p + 2, "}}");
      if (!close)
        close = p + strlen(p);
      tileStrBufAppendStr(out, "(");
      tileStrBufAppend(out, p + 2, (size_t)(close - p - 2));
      tileStrBufAppendStr(out, ")");
      p = *close ? close + 2 : close;
      continue;
    }
    if (strchr(".[]{}()\\*+?|^$", *p))
      tileStrBufAppendStr(out, "\\");
    tileStrBufAppend(out, p, 1);
    ++p;
  }
}

static void problem(TileDiagnosticVerifier *v, unsigned line, unsigned column,
                    const char *message) {
  tileStrBufPrintf(&v->problems, "%s:%u:%u: error: %s\n", v->fileName, line,
                   column, message);
}

/* Parses one expected-* designator starting at `p` on `line`. */
static void parseExpectation(TileDiagnosticVerifier *v, const char *lineStart,
                             const char *p, const char *lineEnd,
                             unsigned line, unsigned lastLine) {
  unsigned column = (unsigned)(p - lineStart) + 1;
  p += strlen("expected-");
  Expectation e = {0};
  if (!parseSeverity(&p, &e.severity))
    return;
  if (strncmp(p, "-re", 3) == 0) {
    e.isRegex = true;
    p += 3;
  }
  e.line = line;
  e.fromLine = line;
  e.column = column;
  while (p < lineEnd && *p == ' ')
    ++p;
  if (*p == '@') {
    ++p;
    if (strncmp(p, "above", 5) == 0) {
      e.line = line - 1;
      p += 5;
    } else if (strncmp(p, "below", 5) == 0) {
      e.line = line + 1;
      p += 5;
    } else if (*p == '+' || *p == '-') {
      char *end;
      long offset = strtol(p, &end, 10);
      if (end == p + 1) {
        problem(v, line, column, "expected an offset after '@+' or '@-'");
        return;
      }
      e.line = (unsigned)((long)line + offset);
      p = end;
    } else {
      problem(v, line, column, "expected '@above', '@below' or '@+N'");
      return;
    }
  }
  (void)lastLine;
  while (p < lineEnd && *p == ' ')
    ++p;
  const char *open = p;
  const char *close = NULL;
  for (const char *q = lineEnd - 1; q > open + 2; --q)
    if (q[-1] == '}' && q[0] == '}') {
      close = q - 1;
      break;
    }
  if (strncmp(open, "{{", 2) != 0 || !close) {
    problem(v, line, column,
            "expected '{{message}}' after the expected-* designator");
    return;
  }
  e.text = malloc((size_t)(close - open - 2) + 1);
  memcpy(e.text, open + 2, (size_t)(close - open - 2));
  e.text[close - open - 2] = '\0';
  if (e.isRegex) {
    TileStrBuf pattern = TILE_STRBUF_INIT;
    buildRegex(e.text, &pattern);
    if (regcomp(&e.regex, tileStrBufGet(&pattern), REG_EXTENDED | REG_NOSUB)) {
      problem(v, line, column, "invalid regular expression in expected-*-re");
      tileStrBufFree(&pattern);
      free(e.text);
      return;
    }
    tileStrBufFree(&pattern);
  }
  Expectation *grown =
      realloc(v->expected, (v->numExpected + 1) * sizeof(Expectation));
  if (!grown)
    return;
  v->expected = grown;
  v->expected[v->numExpected++] = e;
}

TileDiagnosticVerifier *tileDiagnosticVerifierCreate(const char *fileName,
                                                     const char *text,
                                                     unsigned firstLine,
                                                     unsigned lastLine) {
  TileDiagnosticVerifier *v = calloc(1, sizeof(TileDiagnosticVerifier));
  v->fileName = fileName;
  v->text = text;
  const char *p = text;
  for (unsigned line = 1; *p && line <= lastLine; ++line) {
    const char *end = strchr(p, '\n');
    if (!end)
      end = p + strlen(p);
    if (line >= firstLine) {
      const char *comment = NULL;
      for (const char *q = p; q + 1 < end; ++q)
        if (q[0] == '/' && q[1] == '/') {
          comment = q;
          break;
        }
      for (const char *q = comment; q && q < end;) {
        const char *found = strstr(q, "expected-");
        if (!found || found >= end)
          break;
        parseExpectation(v, p, found, end, line, lastLine);
        q = found + 9;
      }
    }
    p = *end ? end + 1 : end;
  }
  return v;
}

void tileDiagnosticVerifierDestroy(TileDiagnosticVerifier *v) {
  for (unsigned i = 0; i < v->numExpected; ++i) {
    if (v->expected[i].isRegex)
      regfree(&v->expected[i].regex);
    free(v->expected[i].text);
  }
  for (unsigned i = 0; i < v->numUnexpected; ++i) {
    free(v->unexpected[i].message);
    free(v->unexpected[i].file);
  }
  free(v->expected);
  free(v->unexpected);
  tileStrBufFree(&v->problems);
  free(v);
}

static bool matches(const Expectation *e, const char *message) {
  return e->isRegex ? regexec(&e->regex, message, 0, NULL, 0) == 0
                    : strstr(message, e->text) != NULL;
}

static void process(TileDiagnosticVerifier *v, MlirDiagnostic diag) {
  TileStrBuf message = TILE_STRBUF_INIT;
  mlirDiagnosticPrint(diag, tileStrBufCallback, &message);
  MlirDiagnosticSeverity severity = mlirDiagnosticGetSeverity(diag);
  /* mlir-opt turns these notes off while verifying diagnostics. */
  if (severity == MlirDiagnosticNote &&
      strncmp(tileStrBufGet(&message), "see current operation", 21) == 0) {
    tileStrBufFree(&message);
    return;
  }
  MlirStringRef file = {NULL, 0};
  unsigned line = 0, column = 0;
  bool located = tileLocationGetFilePosition(mlirDiagnosticGetLocation(diag),
                                             &file, &line, &column);
  if (located)
    file = tileDiagnosticFileName(file, v->fileName);
  if (located && tileStrRefEquals(file, v->fileName)) {
    for (unsigned i = 0; i < v->numExpected; ++i) {
      Expectation *e = &v->expected[i];
      if (!e->matched && e->severity == severity && e->line == line &&
          matches(e, tileStrBufGet(&message))) {
        e->matched = true;
        tileStrBufFree(&message);
        return;
      }
    }
  }
  Unexpected *grown =
      realloc(v->unexpected, (v->numUnexpected + 1) * sizeof(Unexpected));
  if (grown) {
    v->unexpected = grown;
    v->unexpected[v->numUnexpected++] =
        (Unexpected){severity, line, column, tileStrBufTake(&message),
                     located ? tileStrDupRef(file) : NULL};
  }
  tileStrBufFree(&message);
}

static MlirLogicalResult handle(MlirDiagnostic diag, void *userData) {
  TileDiagnosticVerifier *v = userData;
  process(v, diag);
  intptr_t numNotes = mlirDiagnosticGetNumNotes(diag);
  for (intptr_t i = 0; i < numNotes; ++i)
    process(v, mlirDiagnosticGetNote(diag, i));
  return mlirLogicalResultSuccess();
}

MlirDiagnosticHandlerID
tileDiagnosticVerifierAttach(MlirContext ctx, TileDiagnosticVerifier *v) {
  return mlirContextAttachDiagnosticHandler(ctx, handle, v, NULL);
}

bool tileDiagnosticVerifierFinish(TileDiagnosticVerifier *v, FILE *out) {
  bool ok = v->problems.size == 0;
  fputs(tileStrBufGet(&v->problems), out);
  for (unsigned i = 0; i < v->numUnexpected; ++i) {
    const Unexpected *u = &v->unexpected[i];
    if (u->file)
      fprintf(out, "%s:%u:%u: ", u->file, u->line, u->column);
    else
      fputs("<unknown>:0: ", out);
    fprintf(out, "error: unexpected %s: %s\n",
            tileDiagnosticSeverityName(u->severity), u->message);
    ok = false;
  }
  for (unsigned i = 0; i < v->numExpected; ++i) {
    const Expectation *e = &v->expected[i];
    if (e->matched)
      continue;
    fprintf(out, "%s:%u:%u: error: expected %s \"%s\" was not produced\n",
            v->fileName, e->fromLine, e->column,
            tileDiagnosticSeverityName(e->severity), e->text);
    ok = false;
  }
  return ok;
}
