/*===-- dialect.c - Tests of the tile dialect C API -----------------------===*\
|*                                                                            *|
|* tileContextLoadDialects, tileContextLoadIRDL, tileGetDialectSource and the *|
|* scope queries of tile/dialect.h, used from a caller's own MlirContext.     *|
\*===----------------------------------------------------------------------===*/

// RUN: tile-capi-dialect 2>&1 | FileCheck %s

#include "tile/tile.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Diagnostics.h"
#include "mlir-c/IR.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void printToStderr(MlirStringRef str, void *userData) {
  (void)userData;
  fwrite(str.data, 1, str.length, stderr);
}

static const char *result(MlirLogicalResult r) {
  return mlirLogicalResultIsSuccess(r) ? "success" : "failure";
}

/* Prints every diagnostic as "diagnostic: LOC: MESSAGE" and counts them. */
static MlirLogicalResult printDiagnostic(MlirDiagnostic diagnostic,
                                         void *userData) {
  ++*(int *)userData;
  fprintf(stderr, "diagnostic: ");
  mlirLocationPrint(mlirDiagnosticGetLocation(diagnostic), printToStderr, NULL);
  fprintf(stderr, ": ");
  mlirDiagnosticPrint(diagnostic, printToStderr, NULL);
  fprintf(stderr, "\n");
  return mlirLogicalResultSuccess();
}

static MlirContext createTileContext(void) {
  MlirContext ctx = mlirContextCreate();
  if (mlirLogicalResultIsFailure(tileContextLoadDialects(ctx))) {
    fprintf(stderr, "FAILED to load the tile dialects\n");
    exit(1);
  }
  return ctx;
}

static bool isRegistered(MlirContext ctx, const char *name) {
  return mlirContextIsRegisteredOperation(ctx,
                                          mlirStringRefCreateFromCString(name));
}

/*===--- loading ----------------------------------------------------------===*/

static void testLoadDialects(void) {
  fprintf(stderr, "@testLoadDialects\n");
  MlirContext ctx = mlirContextCreate();
  int diagnostics = 0;
  MlirDiagnosticHandlerID id = mlirContextAttachDiagnosticHandler(
      ctx, printDiagnostic, &diagnostics, NULL);
  fprintf(stderr, "before: tile.copy %d, tile.gemm %d\n",
          isRegistered(ctx, "tile.copy"), isRegistered(ctx, "tile.gemm"));
  // CHECK-LABEL: @testLoadDialects
  // CHECK: before: tile.copy 0, tile.gemm 0

  MlirLogicalResult first = tileContextLoadDialects(ctx);
  intptr_t loadedAfterFirst = mlirContextGetNumLoadedDialects(ctx);
  fprintf(stderr, "first load: %s\n", result(first));
  // CHECK: first load: success

  static const char *const ops[] = {
      "tile.alloc",  "tile.copy",       "tile.gemm",  "tile.fill",
      "tile.reduce", "tile.atomic_add", "scf.forall", "func.func",
      "gpu.module",  "tile.nonexistent"};
  for (size_t i = 0; i < sizeof(ops) / sizeof(ops[0]); ++i)
    fprintf(stderr, "%s: %d\n", ops[i], isRegistered(ctx, ops[i]));
  // CHECK-NEXT: tile.alloc: 1
  // CHECK-NEXT: tile.copy: 1
  // CHECK-NEXT: tile.gemm: 1
  // CHECK-NEXT: tile.fill: 1
  // CHECK-NEXT: tile.reduce: 1
  // CHECK-NEXT: tile.atomic_add: 1
  // CHECK-NEXT: scf.forall: 1
  // CHECK-NEXT: func.func: 1
  // CHECK-NEXT: gpu.module: 1
  // CHECK-NEXT: tile.nonexistent: 0

  MlirLogicalResult second = tileContextLoadDialects(ctx);
  MlirLogicalResult third = tileContextLoadDialects(ctx);
  fprintf(stderr, "second load: %s, third load: %s\n", result(second),
          result(third));
  fprintf(stderr, "same dialects loaded: %d\n",
          mlirContextGetNumLoadedDialects(ctx) == loadedAfterFirst);
  fprintf(stderr, "diagnostics: %d\n", diagnostics);
  // CHECK-NEXT: second load: success, third load: success
  // CHECK-NEXT: same dialects loaded: 1
  // CHECK-NEXT: diagnostics: 0

  mlirContextDetachDiagnosticHandler(ctx, id);
  mlirContextDestroy(ctx);
}

