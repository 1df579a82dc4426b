/* --verify-diagnostics: matches emitted diagnostics against expected-*
 * comments. */
#ifndef TILE_OPT_VERIFY_DIAGNOSTICS_H
#define TILE_OPT_VERIFY_DIAGNOSTICS_H

#include "mlir-c/Diagnostics.h"
#include "mlir-c/IR.h"

#include <stdbool.h>
#include <stdio.h>

typedef struct TileDiagnosticVerifier TileDiagnosticVerifier;

/* Reads the expectations in lines [firstLine, lastLine] (1-based) of `text`,
 * the contents of `fileName`. With `onlyExpected`, diagnostics that no
 * expectation names are let through instead of failing the check. */
TileDiagnosticVerifier *tileDiagnosticVerifierCreate(const char *fileName,
                                                     const char *text,
                                                     unsigned firstLine,
                                                     unsigned lastLine,
                                                     bool onlyExpected);
void tileDiagnosticVerifierDestroy(TileDiagnosticVerifier *verifier);

MlirDiagnosticHandlerID
tileDiagnosticVerifierAttach(MlirContext ctx, TileDiagnosticVerifier *verifier);

/* Reports expectations that were not met and diagnostics that were not
 * expected (and malformed expectations) to `out`; returns true if none. */
bool tileDiagnosticVerifierFinish(TileDiagnosticVerifier *verifier, FILE *out);

#endif
