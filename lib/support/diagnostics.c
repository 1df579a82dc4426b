/* Prints MLIR diagnostics as compilers do: file:line:col: error: message. */
#include "support/diagnostics.h"

#include "support/alloc.h"
#include "support/strbuf.h"

#include <stdlib.h>
#include <string.h>

/* The parts of the fused location `loc` (malloc'd; *n of them). */
static MlirLocation *fusedParts(MlirLocation loc, intptr_t *n) {
  *n = mlirLocationFusedGetNumLocations(loc);
  MlirLocation *parts = tileCallocArray((size_t)*n, sizeof(MlirLocation));
  mlirLocationFusedGetLocations(loc, parts);
  return parts;
}

bool tileLocationGetFilePosition(MlirLocation loc, MlirStringRef *file,
                                 unsigned *line, unsigned *column) {
  if (mlirLocationIsAFileLineColRange(loc)) {
    MlirIdentifier name = mlirLocationFileLineColRangeGetFilename(loc);
    *file = mlirIdentifierStr(name);
    *line = (unsigned)mlirLocationFileLineColRangeGetStartLine(loc);
    *column = (unsigned)mlirLocationFileLineColRangeGetStartColumn(loc);
    return true;
  }
  if (mlirLocationIsAName(loc))
    return tileLocationGetFilePosition(mlirLocationNameGetChildLoc(loc), file,
                                       line, column);
  if (mlirLocationIsACallSite(loc))
    return tileLocationGetFilePosition(mlirLocationCallSiteGetCallee(loc), file,
                                       line, column) ||
           tileLocationGetFilePosition(mlirLocationCallSiteGetCaller(loc), file,
                                       line, column);
  if (mlirLocationIsAFused(loc)) {
    intptr_t n;
    MlirLocation *parts = fusedParts(loc, &n);
    bool found = false;
    for (intptr_t i = 0; i < n && !found; ++i)
      found = tileLocationGetFilePosition(parts[i], file, line, column);
    free(parts);
    return found;
  }
  return false;
}

/* The call-site location that `loc` is, or that a name or fused location
 * holds (the first); false when there is none. */
static bool findCallSite(MlirLocation loc, MlirLocation *site) {
  if (mlirLocationIsACallSite(loc)) {
    *site = loc;
    return true;
  }
  if (mlirLocationIsAName(loc))
    return findCallSite(mlirLocationNameGetChildLoc(loc), site);
  if (!mlirLocationIsAFused(loc))
    return false;
  intptr_t n;
  MlirLocation *parts = fusedParts(loc, &n);
  bool found = false;
  for (intptr_t i = 0; i < n && !found; ++i)
    found = findCallSite(parts[i], site);
  free(parts);
  return found;
}

MlirStringRef tileDiagnosticFileName(MlirStringRef file,
                                     const char *sourceName) {
  return sourceName && tileStrRefEquals(file, "-")
             ? mlirStringRefCreateFromCString(sourceName)
             : file;
}

const char *tileDiagnosticSeverityName(MlirDiagnosticSeverity severity) {
  switch (severity) {
  case MlirDiagnosticError:
    return "error";
  case MlirDiagnosticWarning:
    return "warning";
  case MlirDiagnosticNote:
    return "note";
  case MlirDiagnosticRemark:
    return "remark";
  }
  return "error";
}

/* Appends the `length` bytes of `text` with each tab made spaces to the
 * next stop of 8, as `line` shows its tabs. */
static void appendExpanded(TileStrBuf *out, const char *text, size_t length,
                           const char *line, size_t lineLength) {
  unsigned column = 0;
  for (size_t i = 0; i < length; ++i) {
    if (i >= lineLength || line[i] != '\t') {
      tileStrBufAppend(out, &text[i], 1);
      ++column;
      continue;
    }
    do {
      tileStrBufAppend(out, text[i] == '\t' ? " " : &text[i], 1);
      ++column;
    } while (column % 8);
  }
  tileStrBufAppendStr(out, "\n");
}

void tileAppendSourceLine(TileStrBuf *out, const char *text, size_t size,
                          unsigned line, unsigned column, size_t width) {
  const char *start = text, *stop = text + size;
  for (unsigned i = 1; i < line && start; ++i) {
    start = memchr(start, '\n', (size_t)(stop - start));
    start = start ? start + 1 : NULL;
  }
  if (!start || line == 0)
    return;
  size_t available = (size_t)(stop - start), length = 0;
  while (length < available && start[length] != '\n' && start[length] != '\r')
    ++length;
  size_t at = column ? column - 1 : 0;
  if (at > length)
    return;
  appendExpanded(out, start, length, start, length);
  for (size_t i = 0; i < length; ++i)
    if ((unsigned char)start[i] >= 0x80)
      return;
  char *caret = tileMalloc(length + 1);
  memset(caret, ' ', length + 1);
  for (size_t i = at + 1; i < at + width && i <= length; ++i)
    caret[i] = '~';
  caret[at] = '^';
  size_t caretLength = length + 1;
  while (caret[caretLength - 1] == ' ')
    --caretLength;
  appendExpanded(out, caret, caretLength, start, length);
  free(caret);
}

