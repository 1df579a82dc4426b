/* --verify-diagnostics: matches emitted diagnostics against expected-*
 * comments. */
#ifndef TILE_OPT_VERIFY_DIAGNOSTICS_H
#define TILE_OPT_VERIFY_DIAGNOSTICS_H

#include "mlir-c/Diagnostics.h"
#include "mlir-c/IR.h"

#include <stdbool.h>
#include <stdio.h>

typedef struct TileDiagnosticVerifier TileDiagnosticVerifier;

/* Reads the expectations in the `size` bytes of `text`, the contents of
 * `fileName` (all of it:
 * split chunks share one verifier, as in mlir-opt). Problems are reported to
 * `out` as they are found: malformed expectations now, diagnostics of the
 * wrong severity and unexpected ones when they are emitted. With
 * `onlyExpected`, diagnostics that no expectation names are let through. */
TileDiagnosticVerifier *
tileDiagnosticVerifierCreate(const char *fileName, const char *text,
                             size_t size, bool onlyExpected, FILE *out);
void tileDiagnosticVerifierDestroy(TileDiagnosticVerifier *verifier);

MlirDiagnosticHandlerID
tileDiagnosticVerifierAttach(MlirContext ctx, TileDiagnosticVerifier *verifier);

/* Reports the expectations that were not met; returns true if no problem was
 * found at all. */
bool tileDiagnosticVerifierFinish(TileDiagnosticVerifier *verifier);

#endif
