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
#include <sys/stat.h>

typedef struct {
  MlirDiagnosticSeverity severity;
  unsigned file;     /* the index of the file the comment is in */
  unsigned line;     /* the line the diagnostic is expected on */
  unsigned fromLine; /* the line holding the comment */
  unsigned column;   /* of the comment, for reports */
  char *text;        /* substring, or regex source for -re */
  bool isRegex;
  bool unknownLocation; /* @unknown */
  regex_t regex;
  bool matched;
} Expectation;

/* A file whose expectations are read: the input, and any other file a
 * diagnostic points into (read when one first does, as mlir-opt does). */
typedef struct {
  char *name;
  char *text; /* owned, except the input's */
  size_t size;
} SourceFile;

struct TileDiagnosticVerifier {
  SourceFile *files; /* the input first */
  unsigned numFiles;
  regex_t designator;
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

/* Appends the regex of a {{...}} part as llvm::Regex (the BSD engine that
 * mlir-opt uses) reads it: a backslash before a letter or digit is that
 * character, where glibc would read `\s`, `\w`, `\b`, `\1` and the like as
 * classes, anchors or back-references. */
static void appendRegexPart(TileStrBuf *out, const char *p, size_t n) {
  for (size_t i = 0; i < n; ++i) {
    if (p[i] == '[') {
      /* A bracket expression is copied as it is: a backslash in it is
       * itself in both engines, and a ']' first in it is a member. */
      size_t end = i + 1;
      if (end < n && p[end] == '^')
        ++end;
      if (end < n && p[end] == ']')
        ++end;
      while (end < n && p[end] != ']')
        ++end;
      end = end < n ? end + 1 : n;
      tileStrBufAppend(out, p + i, end - i);
      i = end - 1;
      continue;
    }
    if (p[i] == '\\' && i + 1 < n &&
        ((p[i + 1] >= 'a' && p[i + 1] <= 'z') ||
         (p[i + 1] >= 'A' && p[i + 1] <= 'Z') ||
         (p[i + 1] >= '0' && p[i + 1] <= '9')))
      ++i;
    else if (p[i] == '\\' && i + 1 < n)
      tileStrBufAppend(out, &p[i++], 1);
    tileStrBufAppend(out, &p[i], 1);
  }
}

/* Turns MLIR's -re syntax (literal text with {{regex}} parts) into an ERE;
 * false when a {{ has no }}. */
static bool buildRegex(const char *text, TileStrBuf *out) {
  for (const char *p = text; *p;) {
    if (p[0] == '{' && p[1] == '{') {
      const char *close = strstr(p + 2, "}}");
      if (!close)
        return false;
      tileStrBufAppendStr(out, "(");
      appendRegexPart(out, p + 2, (size_t)(close - p - 2));
      tileStrBufAppendStr(out, ")");
      p = close + 2;
      continue;
    }
    if (strchr(".[]{}()\\*+?|^$", *p))
      tileStrBufAppendStr(out, "\\");
    tileStrBufAppend(out, p, 1);
    ++p;
  }
  return true;
}

/* regcomp's error in llvm::Regex's words, as mlir-opt reports it. */
static const char *regexError(int code) {
  switch (code) {
  case REG_ECOLLATE:
    return "invalid collating element";
  case REG_ECTYPE:
    return "invalid character class";
  case REG_EESCAPE:
    return "trailing backslash (\\)";
  case REG_ESUBREG:
    return "invalid backreference number";
  case REG_EBRACK:
    return "brackets ([ ]) not balanced";
  case REG_EPAREN:
  case REG_ERPAREN:
    return "parentheses not balanced";
  case REG_EBRACE:
    return "braces not balanced";
  case REG_BADBR:
    return "invalid repetition count(s)";
  case REG_ERANGE:
    return "invalid character range";
  case REG_ESPACE:
  case REG_ESIZE:
    return "out of memory";
  case REG_BADRPT:
    return "repetition-operator operand invalid";
  default:
    return "invalid regular expression";
  }
}

/* Appends line `line` of the checked file and a mark under `width`
 * characters from `column`, as mlir-opt shows the place of its reports. */
static void appendSourceLine(const TileDiagnosticVerifier *v, TileStrBuf *out,
                             unsigned file, unsigned line, unsigned column,
                             size_t width) {
  tileAppendSourceLine(out, v->files[file].text, v->files[file].size, line,
                       column, width);
}

static void problem(TileDiagnosticVerifier *v, unsigned file, unsigned line,
                    unsigned column, size_t width, const char *message) {
  TileStrBuf report = TILE_STRBUF_INIT;
  tileStrBufPrintf(&report, "%s:%u:%u: error: %s\n", v->files[file].name, line,
                   column, message);
  appendSourceLine(v, &report, file, line, column, width);
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
 * and are resolved by the caller; `@above` on the first lines of the file,
 * with no line above that is not a designator, means line 1 (as in
 * mlir-opt). */
static bool parseDesignator(TileDiagnosticVerifier *v, unsigned file,
                            const char *text, unsigned line,
                            unsigned lastNonDesignator) {
  regmatch_t m[NumGroups];
  if (regexec(&v->designator, text, NumGroups, m, 0) != 0)
    return false;
  Expectation e = {0};
  e.file = file;
  const char *p = text + m[Severity].rm_so;
  parseSeverity(&p, &e.severity);
  e.isRegex = m[Re].rm_so >= 0;
  e.line = e.fromLine = line;
  e.column = (unsigned)m[Whole].rm_so + 1;
  e.text = group(text, &m[Message]);
  if (m[Where].rm_so >= 0) {
    const char *where = text + m[Where].rm_so;
    /* The offset's radix as llvm's getAsInteger(0) guesses it: a leading
     * 0 means octal. */
    if (*where == '+' || *where == '-')
      e.line = (unsigned)((long)line + strtol(where, NULL, 0));
    else if (*where == 'a')
      e.line = lastNonDesignator ? lastNonDesignator : 1;
    else if (*where == 'b')
      e.line = 0;
    else
      e.unknownLocation = true;
  }
  if (e.isRegex) {
    TileStrBuf pattern = TILE_STRBUF_INIT;
    bool closed = buildRegex(e.text, &pattern);
    int bad = closed ? regcomp(&e.regex, tileStrBufGet(&pattern),
                               REG_EXTENDED | REG_NOSUB)
                     : 0;
    tileStrBufFree(&pattern);
    if (!closed || bad) {
      char message[96];
      snprintf(
          message, sizeof(message), "%s%s", closed ? "invalid regex: " : "",
          closed ? regexError(bad) : "found start of regex with no end '}}'");
      problem(v, file, line, e.column, strlen(e.text), message);
      free(e.text);
      return true;
    }
  }
  addExpectation(v, e);
  return true;
}

/* Gives the `@below` expectations from `first` on, which wait for a line
 * that holds no designator, line `line`. */
static void resolveBelow(TileDiagnosticVerifier *v, unsigned first,
                         unsigned line) {
  for (unsigned i = first; i < v->numExpected; ++i)
    if (v->expected[i].line == 0 && !v->expected[i].unknownLocation)
      v->expected[i].line = line;
}

/* Reads the expectations of file `file`. */
static void readExpectations(TileDiagnosticVerifier *v, unsigned file) {
  const char *text = v->files[file].text;
  size_t size = v->files[file].size;
  unsigned lastNonDesignator = 0, firstBelow = v->numExpected, line = 1;
  const char *p = text, *stop = text + size;
  for (; p < stop; ++line) {
    const char *end = memchr(p, '\n', (size_t)(stop - p));
    if (!end)
      end = stop;
    const char *trimmed = end;
    while (trimmed > p &&
           (trimmed[-1] == ' ' || trimmed[-1] == '\t' || trimmed[-1] == '\r'))
      --trimmed;
    /* A NUL byte is text like any other (MLIR's lexer skips it). */
    size_t length = (size_t)(trimmed - p);
    char *lineText = tileMalloc(length + 1);
    for (size_t i = 0; i < length; ++i)
      lineText[i] = p[i] ? p[i] : ' ';
    lineText[length] = '\0';
    if (!parseDesignator(v, file, lineText, line, lastNonDesignator)) {
      /* A line without a designator: `@below` ones point here. */
      resolveBelow(v, firstBelow, line);
      firstBelow = v->numExpected;
      lastNonDesignator = line;
    }
    free(lineText);
    p = end < stop ? end + 1 : end;
  }
  /* A `@below` with no line below it: mlir-opt takes the number of lines,
   * counting the empty one after a final newline. */
  resolveBelow(v, firstBelow, line - (size && text[size - 1] != '\n'));
}

static unsigned addFile(TileDiagnosticVerifier *v, const char *name,
                        size_t nameLength, char *text, size_t size) {
  v->files = tileReallocArray(v->files, v->numFiles + 1, sizeof(SourceFile));
  v->files[v->numFiles] =
      (SourceFile){tileStrNDup(name, nameLength), text, size};
  readExpectations(v, v->numFiles);
  return v->numFiles++;
}

TileDiagnosticVerifier *
tileDiagnosticVerifierCreate(const char *fileName, const char *text,
                             size_t size, bool onlyExpected, FILE *out) {
  TileDiagnosticVerifier *v =
      tileCallocArray(1, sizeof(TileDiagnosticVerifier));
  v->onlyExpected = onlyExpected;
  v->out = out;
  regcomp(&v->designator, designator, REG_EXTENDED);
  addFile(v, fileName, strlen(fileName), (char *)text, size);
  return v;
}

void tileDiagnosticVerifierDestroy(TileDiagnosticVerifier *v) {
  for (unsigned i = 0; i < v->numFiles; ++i) {
    free(v->files[i].name);
    if (i)
      free(v->files[i].text);
  }
  free(v->files);
  regfree(&v->designator);
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

/* The index of the file named `name`, read now (with its expectations) if
 * it is a regular file not read yet; -1 when it cannot be read. */
static int findFile(TileDiagnosticVerifier *v, MlirStringRef name) {
  for (unsigned i = 0; i < v->numFiles; ++i)
    if (strlen(v->files[i].name) == name.length &&
        memcmp(v->files[i].name, name.data, name.length) == 0)
      return (int)i;
  char *path = tileStrNDup(name.data, name.length);
  struct stat st;
  size_t size = 0;
  char *text = stat(path, &st) == 0 && S_ISREG(st.st_mode)
                   ? tileReadFile(path, &size)
                   : NULL;
  free(path);
  return text ? (int)addFile(v, name.data, name.length, text, size) : -1;
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
    file = tileDiagnosticFileName(file, v->files[0].name);
  int source = located ? findFile(v, file) : -1;
  bool inFile = source >= 0;
  Expectation *nearMiss = NULL;
  for (unsigned i = 0; i < v->numExpected && (inFile || !located); ++i) {
    Expectation *e = &v->expected[i];
    bool here = located ? !e->unknownLocation && (int)e->file == source &&
                              e->line == line
                        : e->unknownLocation;
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
    problem(v, nearMiss->file, nearMiss->fromLine, nearMiss->column, 1, text);
    tileStrBufFree(&message);
    return;
  }
  TileStrBuf report = TILE_STRBUF_INIT;
  MlirLocation loc = mlirDiagnosticGetLocation(diag);
  if (located)
    tileStrBufPrintf(&report, "%.*s:%u:%u: error: ", (int)file.length,
                     file.data, line, column);
  else
    tileStrBufAppendStr(&report, "<unknown>:0: error: ");
  /* Where a location has no file position, mlir-opt names it before the
   * message (unless it is unknown). */
  if (!located && !mlirLocationEqual(loc, mlirLocationUnknownGet(
                                              mlirLocationGetContext(loc)))) {
    mlirLocationPrint(loc, tileStrBufCallback, &report);
    tileStrBufAppendStr(&report, ": ");
  }
  tileStrBufPrintf(&report, "unexpected %s: %s\n",
                   tileDiagnosticSeverityName(severity),
                   tileStrBufGet(&message));
  if (inFile)
    appendSourceLine(v, &report, (unsigned)source, line, column, 1);
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
  TileStrBuf report = TILE_STRBUF_INIT, unknown = TILE_STRBUF_INIT;
  for (unsigned i = 0; i < v->numExpected; ++i) {
    const Expectation *e = &v->expected[i];
    if (e->matched)
      continue;
    ok = false;
    if (e->unknownLocation) {
      /* mlir-opt reports an expectation at the unknown location there. */
      tileStrBufPrintf(&unknown,
                       "<unknown>:0: error: expected %s \"%s\" was not "
                       "produced\n",
                       tileDiagnosticSeverityName(e->severity), e->text);
      continue;
    }
    tileStrBufPrintf(&report,
                     "%s:%u:%u: error: expected %s \"%s\" was not produced\n",
                     v->files[e->file].name, e->fromLine, e->column,
                     tileDiagnosticSeverityName(e->severity), e->text);
    appendSourceLine(v, &report, e->file, e->fromLine, e->column,
                     strlen(e->text));
  }
  /* mlir-opt 22 lists the expectations at the unknown location after the
   * others, and twice (its verifier runs again when it is destroyed, and
   * keeps that list). */
  fputs(tileStrBufGet(&report), v->out);
  fputs(tileStrBufGet(&unknown), v->out);
  fputs(tileStrBufGet(&unknown), v->out);
  tileStrBufFree(&report);
  tileStrBufFree(&unknown);
  return ok;
}