/* Two contexts load the tile dialect independently of each other. */
static void testLoadDialectsTwoContexts(void) {
  fprintf(stderr, "@testLoadDialectsTwoContexts\n");
  MlirContext a = mlirContextCreate();
  MlirContext b = mlirContextCreate();
  MlirLogicalResult ra = tileContextLoadDialects(a);
  fprintf(stderr, "a: %s, b before: %d\n", result(ra),
          isRegistered(b, "tile.copy"));
  MlirLogicalResult rb = tileContextLoadDialects(b);
  fprintf(stderr, "b: %s, b after: %d\n", result(rb),
          isRegistered(b, "tile.copy"));
  // CHECK-LABEL: @testLoadDialectsTwoContexts
  // CHECK: a: success, b before: 0
  // CHECK: b: success, b after: 1
  mlirContextDestroy(a);
  mlirContextDestroy(b);
}

/*===--- parsing tile IR --------------------------------------------------===*/

static const char kernel[] =
    "func.func @copy_rows(%src: memref<64x64xf16>, %dst: memref<64x64xf16>) {\n"
    "  %c0 = arith.constant 0 : index\n"
    "  %c2 = arith.constant 2 : index\n"
    "  %c32 = arith.constant 32 : index\n"
    "  %zero = arith.constant 0.0 : f16\n"
    "  scf.forall (%b) in (%c2) {\n"
    "    %row = arith.muli %b, %c32 : index\n"
    "    %s = \"tile.alloc\"() : () -> memref<32x64xf16, "
    "#gpu.address_space<workgroup>>\n"
    "    \"tile.fill\"(%s, %zero) : (memref<32x64xf16, "
    "#gpu.address_space<workgroup>>, f16) -> ()\n"
    "    \"tile.copy\"(%src, %s, %row, %c0) "
    "{operandSegmentSizes = array<i32: 1, 1, 2, 0>}\n"
    "        : (memref<64x64xf16>, memref<32x64xf16, "
    "#gpu.address_space<workgroup>>, index, index) -> ()\n"
    "    \"tile.copy\"(%s, %dst, %row, %c0) "
    "{operandSegmentSizes = array<i32: 1, 1, 0, 2>}\n"
    "        : (memref<32x64xf16, #gpu.address_space<workgroup>>, "
    "memref<64x64xf16>, index, index) -> ()\n"
    "  } {mapping = [#gpu.block<x>], tile.threads = 128 : i64}\n"
    "  return\n"
    "}\n";

