/*===-- diagnostics.c - Tests of diagnostics as text and parsing ---------===*\
|*                                                                            *|
|* tileDiagnosticLog (tile/diagnostics.h) and tileModuleCreateParse           *|
|* (tile/dialect.h), as a binding uses them: parse text, compile it, and     *|
|* hand on what went wrong as the tools print it.                             *|
\*===----------------------------------------------------------------------===*/

// RUN: tile-capi-diagnostics 2>&1 | FileCheck %s

#include "tile/tile.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static MlirStringRef ref(const char *s) {
  return mlirStringRefCreateFromCString(s);
}

static const MlirStringRef none = {NULL, 0};

static void printToStderr(MlirStringRef text, void *userData) {
  (void)userData;
  fwrite(text.data, 1, text.length, stderr);
}

static void reportToStderr(MlirStringRef text, void *userData) {
  (void)userData;
  fprintf(stderr, "sink: %.*s\n", (int)text.length, text.data);
}

static MlirContext createTileContext(void) {
  MlirContext ctx = mlirContextCreate();
  if (mlirLogicalResultIsFailure(tileContextLoadDialects(ctx))) {
    fprintf(stderr, "FAILED to load the tile dialects\n");
    exit(1);
  }
  return ctx;
}

static void printLog(TileDiagnosticLog *log) {
  MlirStringRef text = tileDiagnosticLogGetText(log);
  fprintf(stderr, "errors: %u, NUL-terminated: %d\n%.*s--\n",
          tileDiagnosticLogGetNumErrors(log), text.data[text.length] == '\0',
          (int)text.length, text.data);
}

/* A single func.func is wrapped into a module; locations name the source. */
static void testParseWraps(void) {
  fprintf(stderr, "@testParseWraps\n");
  MlirContext ctx = createTileContext();
  TileDiagnosticLog *log = tileDiagnosticLogCreate(ctx, ref("k.mlir"), none);
  const char *text = "func.func @f() {\n  return\n}\ntrailing garbage";
  /* The first 28 bytes only: the reference need not end at a NUL. */
  MlirOperation module =
      tileModuleCreateParse(ctx, mlirStringRefCreate(text, 28), ref("k.mlir"));
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(module));
  // CHECK-LABEL: @testParseWraps
  // CHECK-NEXT: parsed builtin.module
  fprintf(stderr, "parsed %.*s\n", (int)name.length, name.data);
  MlirOperation func = mlirBlockGetFirstOperation(
      mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0)));
  // CHECK-NEXT: loc("k.mlir":1:1)
  mlirLocationPrint(mlirOperationGetLocation(func), printToStderr, NULL);
  fprintf(stderr, "\n");
  // CHECK-NEXT: errors: 0, NUL-terminated: 1
  // CHECK-NEXT: --
  printLog(log);
  mlirOperationDestroy(module);
  tileDiagnosticLogDestroy(log);
  mlirContextDestroy(ctx);
}

/* A syntax error: null op, the error located in the source with its line. */
static void testParseError(void) {
  fprintf(stderr, "@testParseError\n");
  MlirContext ctx = createTileContext();
  const char *text = "func.func @f() {\n  %x = arith.bogus\n}\n";
  TileDiagnosticLog *log =
      tileDiagnosticLogCreate(ctx, ref("k.mlir"), ref(text));
  MlirOperation module = tileModuleCreateParse(ctx, ref(text), ref("k.mlir"));
  // CHECK-LABEL: @testParseError
  // CHECK-NEXT: null: 1
  fprintf(stderr, "null: %d\n", mlirOperationIsNull(module));
  // CHECK-NEXT: errors: 1, NUL-terminated: 1
  // CHECK-NEXT: k.mlir:2:8: error: {{.*}}arith.bogus
  // CHECK-NEXT:   %x = arith.bogus
  // CHECK-NEXT:        ^
  // CHECK-NEXT: --
  printLog(log);
  /* Cleared, the log records again from nothing. */
  tileDiagnosticLogClear(log);
  // CHECK-NEXT: errors: 0, NUL-terminated: 1
  // CHECK-NEXT: --
  printLog(log);
  tileDiagnosticLogDestroy(log);
  mlirContextDestroy(ctx);
}

/* tile-verify's error points at the location the op carries, here a line
 * of the program that built the IR (as the Python builder writes it); no
 * source line follows, since the log does not hold that file's text. */
