/* Prints MLIR diagnostics as compilers do: file:line:col: error: message. */
#include "support/diagnostics.h"

#include "support/strbuf.h"

#include <string.h>

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
                                       line, column);
  if (mlirLocationIsAFused(loc)) {
    intptr_t n = mlirLocationFusedGetNumLocations(loc);
    MlirLocation parts[16];
    if (n > 16)
      n = 16;
    mlirLocationFusedGetLocations(loc, parts);
    for (intptr_t i = 0; i < n; ++i)
      if (tileLocationGetFilePosition(parts[i], file, line, column))
        return true;
  }
  return false;
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

/* Returns the start of 1-based line `line` in text, or NULL. */
static const char *findLine(const char *text, unsigned line) {
  const char *p = text;
  for (unsigned i = 1; i < line; ++i) {
    p = strchr(p, '\n');
    if (!p)
      return NULL;
    ++p;
  }
  return p;
}

static void printSourceLine(TileDiagnosticPrinter *printer, MlirStringRef file,
                            unsigned line, unsigned column) {
  if (!printer->sourceText || !printer->sourceName ||
      !tileStrRefEquals(file, printer->sourceName) || line == 0)
    return;
  const char *start = findLine(printer->sourceText, line);
  if (!start)
    return;
  const char *end = strchr(start, '\n');
  size_t length = end ? (size_t)(end - start) : strlen(start);
  fprintf(printer->out, "%.*s\n", (int)length, start);
  for (unsigned i = 1; i < column && i <= length; ++i)
    fputc(start[i - 1] == '\t' ? '\t' : ' ', printer->out);
  fputs("^\n", printer->out);
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
  if (printer->hideOperationNotes && severity == MlirDiagnosticNote &&
      strncmp(tileStrBufGet(&message), "see current operation", 21) == 0) {
    tileStrBufFree(&message);
    return;
  }
  MlirStringRef file;
  unsigned line = 0, column = 0;
  if (tileLocationGetFilePosition(mlirDiagnosticGetLocation(diag), &file, &line,
                                  &column)) {
    file = tileDiagnosticFileName(file, printer->sourceName);
    fprintf(printer->out, "%.*s:%u:%u: ", (int)file.length, file.data, line,
            column);
  } else {
    fputs("<unknown>:0: ", printer->out);
  }
  /* Notes that dump a whole operation keep its first lines only. */
  const char *text = tileStrBufGet(&message);
  int shown = (int)message.size;
  if (severity == MlirDiagnosticNote &&
      strncmp(text, "see current operation", 21) == 0) {
    const char *p = text;
    for (int lines = 0; p && lines < 4; ++lines)
      p = strchr(p + 1, '\n');
    if (p)
      shown = (int)(p - text);
  }
  fprintf(printer->out, "%s: %.*s%s\n", tileDiagnosticSeverityName(severity),
          shown, text, shown < (int)message.size ? "\n  ..." : "");
  if (line && showSource)
    printSourceLine(printer, file, line, column);
  tileStrBufFree(&message);
}

void tileDiagnosticPrinterPrint(TileDiagnosticPrinter *printer,
                                MlirDiagnostic diagnostic) {
  printOne(printer, diagnostic, true);
  MlirLocation previous = mlirDiagnosticGetLocation(diagnostic);
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