static void testParseKernel(void) {
  fprintf(stderr, "@testParseKernel\n");
  MlirContext ctx = createTileContext();
  MlirModule module =
      mlirModuleCreateParse(ctx, mlirStringRefCreateFromCString(kernel));
  fprintf(stderr, "parsed: %d\n", !mlirModuleIsNull(module));
  // CHECK-LABEL: @testParseKernel
  // CHECK: parsed: 1
  if (mlirModuleIsNull(module)) {
    mlirContextDestroy(ctx);
    return;
  }
  MlirOperation op = mlirModuleGetOperation(module);
  fprintf(stderr, "verifies: %d\n", mlirOperationVerify(op));
  // CHECK-NEXT: verifies: 1
  mlirOperationPrint(op, printToStderr, NULL);
  fprintf(stderr, "\n");
  // CHECK:      module {
  // CHECK-NEXT:   func.func @copy_rows(%[[SRC:[a-z0-9_]+]]: memref<64x64xf16>, %[[DST:[a-z0-9_]+]]: memref<64x64xf16>) {
  // CHECK-DAG:      %[[C0:[a-z0-9_]+]] = arith.constant 0 : index
  // CHECK-DAG:      %[[ZERO:[a-z0-9_]+]] = arith.constant 0.000000e+00 : f16
  // CHECK:          scf.forall (%{{.*}}) in (%{{.*}}) {
  // CHECK:            %[[ROW:[a-z0-9_]+]] = arith.muli
  // CHECK-NEXT:       %[[S:[a-z0-9_]+]] = "tile.alloc"() : () -> memref<32x64xf16, #gpu.address_space<workgroup>>
  // CHECK-NEXT:       "tile.fill"(%[[S]], %[[ZERO]]) : (memref<32x64xf16, #gpu.address_space<workgroup>>, f16) -> ()
  // CHECK-NEXT:       "tile.copy"(%[[SRC]], %[[S]], %[[ROW]], %[[C0]]) {operandSegmentSizes = array<i32: 1, 1, 2, 0>} : (memref<64x64xf16>, memref<32x64xf16, #gpu.address_space<workgroup>>, index, index) -> ()
  // CHECK-NEXT:       "tile.copy"(%[[S]], %[[DST]], %[[ROW]], %[[C0]]) {operandSegmentSizes = array<i32: 1, 1, 0, 2>} : (memref<32x64xf16, #gpu.address_space<workgroup>>, memref<64x64xf16>, index, index) -> ()
  // CHECK-NEXT:     } {mapping = [#gpu.block<x>], tile.threads = 128 : i64}
  // CHECK-NEXT:     return
  // CHECK-NEXT:   }
  // CHECK-NEXT: }

  /* The tile ops read back from the parsed module. */
  MlirOperation func = mlirBlockGetFirstOperation(mlirModuleGetBody(module));
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0));
  for (MlirOperation o = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(o); o = mlirOperationGetNextInBlock(o)) {
    MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(o));
    fprintf(stderr, "op: %.*s\n", (int)name.length, name.data);
  }
  // CHECK:      op: arith.constant
  // CHECK-NEXT: op: arith.constant
  // CHECK-NEXT: op: arith.constant
  // CHECK-NEXT: op: arith.constant
  // CHECK-NEXT: op: scf.forall
  // CHECK-NEXT: op: func.return

  mlirModuleDestroy(module);
  mlirContextDestroy(ctx);
}

/* IRDL checks operand kinds: a tile.fill whose dest is not a memref does not
 * verify, and a tile op that does not exist does not parse. */
static void testParseInvalidTileIR(void) {
  fprintf(stderr, "@testParseInvalidTileIR\n");
  MlirContext ctx = createTileContext();
  int diagnostics = 0;
  MlirDiagnosticHandlerID id = mlirContextAttachDiagnosticHandler(
      ctx, printDiagnostic, &diagnostics, NULL);
  MlirModule notMemRef = mlirModuleCreateParse(
      ctx, mlirStringRefCreateFromCString(
               "func.func @f(%v: f32) {\n"
               "  \"tile.fill\"(%v, %v) : (f32, f32) -> ()\n"
               "  return\n"
               "}\n"));
  fprintf(stderr, "not a memref parsed: %d\n", !mlirModuleIsNull(notMemRef));
  // CHECK-LABEL: @testParseInvalidTileIR
  // CHECK: diagnostic: {{.*}}: expected base type 'builtin.memref' but got 'builtin.f32'
  // CHECK: not a memref parsed: 0
  MlirModule unknownOp = mlirModuleCreateParse(
      ctx, mlirStringRefCreateFromCString("\"tile.matmul\"() : () -> ()\n"));
  fprintf(stderr, "unknown op parsed: %d\n", !mlirModuleIsNull(unknownOp));
  // CHECK: diagnostic: {{.*}}: {{.*}}'tile.matmul'
  // CHECK: unknown op parsed: 0
  fprintf(stderr, "diagnostics: %d\n", diagnostics > 0);
  // CHECK: diagnostics: 1
  if (!mlirModuleIsNull(notMemRef))
    mlirModuleDestroy(notMemRef);
  if (!mlirModuleIsNull(unknownOp))
    mlirModuleDestroy(unknownOp);
  mlirContextDetachDiagnosticHandler(ctx, id);
  mlirContextDestroy(ctx);
}

/*===--- scopes -----------------------------------------------------------===*/

