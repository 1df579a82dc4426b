/* Prints MLIR diagnostics as compilers do: file:line:col: error: message. */
#ifndef TILE_SUPPORT_DIAGNOSTICS_H
#define TILE_SUPPORT_DIAGNOSTICS_H

#include "mlir-c/Diagnostics.h"
#include "mlir-c/IR.h"
#include "support/strbuf.h"

#include <stdbool.h>
#include <stdio.h>

/* Resolves a location to the file position it points at, looking through
 * name, call-site and fused locations. Returns false for unknown locations. */
bool tileLocationGetFilePosition(MlirLocation loc, MlirStringRef *file,
                                 unsigned *line, unsigned *column);

const char *tileDiagnosticSeverityName(MlirDiagnosticSeverity severity);

/* The file name to show for a diagnostic in `file`: the module parser of
 * the C API names its input "-", which stands for `sourceName`. */
MlirStringRef tileDiagnosticFileName(MlirStringRef file,
                                     const char *sourceName);

/* Appends 1-based line `line` of the `size` bytes of `text` (nothing when
 * there is no such line) and under it a caret at 1-based `column` followed
 * by `width - 1` tildes, as LLVM's SourceMgr prints them for mlir-opt: the
 * line ends at '\n' or '\r'; tabs become spaces to the next stop of 8 in
 * both lines; a line with non-ASCII bytes gets no caret line; a column past
 * the end of the line names no place in it and shows nothing. */
void tileAppendSourceLine(TileStrBuf *out, const char *text, size_t size,
                          unsigned line, unsigned column, size_t width);

/* A diagnostic handler that prints to a stream. When the text of the file a
 * diagnostic points into is known, the offending line and a caret follow. */
typedef struct {
  FILE *out;
  const char *sourceName; /* may be NULL */
  const char *sourceText; /* may be NULL */
  unsigned numErrors;
  bool hideOperationNotes;  /* drop "see current operation" notes */
  bool wholeOperationNotes; /* print them whole, as mlir-opt; else their
                               first lines */
} TileDiagnosticPrinter;

MlirDiagnosticHandlerID
tileDiagnosticPrinterAttach(MlirContext ctx, TileDiagnosticPrinter *printer);

/* Formats one diagnostic (and its notes) into the printer's stream. */
void tileDiagnosticPrinterPrint(TileDiagnosticPrinter *printer,
                                MlirDiagnostic diagnostic);

#endif
