/*===-- tile/diagnostics.h - Diagnostics as text --------------------------===*\
|*                                                                            *|
|* Bindings and embedders that cannot print to a terminal collect the         *|
|* diagnostics of a context as the text the tools print                       *|
|* (`file:line:col: error: message`, the offending line and a caret) and      *|
|* hand it on, e.g. as the message of an exception.                           *|
|*                                                                            *|
|* Thread safety: a log records diagnostics from any thread that emits them   *|
|* on its context (MLIR serialises a context's handlers). Reading, clearing   *|
|* or destroying it must not overlap with diagnostics being emitted on that   *|
|* context or with another call on the same log.                              *|
\*===----------------------------------------------------------------------===*/
#ifndef TILE_DIAGNOSTICS_H
#define TILE_DIAGNOSTICS_H

#include "mlir-c/IR.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Reports problems; `userData` is what the caller passed along. Every
/// function of the C API that reports an error not located in IR (a target,
/// a pipeline, a pass option, a file, a runtime failure) takes a sink; errors
/// in IR are MLIR diagnostics at the offending op, and callbacks that
/// receive output (printers) are plain MlirStringCallbacks. A function
/// taking a sink calls `callback` (when not NULL) on the calling thread,
/// before it returns, once per message; the message is valid only during the
/// call.
typedef struct {
  MlirStringCallback callback;
  void *userData;
} TileErrorSink;

typedef struct TileDiagnosticLog TileDiagnosticLog;

/// Attaches to `ctx` a handler that records every diagnostic emitted on it
/// (notes included) as text, formatted as tile-opt and tile-run print them.
/// When a diagnostic points into the file `sourceName` and `sourceText` is
/// not null, the offending line of `sourceText` and a caret follow it; both
/// are copied and may be null references. The handler claims the
/// diagnostics, so none reaches MLIR's default printer. The caller owns the
/// log and destroys it before the context. MLIR serialises the handlers of
/// a context, so passes running on several threads record whole messages.
/// Returns NULL when memory is exhausted.
MLIR_CAPI_EXPORTED TileDiagnosticLog *
tileDiagnosticLogCreate(MlirContext ctx, MlirStringRef sourceName,
                        MlirStringRef sourceText);

/// Detaches the handler and frees the log, and with it the text
/// tileDiagnosticLogGetText returned. NULL is ignored.
MLIR_CAPI_EXPORTED void tileDiagnosticLogDestroy(TileDiagnosticLog *log);

/// The text recorded since the log was created or last cleared ("" when
/// nothing was). The reference is NUL-terminated and stays valid until the
/// next diagnostic, clear or destroy.
MLIR_CAPI_EXPORTED MlirStringRef
tileDiagnosticLogGetText(TileDiagnosticLog *log);

/// How many errors were recorded since creation or the last clear.
MLIR_CAPI_EXPORTED unsigned
tileDiagnosticLogGetNumErrors(const TileDiagnosticLog *log);

/// Forgets what was recorded.
MLIR_CAPI_EXPORTED void tileDiagnosticLogClear(TileDiagnosticLog *log);

#ifdef __cplusplus
}
#endif

#endif // TILE_DIAGNOSTICS_H