static void testMemRefScopes(void) {
  fprintf(stderr, "@testMemRefScopes\n");
  MlirContext ctx = createTileContext();
  int diagnostics = 0;
  MlirDiagnosticHandlerID id = mlirContextAttachDiagnosticHandler(
      ctx, printDiagnostic, &diagnostics, NULL);
  static const char *const types[] = {
      "memref<16x16xf32>",
      "memref<?x?xf16>",
      "memref<16x16xf16, #gpu.address_space<workgroup>>",
      "memref<16x16xf32, #tile.fragment>",
      "memref<4xf32, #gpu.address_space<private>>",
      "memref<4xf32, #gpu.address_space<global>>",
      "memref<4xf32, 7>",
      "memref<4xf32, 3>",
      "tensor<4xf32>",
      "f32",
  };
  for (size_t i = 0; i < sizeof(types) / sizeof(types[0]); ++i) {
    MlirType type =
        mlirTypeParseGet(ctx, mlirStringRefCreateFromCString(types[i]));
    if (mlirTypeIsNull(type)) {
      fprintf(stderr, "FAILED to parse %s\n", types[i]);
      continue;
    }
    TileScope scope = tileMemRefTypeGetScope(type);
    fprintf(stderr, "%s: %d %s\n", types[i], (int)scope,
            tileScopeGetName(scope));
  }
  // CHECK-LABEL: @testMemRefScopes
  // CHECK-NEXT: memref<16x16xf32>: 0 global
  // CHECK-NEXT: memref<?x?xf16>: 0 global
  // CHECK-NEXT: memref<16x16xf16, #gpu.address_space<workgroup>>: 1 shared
  // CHECK-NEXT: memref<16x16xf32, #tile.fragment>: 2 fragment
  // CHECK-NEXT: memref<4xf32, #gpu.address_space<private>>: 3 local
  // CHECK-NEXT: memref<4xf32, #gpu.address_space<global>>: 4 invalid
  // CHECK-NEXT: memref<4xf32, 7>: 4 invalid
  // CHECK-NEXT: memref<4xf32, 3>: 4 invalid
  // CHECK-NEXT: tensor<4xf32>: 4 invalid
  // CHECK-NEXT: f32: 4 invalid
  fprintf(stderr, "diagnostics: %d\n", diagnostics);
  // CHECK-NEXT: diagnostics: 0
  mlirContextDetachDiagnosticHandler(ctx, id);
  mlirContextDestroy(ctx);
}

static void testScopeNames(void) {
  fprintf(stderr, "@testScopeNames\n");
  static const TileScope scopes[] = {TileScopeGlobal,   TileScopeShared,
                                     TileScopeFragment, TileScopeLocal,
                                     TileScopeInvalid,  (TileScope)42};
  for (size_t i = 0; i < sizeof(scopes) / sizeof(scopes[0]); ++i)
    fprintf(stderr, "%d: %s\n", (int)scopes[i], tileScopeGetName(scopes[i]));
  // CHECK-LABEL: @testScopeNames
  // CHECK-NEXT: 0: global
  // CHECK-NEXT: 1: shared
  // CHECK-NEXT: 2: fragment
  // CHECK-NEXT: 3: local
  // CHECK-NEXT: 4: invalid
  // CHECK-NEXT: 42: invalid
}

/* tileScopeGetMemorySpace gives the attribute that tileMemRefTypeGetScope
 * reads back, for memrefs built through the C API. */
