/* The public diagnostic log: the tools' diagnostic printer, into memory. */
#include "tile/diagnostics.h"

#include "support/diagnostics.h"
#include "support/strbuf.h"

#include <stdio.h>
#include <stdlib.h>

struct TileDiagnosticLog {
  MlirContext ctx;
  MlirDiagnosticHandlerID handler;
  TileDiagnosticPrinter printer; /* out is set per diagnostic */
  char *sourceName;
  char *sourceText;
  TileStrBuf text;
};

/* Each diagnostic is printed into a stream of its own and then appended, so
 * that the recorded text is always one NUL-terminated buffer. */
static MlirLogicalResult record(MlirDiagnostic diagnostic, void *userData) {
  TileDiagnosticLog *log = userData;
  char *text = NULL;
  size_t size = 0;
  log->printer.out = open_memstream(&text, &size);
  if (!log->printer.out) {
    tileStrBufAppendStr(&log->text, "error: a diagnostic was lost (out of "
                                    "memory)\n");
    ++log->printer.numErrors;
    return mlirLogicalResultSuccess();
  }
  tileDiagnosticPrinterPrint(&log->printer, diagnostic);
  fclose(log->printer.out);
  log->printer.out = NULL;
  tileStrBufAppend(&log->text, text, size);
  free(text);
  return mlirLogicalResultSuccess();
}

TileDiagnosticLog *tileDiagnosticLogCreate(MlirContext ctx,
                                           MlirStringRef sourceName,
                                           MlirStringRef sourceText) {
  TileDiagnosticLog *log = calloc(1, sizeof(TileDiagnosticLog));
  if (!log)
    return NULL;
  log->ctx = ctx;
  log->sourceName = sourceName.data ? tileStrDupRef(sourceName) : NULL;
  log->sourceText = sourceText.data ? tileStrDupRef(sourceText) : NULL;
  log->printer.sourceName = log->sourceName;
  log->printer.sourceText = log->sourceText;
  log->handler = mlirContextAttachDiagnosticHandler(ctx, record, log, NULL);
  return log;
}

void tileDiagnosticLogDestroy(TileDiagnosticLog *log) {
  if (!log)
    return;
  mlirContextDetachDiagnosticHandler(log->ctx, log->handler);
  tileStrBufFree(&log->text);
  free(log->sourceName);
  free(log->sourceText);
  free(log);
}

MlirStringRef tileDiagnosticLogGetText(TileDiagnosticLog *log) {
  return mlirStringRefCreate(tileStrBufGet(&log->text), log->text.size);
}

unsigned tileDiagnosticLogGetNumErrors(const TileDiagnosticLog *log) {
  return log->printer.numErrors;
}

void tileDiagnosticLogClear(TileDiagnosticLog *log) {
  tileStrBufClear(&log->text);
  log->printer.numErrors = 0;
}