static void printSourceLine(TileDiagnosticPrinter *printer, MlirStringRef file,
                            unsigned line, unsigned column) {
  if (!printer->sourceText || !printer->sourceName ||
      !tileStrRefEquals(file, printer->sourceName) || line == 0)
    return;
  TileStrBuf text = TILE_STRBUF_INIT;
  tileAppendSourceLine(&text, printer->sourceText, strlen(printer->sourceText),
                       line, column, 1);
  fputs(tileStrBufGet(&text), printer->out);
  tileStrBufFree(&text);
}

/* One line of output: `text` (`length` bytes) at `loc`. A location with no
 * file position in it is printed before the text, as MLIR's printer does
 * ("<unknown>:0: error: loc(\"name\"): ..."), unless it is unknown. */
static void printAt(TileDiagnosticPrinter *printer, MlirLocation loc,
                    MlirDiagnosticSeverity severity, const char *text,
                    int length, bool truncated, bool showSource) {
  MlirStringRef file;
  unsigned line = 0, column = 0;
  bool located = tileLocationGetFilePosition(loc, &file, &line, &column);
  if (located) {
    file = tileDiagnosticFileName(file, printer->sourceName);
    fprintf(printer->out, "%.*s:%u:%u: ", (int)file.length, file.data, line,
            column);
  } else {
    fputs("<unknown>:0: ", printer->out);
  }
  fprintf(printer->out, "%s: ", tileDiagnosticSeverityName(severity));
  if (!located && !mlirLocationEqual(loc, mlirLocationUnknownGet(
                                              mlirLocationGetContext(loc)))) {
    TileStrBuf where = TILE_STRBUF_INIT;
    mlirLocationPrint(loc, tileStrBufCallback, &where);
    fprintf(printer->out, "%s: ", tileStrBufGet(&where));
    tileStrBufFree(&where);
  }
  fprintf(printer->out, "%.*s%s\n", length, text, truncated ? "\n  ..." : "");
  if (line && showSource)
    printSourceLine(printer, file, line, column);
}

/* `showSource` is false for a note at the location of the diagnostic before
 * it: as in MLIR's own printer, the source line is shown once. */
static void printOne(TileDiagnosticPrinter *printer, MlirDiagnostic diag,
                     bool showSource) {
  MlirDiagnosticSeverity severity = mlirDiagnosticGetSeverity(diag);
  if (severity == MlirDiagnosticError)
    ++printer->numErrors;
  TileStrBuf message = TILE_STRBUF_INIT;
  mlirDiagnosticPrint(diag, tileStrBufCallback, &message);
  const char *text = tileStrBufGet(&message);
  bool operationNote = severity == MlirDiagnosticNote &&
                       strncmp(text, "see current operation", 21) == 0;
  if (printer->hideOperationNotes && operationNote) {
    tileStrBufFree(&message);
    return;
  }
  /* Notes that dump a whole operation keep its first lines only, unless
   * the printer wants them whole. */
  int shown = (int)message.size;
  if (operationNote && !printer->wholeOperationNotes) {
    const char *p = text;
    for (int lines = 0; p && lines < 4; ++lines)
      p = strchr(p + 1, '\n');
    if (p)
      shown = (int)(p - text);
  }
  printAt(printer, mlirDiagnosticGetLocation(diag), severity, text, shown,
          shown < (int)message.size, showSource);
  tileStrBufFree(&message);
}

/* As MLIR's printer: a diagnostic at a call site is followed by a "called
 * from" note for each caller, ten at most. */
enum { CallStackLimit = 10 };

void tileDiagnosticPrinterPrint(TileDiagnosticPrinter *printer,
                                MlirDiagnostic diagnostic) {
  printOne(printer, diagnostic, true);
  MlirLocation previous = mlirDiagnosticGetLocation(diagnostic), site;
  if (findCallSite(previous, &site)) {
    previous = mlirLocationCallSiteGetCaller(site);
    for (int depth = 0; depth < CallStackLimit; ++depth) {
      printAt(printer, previous, MlirDiagnosticNote, "called from", 11, false,
              true);
      if (!findCallSite(previous, &site))
        break;
      previous = mlirLocationCallSiteGetCaller(site);
    }
  }
  intptr_t numNotes = mlirDiagnosticGetNumNotes(diagnostic);
  for (intptr_t i = 0; i < numNotes; ++i) {
    MlirDiagnostic note = mlirDiagnosticGetNote(diagnostic, i);
    MlirLocation at = mlirDiagnosticGetLocation(note);
    printOne(printer, note, !mlirLocationEqual(at, previous));
    previous = at;
  }
  fflush(printer->out);
}

static MlirLogicalResult handle(MlirDiagnostic diagnostic, void *userData) {
  tileDiagnosticPrinterPrint((TileDiagnosticPrinter *)userData, diagnostic);
  return mlirLogicalResultSuccess();
}

MlirDiagnosticHandlerID
tileDiagnosticPrinterAttach(MlirContext ctx, TileDiagnosticPrinter *printer) {
  return mlirContextAttachDiagnosticHandler(ctx, handle, printer, NULL);
}