static void testScopeMemorySpaceRoundTrip(void) {
  fprintf(stderr, "@testScopeMemorySpaceRoundTrip\n");
  MlirContext ctx = createTileContext();
  static const TileScope scopes[] = {TileScopeGlobal, TileScopeShared,
                                     TileScopeFragment, TileScopeLocal,
                                     TileScopeInvalid};
  int64_t shape[] = {8, 4};
  MlirType f32 = mlirF32TypeGet(ctx);
  for (size_t i = 0; i < sizeof(scopes) / sizeof(scopes[0]); ++i) {
    MlirAttribute space = tileScopeGetMemorySpace(ctx, scopes[i]);
    fprintf(stderr, "%s: ", tileScopeGetName(scopes[i]));
    if (mlirAttributeIsNull(space))
      fprintf(stderr, "<none>");
    else
      mlirAttributePrint(space, printToStderr, NULL);
    if (scopes[i] == TileScopeInvalid) {
      fprintf(stderr, "\n");
      continue;
    }
    MlirType type =
        mlirMemRefTypeGet(f32, 2, shape, mlirAttributeGetNull(), space);
    fprintf(stderr, " -> ");
    mlirTypePrint(type, printToStderr, NULL);
    TileScope back = tileMemRefTypeGetScope(type);
    fprintf(stderr, " -> %s%s\n", tileScopeGetName(back),
            back == scopes[i] ? "" : " MISMATCH");
  }
  // CHECK-LABEL: @testScopeMemorySpaceRoundTrip
  // CHECK-NEXT: global: <none> -> memref<8x4xf32> -> global
  // CHECK-NEXT: shared: #gpu.address_space<workgroup> -> memref<8x4xf32, #gpu.address_space<workgroup>> -> shared
  // CHECK-NEXT: fragment: #tile.fragment -> memref<8x4xf32, #tile.fragment> -> fragment
  // CHECK-NEXT: local: #gpu.address_space<private> -> memref<8x4xf32, #gpu.address_space<private>> -> local
  // CHECK-NEXT: invalid: <none>

  /* The attribute is the one the parser makes for the same text. */
  MlirAttribute parsed = mlirAttributeParseGet(
      ctx, mlirStringRefCreateFromCString("#tile.fragment"));
  fprintf(stderr, "fragment equals parsed: %d\n",
          mlirAttributeEqual(parsed,
                             tileScopeGetMemorySpace(ctx, TileScopeFragment)));
  // CHECK-NEXT: fragment equals parsed: 1
  mlirContextDestroy(ctx);
}

/*===--- user IRDL --------------------------------------------------------===*/

static const char userIRDL[] = "irdl.dialect @mydialect {\n"
                               "  irdl.operation @make {\n"
                               "    %i32 = irdl.is i32\n"
                               "    irdl.results(value: %i32)\n"
                               "  }\n"
                               "  irdl.operation @consume {\n"
                               "    %i32 = irdl.is i32\n"
                               "    irdl.operands(value: %i32)\n"
                               "  }\n"
                               "}\n";

static void testLoadUserIRDL(void) {
  fprintf(stderr, "@testLoadUserIRDL\n");
  MlirContext ctx = createTileContext();
  int diagnostics = 0;
  MlirDiagnosticHandlerID id = mlirContextAttachDiagnosticHandler(
      ctx, printDiagnostic, &diagnostics, NULL);
  fprintf(stderr, "before: %d\n", isRegistered(ctx, "mydialect.make"));
  MlirLogicalResult loaded = tileContextLoadIRDL(
      ctx, mlirStringRefCreateFromCString(userIRDL),
      mlirStringRefCreateFromCString("mydialect.irdl.mlir"));
  fprintf(stderr, "load: %s\n", result(loaded));
  fprintf(stderr, "after: make %d, consume %d, tile.copy %d\n",
          isRegistered(ctx, "mydialect.make"),
          isRegistered(ctx, "mydialect.consume"),
          isRegistered(ctx, "tile.copy"));
  // CHECK-LABEL: @testLoadUserIRDL
  // CHECK-NEXT: before: 0
  // CHECK-NEXT: load: success
  // CHECK-NEXT: after: make 1, consume 1, tile.copy 1

  MlirModule module = mlirModuleCreateParse(
      ctx, mlirStringRefCreateFromCString(
               "%0 = \"mydialect.make\"() : () -> i32\n"
               "\"mydialect.consume\"(%0) : (i32) -> ()\n"));
  fprintf(stderr, "parsed: %d\n", !mlirModuleIsNull(module));
  // CHECK-NEXT: parsed: 1
  if (!mlirModuleIsNull(module)) {
    mlirOperationPrint(mlirModuleGetOperation(module), printToStderr, NULL);
    fprintf(stderr, "\n");
    mlirModuleDestroy(module);
  }
  // CHECK-NEXT: module {
  // CHECK-NEXT:   %[[V:.*]] = "mydialect.make"() : () -> i32
  // CHECK-NEXT:   "mydialect.consume"(%[[V]]) : (i32) -> ()
  // CHECK-NEXT: }

  /* The loaded definition constrains the op: an f32 operand is rejected. */
  MlirModule wrongType = mlirModuleCreateParse(
      ctx, mlirStringRefCreateFromCString(
               "func.func @f(%x: f32) {\n"
               "  \"mydialect.consume\"(%x) : (f32) -> ()\n"
               "  return\n"
               "}\n"));
  fprintf(stderr, "wrong type parsed: %d\n", !mlirModuleIsNull(wrongType));
  // CHECK: diagnostic: {{.*}}: expected 'i32' but got 'f32'
  // CHECK: wrong type parsed: 0
  if (!mlirModuleIsNull(wrongType))
    mlirModuleDestroy(wrongType);
  mlirContextDetachDiagnosticHandler(ctx, id);
  mlirContextDestroy(ctx);
}

