/* --verify-diagnostics: matches emitted diagnostics against expected-*
 * comments. */
#include "verify_diagnostics.h"

#include "ir/ir.h"
#include "support/diagnostics.h"
#include "support/strbuf.h"

#include <regex.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  MlirDiagnosticSeverity severity;
  unsigned line;     /* the line the diagnostic is expected on */
  unsigned fromLine; /* the line holding the comment */
  unsigned column;   /* of the comment, for reports */
  char *text;        /* substring, or regex source for -re */
  bool isRegex;
  bool unknownLocation; /* @unknown */
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
  bool onlyExpected;
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

/* A designator as mlir-opt reads it: the first match on a line, with the
 * message running to the last "}}" of the line. */
static const char *const designator =
    "expected-(error|note|remark|warning)(-re)? *"
    "(@([+-][0-9]+|above|below|unknown))? *\\{\\{(.*)\\}\\}$";

enum { Whole, Severity, Re, At, Where, Message, NumGroups };

static char *group(const char *line, const regmatch_t *m) {
  return strndup(line + m->rm_so, (size_t)(m->rm_eo - m->rm_so));
}

static void addExpectation(TileDiagnosticVerifier *v, Expectation e) {
  Expectation *grown =
      realloc(v->expected, (v->numExpected + 1) * sizeof(Expectation));
  if (!grown) {
    free(e.text);
    return;
  }
  v->expected = grown;
  v->expected[v->numExpected++] = e;
}

/* Reads the designator on `line` (NUL-terminated, trailing blanks removed);
 * returns false when the line holds none. `@below` expectations get line 0
 * and are resolved by the caller. */
static bool parseDesignator(TileDiagnosticVerifier *v, const regex_t *re,
                            const char *text, unsigned line,
                            unsigned lastNonDesignator) {
  regmatch_t m[NumGroups];
  if (regexec(re, text, NumGroups, m, 0) != 0)
    return false;
  Expectation e = {0};
  const char *p = text + m[Severity].rm_so;
  parseSeverity(&p, &e.severity);
  e.isRegex = m[Re].rm_so >= 0;
  e.line = e.fromLine = line;
  e.column = (unsigned)m[Whole].rm_so + 1;
  e.text = group(text, &m[Message]);
  if (m[Where].rm_so >= 0) {
    const char *where = text + m[Where].rm_so;
    if (*where == '+' || *where == '-')
      e.line = (unsigned)((long)line + strtol(where, NULL, 10));
    else if (*where == 'a')
      e.line = lastNonDesignator;
    else if (*where == 'b')
      e.line = 0;
    else
      e.unknownLocation = true;
  }
  if (e.isRegex) {
    TileStrBuf pattern = TILE_STRBUF_INIT;
    buildRegex(e.text, &pattern);
    int bad =
        regcomp(&e.regex, tileStrBufGet(&pattern), REG_EXTENDED | REG_NOSUB);
    tileStrBufFree(&pattern);
    if (bad) {
      problem(v, line, e.column, "invalid regex in expected-*-re");
      free(e.text);
      return true;
    }
  }
  addExpectation(v, e);
  return true;
}

TileDiagnosticVerifier *tileDiagnosticVerifierCreate(const char *fileName,
                                                     const char *text,
                                                     unsigned firstLine,
                                                     unsigned lastLine,
                                                     bool onlyExpected) {
  TileDiagnosticVerifier *v = calloc(1, sizeof(TileDiagnosticVerifier));
  v->onlyExpected = onlyExpected;
  v->fileName = fileName;
  v->text = text;
  regex_t re;
  regcomp(&re, designator, REG_EXTENDED);
  unsigned lastNonDesignator = 0, firstBelow = 0;
  const char *p = text;
  for (unsigned line = 1; *p && line <= lastLine; ++line) {
    const char *end = strchr(p, '\n');
    if (!end)
      end = p + strlen(p);
    const char *trimmed = end;
    while (trimmed > p &&
           (trimmed[-1] == ' ' || trimmed[-1] == '\t' || trimmed[-1] == '\r'))
      --trimmed;
    char *lineText = strndup(p, (size_t)(trimmed - p));
    if (line < firstLine ||
        !parseDesignator(v, &re, lineText, line, lastNonDesignator)) {
      /* A line without a designator: `@below` ones point here. */
      for (unsigned i = firstBelow; i < v->numExpected; ++i)
        if (v->expected[i].line == 0 && !v->expected[i].unknownLocation)
          v->expected[i].line = line;
      firstBelow = v->numExpected;
      lastNonDesignator = line;
    }
    free(lineText);
    p = *end ? end + 1 : end;
  }
  regfree(&re);
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
  bool inFile = located && tileStrRefEquals(file, v->fileName);
  Expectation *nearMiss = NULL;
  for (unsigned i = 0; i < v->numExpected && (inFile || !located); ++i) {
    Expectation *e = &v->expected[i];
    bool here =
        located ? !e->unknownLocation && e->line == line : e->unknownLocation;
    if (e->matched || !here || !matches(e, tileStrBufGet(&message)))
      continue;
    if (e->severity == severity) {
      e->matched = true;
      tileStrBufFree(&message);
      return;
    }
    nearMiss = e;
  }
  if (v->onlyExpected) {
    tileStrBufFree(&message);
    return;
  }
  if (nearMiss) {
    tileStrBufPrintf(&v->problems,
                     "%s:%u:%u: error: '%s' diagnostic emitted when "
                     "expecting a '%s'\n",
                     v->fileName, nearMiss->fromLine, nearMiss->column,
                     tileDiagnosticSeverityName(severity),
                     tileDiagnosticSeverityName(nearMiss->severity));
    tileStrBufFree(&message);
    return;
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