static void testCompileErrorAtBuilderLine(void) {
  fprintf(stderr, "@testCompileErrorAtBuilderLine\n");
  MlirContext ctx = createTileContext();
  const char *text =
      "func.func @f() {\n"
      "  scf.forall (%b) in (2) {\n"
      "    %a = \"tile.alloc\"() : () -> memref<16x8xf32, #tile.fragment>\n"
      "    %c = \"tile.alloc\"() : () -> memref<16x16xf32, #tile.fragment>\n"
      "    \"tile.gemm\"(%a, %c, %c) : (memref<16x8xf32, #tile.fragment>,\n"
      "        memref<16x16xf32, #tile.fragment>, memref<16x16xf32, "
      "#tile.fragment>) -> () loc(\"build.py\":7:5)\n"
      "  } {mapping = [#gpu.block<x>], tile.threads = 32 : i64}\n"
      "  return\n"
      "}\n";
  TileDiagnosticLog *log =
      tileDiagnosticLogCreate(ctx, ref("k.mlir"), ref(text));
  MlirOperation module = tileModuleCreateParse(ctx, ref(text), ref("k.mlir"));
  TileErrorSink sink = {reportToStderr, NULL};
  TileBackendContext *cpu = tileBackendContextCreate("cpu", NULL, "jit", sink);
  TileArtifact *artifact = tileCompile(cpu, module, NULL);
  // CHECK-LABEL: @testCompileErrorAtBuilderLine
  // CHECK-NEXT: artifact: 0
  fprintf(stderr, "artifact: %d\n", artifact != NULL);
  // CHECK-NEXT: errors: 1, NUL-terminated: 1
  // CHECK-NEXT: build.py:7:5: error: 'tile.gemm' op K mismatch: op(A) is 16x8 but op(B) is 16x16
  // CHECK-NOT: ^
  // CHECK: --
  printLog(log);
  tileBackendContextDestroy(cpu);
  mlirOperationDestroy(module);
  tileDiagnosticLogDestroy(log);
  mlirContextDestroy(ctx);
}

/* IR parsed by MLIR's own parser (not tile's, which checks it) reaches
 * tileCompile with a memref.dim of a constant index outside the rank, on
 * which upstream folds crashed (SIGSEGV): the compile driver reports it. */
static void testCompileChecksForeignParse(void) {
  fprintf(stderr, "@testCompileChecksForeignParse\n");
  MlirContext ctx = createTileContext();
  const char *text = "func.func @f(%A: memref<?xf32>) -> index {\n"
                     "  %c = arith.constant -1 : index\n"
                     "  %d = memref.dim %A, %c : memref<?xf32>\n"
                     "  return %d : index\n"
                     "}\n";
  TileDiagnosticLog *log =
      tileDiagnosticLogCreate(ctx, ref("dim.mlir"), ref(text));
  MlirModule parsed = mlirModuleCreateParse(ctx, ref(text));
  TileErrorSink sink = {reportToStderr, NULL};
  TileBackendContext *cpu = tileBackendContextCreate("cpu", NULL, "jit", sink);
  TileArtifact *artifact =
      tileCompile(cpu, mlirModuleGetOperation(parsed), NULL);
  // CHECK-LABEL: @testCompileChecksForeignParse
  // CHECK-NEXT: artifact: 0
  fprintf(stderr, "artifact: %d\n", artifact != NULL);
  // CHECK-NEXT: errors: 1, NUL-terminated: 1
  // CHECK-NEXT: error: 'memref.dim' op dimension index -1 is out of range for a rank-1 source
  // CHECK: --
  printLog(log);
  tileBackendContextDestroy(cpu);
  mlirModuleDestroy(parsed);
  tileDiagnosticLogDestroy(log);
  mlirContextDestroy(ctx);
}

/* Destroying the log detaches it: later diagnostics go elsewhere. */
static void testDestroyDetaches(void) {
  fprintf(stderr, "@testDestroyDetaches\n");
  MlirContext ctx = createTileContext();
  TileDiagnosticLog *first = tileDiagnosticLogCreate(ctx, none, none);
  TileDiagnosticLog *second = tileDiagnosticLogCreate(ctx, none, none);
  tileDiagnosticLogDestroy(second);
  MlirOperation module = tileModuleCreateParse(ctx, ref("}"), ref("x.mlir"));
  // CHECK-LABEL: @testDestroyDetaches
  // CHECK-NEXT: null: 1
  fprintf(stderr, "null: %d\n", mlirOperationIsNull(module));
  // CHECK-NEXT: errors: 1, NUL-terminated: 1
  // CHECK-NEXT: x.mlir:1:1: error:
  printLog(first);
  tileDiagnosticLogDestroy(first);
  mlirContextDestroy(ctx);
}

int main(void) {
  tileRegisterUpstreamPasses();
  tileRegisterBuiltinBackends();
  testParseWraps();
  testParseError();
  testCompileErrorAtBuilderLine();
  testCompileChecksForeignParse();
  testDestroyDetaches();
  fprintf(stderr, "@done\n");
  // CHECK-LABEL: @done
  return 0;
}