/* tileContextLoadIRDL needs nothing loaded beforehand. */
static void testLoadUserIRDLFreshContext(void) {
  fprintf(stderr, "@testLoadUserIRDLFreshContext\n");
  MlirContext ctx = mlirContextCreate();
  MlirLogicalResult loaded = tileContextLoadIRDL(
      ctx, mlirStringRefCreateFromCString(userIRDL),
      mlirStringRefCreateFromCString("mydialect.irdl.mlir"));
  fprintf(stderr, "load: %s, make %d, tile.copy %d\n", result(loaded),
          isRegistered(ctx, "mydialect.make"), isRegistered(ctx, "tile.copy"));
  // CHECK-LABEL: @testLoadUserIRDLFreshContext
  // CHECK-NEXT: load: success, make 1, tile.copy 0
  MlirOperation op = mlirOperationCreateParse(
      ctx,
      mlirStringRefCreateFromCString("%0 = \"mydialect.make\"() : () -> i32"),
      mlirStringRefCreateFromCString("op.mlir"));
  fprintf(stderr, "op parsed: %d\n", !mlirOperationIsNull(op));
  // CHECK-NEXT: op parsed: 1
  if (!mlirOperationIsNull(op))
    mlirOperationDestroy(op);
  mlirContextDestroy(ctx);
}

static void testLoadMalformedIRDL(void) {
  fprintf(stderr, "@testLoadMalformedIRDL\n");
  MlirContext ctx = createTileContext();
  int diagnostics = 0;
  MlirDiagnosticHandlerID id = mlirContextAttachDiagnosticHandler(
      ctx, printDiagnostic, &diagnostics, NULL);

  /* A syntax error: the dialect body is never closed. */
  MlirLogicalResult unclosed = tileContextLoadIRDL(
      ctx,
      mlirStringRefCreateFromCString("irdl.dialect @broken {\n"
                                     "  irdl.operation @op {\n"
                                     "  }\n"),
      mlirStringRefCreateFromCString("broken.irdl.mlir"));
  fprintf(stderr, "unclosed: %s, diagnostics %d\n", result(unclosed),
          diagnostics);
  // CHECK-LABEL: @testLoadMalformedIRDL
  // CHECK: diagnostic: loc("broken.irdl.mlir":3:4): expected operation name in quotes
  // CHECK: unclosed: failure, diagnostics 1
  fprintf(stderr, "broken.op registered: %d\n", isRegistered(ctx, "broken.op"));
  // CHECK-NEXT: broken.op registered: 0

  /* A use of an undefined constraint value. */
  diagnostics = 0;
  MlirLogicalResult undefined = tileContextLoadIRDL(
      ctx,
      mlirStringRefCreateFromCString("irdl.dialect @broken2 {\n"
                                     "  irdl.operation @op {\n"
                                     "    irdl.operands(x: %undefined)\n"
                                     "  }\n"
                                     "}\n"),
      mlirStringRefCreateFromCString("broken2.irdl.mlir"));
  fprintf(stderr, "undefined: %s, diagnostics %d\n", result(undefined),
          diagnostics > 0);
  // CHECK: diagnostic: loc("broken2.irdl.mlir":3:{{[0-9]+}}): use of undeclared SSA value name
  // CHECK: undefined: failure, diagnostics 1

  /* An unknown IRDL op. */
  diagnostics = 0;
  MlirLogicalResult unknown = tileContextLoadIRDL(
      ctx,
      mlirStringRefCreateFromCString("irdl.dialect @broken3 {\n"
                                     "  irdl.operatoin @op {\n"
                                     "  }\n"
                                     "}\n"),
      mlirStringRefCreateFromCString("broken3.irdl.mlir"));
  fprintf(stderr, "unknown: %s, diagnostics %d\n", result(unknown),
          diagnostics > 0);
  // CHECK: diagnostic: loc("broken3.irdl.mlir":2:3): {{.*}}'irdl.operatoin'
  // CHECK: unknown: failure, diagnostics 1

  /* The context stays usable: tile IR still parses. */
  MlirModule module =
      mlirModuleCreateParse(ctx, mlirStringRefCreateFromCString(kernel));
  fprintf(stderr, "kernel still parses: %d\n", !mlirModuleIsNull(module));
  // CHECK: kernel still parses: 1
  if (!mlirModuleIsNull(module))
    mlirModuleDestroy(module);

  mlirContextDetachDiagnosticHandler(ctx, id);
  mlirContextDestroy(ctx);
}

