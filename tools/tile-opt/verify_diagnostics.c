/* --verify-diagnostics: matches emitted diagnostics against expected-*
 * comments. */
#include "verify_diagnostics.h"

#include "ir/ir.h"
#include "support/alloc.h"
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

struct TileDiagnosticVerifier {
  const char *fileName;
  const char *text;
  Expectation *expected;
  unsigned numExpected;
  FILE *out;   /* where problems are reported, as they are found */
  bool failed; /* a problem was reported */
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

/* Appends line `line` of the checked file and a mark under `width`
 * characters from `column`, as mlir-opt shows the place of its reports. */
static void appendSourceLine(const TileDiagnosticVerifier *v, TileStrBuf *out,
                             unsigned line, unsigned column, size_t width) {
  const char *p = v->text;
  for (unsigned i = 1; i < line && p; ++i) {
    p = strchr(p, '\n');
    p = p ? p + 1 : NULL;
  }
  if (!p || line == 0)
    return;
  const char *end = strchr(p, '\n');
  size_t length = end ? (size_t)(end - p) : strlen(p);
  tileStrBufPrintf(out, "%.*s\n", (int)length, p);
  for (unsigned i = 1; i < column && i <= length; ++i)
    tileStrBufAppend(out, p[i - 1] == '\t' ? "\t" : " ", 1);
  tileStrBufAppendStr(out, "^");
  for (size_t i = 1; i < width; ++i)
    tileStrBufAppendStr(out, "~");
  tileStrBufAppendStr(out, "\n");
}

static void problem(TileDiagnosticVerifier *v, unsigned line, unsigned column,
                    size_t width, const char *message) {
  TileStrBuf report = TILE_STRBUF_INIT;
  tileStrBufPrintf(&report, "%s:%u:%u: error: %s\n", v->fileName, line, column,
                   message);
  appendSourceLine(v, &report, line, column, width);
  fputs(tileStrBufGet(&report), v->out);
  tileStrBufFree(&report);
  v->failed = true;
}

/* A designator as mlir-opt reads it: the first match on a line, with the
 * message running to the last "}}" of the line. */
static const char *const designator =
    "expected-(error|note|remark|warning)(-re)? *"
    "(@([+-][0-9]+|above|below|unknown))? *\\{\\{(.*)\\}\\}$";

enum { Whole, Severity, Re, At, Where, Message, NumGroups };

static char *group(const char *line, const regmatch_t *m) {
  return tileStrNDup(line + m->rm_so, (size_t)(m->rm_eo - m->rm_so));
}

static void addExpectation(TileDiagnosticVerifier *v, Expectation e) {
  v->expected =
      tileReallocArray(v->expected, v->numExpected + 1, sizeof(Expectation));
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
      char why[128], message[160];
      regerror(bad, &e.regex, why, sizeof(why));
      snprintf(message, sizeof(message), "invalid regex: %s", why);
      problem(v, line, e.column, strlen(e.text), message);
      free(e.text);
      return true;
    }
  }
  addExpectation(v, e);
  return true;
}

TileDiagnosticVerifier *tileDiagnosticVerifierCreate(const char *fileName,
                                                     const char *text,
                                                     bool onlyExpected,
                                                     FILE *out) {
  TileDiagnosticVerifier *v =
      tileCallocArray(1, sizeof(TileDiagnosticVerifier));
  v->onlyExpected = onlyExpected;
  v->out = out;
  v->fileName = fileName;
  v->text = text;
  regex_t re;
  regcomp(&re, designator, REG_EXTENDED);
  unsigned lastNonDesignator = 0, firstBelow = 0;
  const char *p = text;
  for (unsigned line = 1; *p; ++line) {
    const char *end = strchr(p, '\n');
    if (!end)
      end = p + strlen(p);
    const char *trimmed = end;
    while (trimmed > p &&
           (trimmed[-1] == ' ' || trimmed[-1] == '\t' || trimmed[-1] == '\r'))
      --trimmed;
    char *lineText = tileStrNDup(p, (size_t)(trimmed - p));
    if (!parseDesignator(v, &re, lineText, line, lastNonDesignator)) {
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
  free(v->expected);
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
    /* As in mlir-opt, the first expectation that fits takes the diagnostic,
     * even one that has already been met: one expectation may cover several
     * diagnostics (a parser error and its follow-up alike), and a second
     * expectation of the same words on the same line is never met. */
    if (!here || !matches(e, tileStrBufGet(&message)))
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
    char text[96];
    snprintf(text, sizeof(text),
             "'%s' diagnostic emitted when expecting a '%s'",
             tileDiagnosticSeverityName(severity),
             tileDiagnosticSeverityName(nearMiss->severity));
    problem(v, nearMiss->fromLine, nearMiss->column, 1, text);
    tileStrBufFree(&message);
    return;
  }
  TileStrBuf report = TILE_STRBUF_INIT;
  if (located)
    tileStrBufPrintf(&report, "%.*s:%u:%u: ", (int)file.length, file.data, line,
                     column);
  else
    tileStrBufAppendStr(&report, "<unknown>:0: ");
  tileStrBufPrintf(&report, "error: unexpected %s: %s\n",
                   tileDiagnosticSeverityName(severity),
                   tileStrBufGet(&message));
  if (inFile)
    appendSourceLine(v, &report, line, column, 1);
  fputs(tileStrBufGet(&report), v->out);
  tileStrBufFree(&report);
  v->failed = true;
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

bool tileDiagnosticVerifierFinish(TileDiagnosticVerifier *v) {
  bool ok = !v->failed;
  TileStrBuf report = TILE_STRBUF_INIT;
  for (unsigned i = 0; i < v->numExpected; ++i) {
    const Expectation *e = &v->expected[i];
    if (e->matched)
      continue;
    ok = false;
    if (e->unknownLocation) {
      /* mlir-opt reports an expectation at the unknown location there. */
      tileStrBufPrintf(&report,
                       "<unknown>:0: error: expected %s \"%s\" was not "
                       "produced\n",
                       tileDiagnosticSeverityName(e->severity), e->text);
      continue;
    }
    tileStrBufPrintf(&report,
                     "%s:%u:%u: error: expected %s \"%s\" was not produced\n",
                     v->fileName, e->fromLine, e->column,
                     tileDiagnosticSeverityName(e->severity), e->text);
    appendSourceLine(v, &report, e->fromLine, e->column, strlen(e->text));
  }
  fputs(tileStrBufGet(&report), v->out);
  tileStrBufFree(&report);
  return ok;
}