/*===--- the embedded source ----------------------------------------------===*/

static void testDialectSource(void) {
  fprintf(stderr, "@testDialectSource\n");
  MlirStringRef source = tileGetDialectSource();
  /* The text need not be NUL-terminated: search within its length. */
  char *text = malloc(source.length + 1);
  memcpy(text, source.data, source.length);
  text[source.length] = '\0';
  fprintf(stderr, "non-empty: %d\n", source.length > 0);
  fprintf(stderr, "defines tile: %d\n",
          strstr(text, "irdl.dialect @tile") != NULL);
  static const char *const ops[] = {"@alloc",   "@copy",   "@gemm",
                                    "@fill",    "@reduce", "@atomic_add",
                                    "@fragment"};
  for (size_t i = 0; i < sizeof(ops) / sizeof(ops[0]); ++i)
    fprintf(stderr, "%s: %d\n", ops[i], strstr(text, ops[i]) != NULL);
  // CHECK-LABEL: @testDialectSource
  // CHECK-NEXT: non-empty: 1
  // CHECK-NEXT: defines tile: 1
  // CHECK-NEXT: @alloc: 1
  // CHECK-NEXT: @copy: 1
  // CHECK-NEXT: @gemm: 1
  // CHECK-NEXT: @fill: 1
  // CHECK-NEXT: @reduce: 1
  // CHECK-NEXT: @atomic_add: 1
  // CHECK-NEXT: @fragment: 1

  /* Two calls give the same text. */
  MlirStringRef again = tileGetDialectSource();
  fprintf(stderr, "stable: %d\n", mlirStringRefEqual(source, again));
  // CHECK-NEXT: stable: 1
  free(text);

  /* The source is what the dialect is loaded from: it parses as IRDL in a
   * context that has nothing else loaded. */
  MlirContext ctx = mlirContextCreate();
  MlirLogicalResult loaded = tileContextLoadIRDL(
      ctx, source, mlirStringRefCreateFromCString("tile.irdl.mlir"));
  fprintf(stderr, "source loads: %s, tile.gemm %d\n", result(loaded),
          isRegistered(ctx, "tile.gemm"));
  // CHECK-NEXT: source loads: success, tile.gemm 1
  mlirContextDestroy(ctx);
}

int main(void) {
  testLoadDialects();
  testLoadDialectsTwoContexts();
  testParseKernel();
  testParseInvalidTileIR();
  testMemRefScopes();
  testScopeNames();
  testScopeMemorySpaceRoundTrip();
  testLoadUserIRDL();
  testLoadUserIRDLFreshContext();
  testLoadMalformedIRDL();
  testDialectSource();
  fprintf(stderr, "@done\n");
  // CHECK-LABEL: @done
  return 0;
}
