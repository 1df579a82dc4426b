/*===-- passes.c - Tests of the tile pass registry C API ------------------===*\
|*                                                                            *|
|* The descriptors of tile/passes.h, pass creation with options, and running  *|
|* tile passes in pass managers built with the MLIR C API.                    *|
\*===----------------------------------------------------------------------===*/

// RUN: tile-capi-passes 2>&1 | FileCheck %s

#include "tile/tile.h"

#include "mlir-c/Diagnostics.h"
#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void printToStderr(MlirStringRef str, void *userData) {
  (void)userData;
  fwrite(str.data, 1, str.length, stderr);
}

/* Error sink of tileCreatePass: one line per message, counted in `count`
 * (when not NULL). */
static void printError(MlirStringRef message, void *userData) {
  if (userData)
    ++*(int *)userData;
  fprintf(stderr, "error: %.*s\n", (int)message.length, message.data);
}

static TileErrorSink printErrors(int *count) {
  return (TileErrorSink){printError, count};
}

/* A growing NUL-terminated string, filled by appendText. */
typedef struct {
  char *data;
  size_t size;
} Text;

static void appendText(MlirStringRef str, void *userData) {
  Text *text = userData;
  char *grown = realloc(text->data, text->size + str.length + 1);
  if (!grown)
    abort();
  memcpy(grown + text->size, str.data, str.length);
  text->size += str.length;
  grown[text->size] = '\0';
  text->data = grown;
}

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

static const char *result(MlirLogicalResult r) {
  return mlirLogicalResultIsSuccess(r) ? "success" : "failure";
}

static MlirStringRef str(const char *s) {
  return mlirStringRefCreateFromCString(s);
}

static MlirContext createTileContext(void) {
  MlirContext ctx = mlirContextCreate();
  if (mlirLogicalResultIsFailure(tileContextLoadDialects(ctx))) {
    fprintf(stderr, "FAILED to load the tile dialects\n");
    exit(1);
  }
  return ctx;
}

static MlirModule parse(MlirContext ctx, const char *source) {
  MlirModule module = mlirModuleCreateParse(ctx, str(source));
  if (mlirModuleIsNull(module)) {
    fprintf(stderr, "FAILED to parse:\n%s\n", source);
    exit(1);
  }
  return module;
}

/* Creates tile-verify with `options` and runs it on `source` with a pass
 * manager anchored on builtin.module; prints the result. */
static void runTileVerify(MlirContext ctx, const char *options,
                          const char *source) {
  MlirModule module = parse(ctx, source);
  MlirPassManager pm =
      mlirPassManagerCreateOnOperation(ctx, str("builtin.module"));
  MlirPass pass =
      tileCreatePass(str("tile-verify"), str(options), printErrors(NULL));
  if (!pass.ptr) {
    fprintf(stderr, "FAILED to create tile-verify{%s}\n", options);
  } else {
    mlirPassManagerAddOwnedPass(pm, pass);
    MlirLogicalResult r =
        mlirPassManagerRunOnOp(pm, mlirModuleGetOperation(module));
    fprintf(stderr, "tile-verify{%s}: %s\n", options, result(r));
  }
  mlirPassManagerDestroy(pm);
  mlirModuleDestroy(module);
}

/*===--- the registry -----------------------------------------------------===*/

static void testRegistry(void) {
  fprintf(stderr, "@testRegistry\n");
  intptr_t n = tileGetNumPasses();
  fprintf(stderr, "has passes: %d\n", n >= 1);
  // CHECK-LABEL: @testRegistry
  // CHECK-NEXT: has passes: 1

  intptr_t index = tileFindPass(str("tile-verify"));
  fprintf(stderr, "tile-verify found: %d\n", index >= 0 && index < n);
  // CHECK-NEXT: tile-verify found: 1
  MlirStringRef argument = tilePassGetArgument(index);
  fprintf(stderr, "argument round trip: %d\n",
          mlirStringRefEqual(argument, str("tile-verify")));
  // CHECK-NEXT: argument round trip: 1

  /* Every pass is found under its own argument. */
  int consistent = 1;
  for (intptr_t i = 0; i < n; ++i)
    consistent &= tileFindPass(tilePassGetArgument(i)) == i;
  fprintf(stderr, "find consistent: %d\n", consistent);
  // CHECK-NEXT: find consistent: 1

  static const char *const unknown[] = {
      "tile-verif", "tile-verify2", "TILE-VERIFY", "verify",
      "",           "canonicalize"};
  for (size_t i = 0; i < sizeof(unknown) / sizeof(unknown[0]); ++i)
    fprintf(stderr, "'%s': %ld\n", unknown[i],
            (long)tileFindPass(str(unknown[i])));
  // CHECK-NEXT: 'tile-verif': -1
  // CHECK-NEXT: 'tile-verify2': -1
  // CHECK-NEXT: 'TILE-VERIFY': -1
  // CHECK-NEXT: 'verify': -1
  // CHECK-NEXT: '': -1
  // CHECK-NEXT: 'canonicalize': -1

  /* Arguments are string refs: only `length` characters count. */
  const char *longer = "tile-verify{kernel-required=false}";
  fprintf(stderr, "prefix ref found: %d\n",
          tileFindPass(mlirStringRefCreate(longer, 11)) == index);
  fprintf(stderr, "short ref found: %d\n",
          tileFindPass(mlirStringRefCreate(longer, 10)) >= 0);
  // CHECK-NEXT: prefix ref found: 1
  // CHECK-NEXT: short ref found: 0
}

static void testPassInfo(void) {
  fprintf(stderr, "@testPassInfo\n");
  intptr_t index = tileFindPass(str("tile-verify"));
  MlirStringRef argument = tilePassGetArgument(index);
  MlirStringRef summary = tilePassGetSummary(index);
  MlirStringRef anchor = tilePassGetAnchor(index);
  fprintf(stderr, "argument: '%.*s'\n", (int)argument.length, argument.data);
  fprintf(stderr, "summary: '%.*s'\n", (int)summary.length, summary.data);
  fprintf(stderr, "anchor: '%.*s'\n", (int)anchor.length, anchor.data);
  // CHECK-LABEL: @testPassInfo
  // CHECK-NEXT: argument: 'tile-verify'
  // CHECK-NEXT: summary: 'Check the semantic rules of tile IR {{.*}}'
  // CHECK-NEXT: anchor: ''

  /* Out-of-range indices give empty strings, not crashes. */
  intptr_t bad[] = {-1, tileGetNumPasses(), 1000};
  for (size_t i = 0; i < 3; ++i)
    fprintf(stderr, "index %s: argument %zu, summary %zu, anchor %zu\n",
            i == 0   ? "-1"
            : i == 1 ? "n"
                     : "1000",
            tilePassGetArgument(bad[i]).length,
            tilePassGetSummary(bad[i]).length,
            tilePassGetAnchor(bad[i]).length);
  // CHECK-NEXT: index -1: argument 0, summary 0, anchor 0
  // CHECK-NEXT: index n: argument 0, summary 0, anchor 0
  // CHECK-NEXT: index 1000: argument 0, summary 0, anchor 0
}

static void testPrintOptions(void) {
  fprintf(stderr, "@testPrintOptions\n");
  intptr_t index = tileFindPass(str("tile-verify"));
  tilePassPrintOptions(index, printToStderr, NULL);
  fprintf(stderr, "--\n");
  // CHECK-LABEL: @testPrintOptions
  // CHECK-NEXT: kernel-required=<bool> (default true): require ops on shared or fragment buffers, gemm and reduce to be inside a kernel loop
  // CHECK-NEXT: --

  /* An index that names no pass prints nothing. */
  tilePassPrintOptions(-1, printToStderr, NULL);
  tilePassPrintOptions(tileGetNumPasses(), printToStderr, NULL);
  fprintf(stderr, "out of range: nothing\n");
  // CHECK-NEXT: out of range: nothing
}

/*===--- creating passes --------------------------------------------------===*/

static void testCreatePassErrors(void) {
  fprintf(stderr, "@testCreatePassErrors\n");
  // CHECK-LABEL: @testCreatePassErrors
  static const struct {
    const char *pass, *options;
  } cases[] = {
      {"tile-verify", "kernel-requird=false"},
      {"tile-verify", "kernel-required=maybe"},
      {"tile-verify", "kernel-required=TRUE"},
      {"tile-verify", "kernel-required=\"true"},
      {"tile-verify", "kernel-required=true bogus"},
      {"tile-frobnicate", ""},
      {"tile-verify{kernel-required=false}", ""},
      /* A chip or features the target would refuse (the pass took them). */
      {"tile-cuda-mma", "chip=sm80"},
      {"tile-cpu-gemm", "cpu=x86-64 features=avx2"},
  };
  for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); ++i) {
    int errors = 0;
    MlirPass pass = tileCreatePass(str(cases[i].pass), str(cases[i].options),
                                   printErrors(&errors));
    fprintf(stderr, "%s{%s}: null %d, errors %d\n", cases[i].pass,
            cases[i].options, pass.ptr == NULL, errors);
    if (pass.ptr) {
      /* Not expected; hand it to a pass manager so that it is freed. */
      MlirContext ctx = mlirContextCreate();
      MlirPassManager pm = mlirPassManagerCreate(ctx);
      mlirPassManagerAddOwnedPass(pm, pass);
      mlirPassManagerDestroy(pm);
      mlirContextDestroy(ctx);
    }
  }
  // CHECK-NEXT: error: unknown option 'kernel-requird' for pass 'tile-verify' (valid options: kernel-required)
  // CHECK-NEXT: tile-verify{kernel-requird=false}: null 1, errors 1
  // CHECK-NEXT: error: invalid value 'maybe' for bool option 'kernel-required' of pass 'tile-verify'
  // CHECK-NEXT: tile-verify{kernel-required=maybe}: null 1, errors 1
  // CHECK-NEXT: error: invalid value 'TRUE' for bool option 'kernel-required' of pass 'tile-verify'
  // CHECK-NEXT: tile-verify{kernel-required=TRUE}: null 1, errors 1
  // CHECK-NEXT: error: unterminated value for option 'kernel-required' of pass 'tile-verify'
  // CHECK-NEXT: tile-verify{kernel-required="true}: null 1, errors 1
  // CHECK-NEXT: error: unknown option 'bogus' for pass 'tile-verify' (valid options: kernel-required)
  // CHECK-NEXT: tile-verify{kernel-required=true bogus}: null 1, errors 1
  // CHECK-NEXT: error: 'tile-frobnicate' is not a tile pass
  // CHECK-NEXT: tile-frobnicate{}: null 1, errors 1
  // CHECK-NEXT: error: 'tile-verify{kernel-required=false}' is not a tile pass
  // CHECK-NEXT: tile-verify{kernel-required=false}{}: null 1, errors 1
  // CHECK-NEXT: error: invalid value 'sm80' for option 'chip' of pass 'tile-cuda-mma': unknown cuda chip 'sm80' (valid: sm_75, sm_80, sm_86, sm_87, sm_89, sm_90, sm_90a)
  // CHECK-NEXT: tile-cuda-mma{chip=sm80}: null 1, errors 1
  // CHECK-NEXT: error: invalid value 'avx2' for option 'features' of pass 'tile-cpu-gemm': cpu feature 'avx2' must be +NAME or -NAME
  // CHECK-NEXT: tile-cpu-gemm{cpu=x86-64 features=avx2}: null 1, errors 1

  /* A sink without a callback is allowed: the failure is still a null
   * pass. */
  TileErrorSink none = {NULL, NULL};
  MlirPass silent = tileCreatePass(str("tile-verify"), str("nope=1"), none);
  MlirPass silentUnknown = tileCreatePass(str("nope"), str(""), none);
  fprintf(stderr, "null callback: null %d, unknown null %d\n",
          silent.ptr == NULL, silentUnknown.ptr == NULL);
  // CHECK-NEXT: null callback: null 1, unknown null 1
}

static void testCreatePassGoodOptions(void) {
  fprintf(stderr, "@testCreatePassGoodOptions\n");
  // CHECK-LABEL: @testCreatePassGoodOptions
  static const char *const options[] = {
      "",
      "kernel-required=false",
      "kernel-required=true",
      "kernel-required=0",
      "kernel-required=1",
      "kernel-required",
      "  kernel-required=false  ",
      "kernel-required='false'",
      "kernel-required=\"true\"",
      "kernel-required=true kernel-required=false",
  };
  MlirContext ctx = mlirContextCreate();
  MlirPassManager pm = mlirPassManagerCreate(ctx);
  for (size_t i = 0; i < sizeof(options) / sizeof(options[0]); ++i) {
    int errors = 0;
    MlirPass pass = tileCreatePass(str("tile-verify"), str(options[i]),
                                   printErrors(&errors));
    fprintf(stderr, "{%s}: created %d, errors %d\n", options[i],
            pass.ptr != NULL, errors);
    if (pass.ptr)
      mlirPassManagerAddOwnedPass(pm, pass);
  }
  // CHECK-NEXT: {}: created 1, errors 0
  // CHECK-NEXT: {kernel-required=false}: created 1, errors 0
  // CHECK-NEXT: {kernel-required=true}: created 1, errors 0
  // CHECK-NEXT: {kernel-required=0}: created 1, errors 0
  // CHECK-NEXT: {kernel-required=1}: created 1, errors 0
  // CHECK-NEXT: {kernel-required}: created 1, errors 0
  // CHECK-NEXT: {  kernel-required=false  }: created 1, errors 0
  // CHECK-NEXT: {kernel-required='false'}: created 1, errors 0
  // CHECK-NEXT: {kernel-required="true"}: created 1, errors 0
  // CHECK-NEXT: {kernel-required=true kernel-required=false}: created 1, errors 0

  /* All of them are in the pass manager. */
  Text text = {NULL, 0};
  mlirPrintPassPipeline(mlirPassManagerGetAsOpPassManager(pm), appendText,
                        &text);
  int count = 0;
  for (const char *p = text.data; p && (p = strstr(p, "tile-verify")); ++p)
    ++count;
  fprintf(stderr, "anchor any: %d, passes in pipeline: %d\n",
          text.data && strncmp(text.data, "any(", 4) == 0, count);
  // CHECK-NEXT: anchor any: 1, passes in pipeline: 10
  free(text.data);
  mlirPassManagerDestroy(pm);
  mlirContextDestroy(ctx);
}

/*===--- running passes ---------------------------------------------------===*/

static const char validKernel[] =
    "func.func @gemm(%A: memref<64x32xf16>, %B: memref<32x64xf16>,\n"
    "                %C: memref<64x64xf32>) {\n"
    "  %c0 = arith.constant 0 : index\n"
    "  %c1 = arith.constant 1 : index\n"
    "  %zero = arith.constant 0.0 : f32\n"
    "  scf.forall (%b) in (%c1) {\n"
    "    %a = \"tile.alloc\"() : () -> memref<64x32xf16, "
    "#gpu.address_space<workgroup>>\n"
    "    %bs = \"tile.alloc\"() : () -> memref<32x64xf16, "
    "#gpu.address_space<workgroup>>\n"
    "    %acc = \"tile.alloc\"() : () -> memref<64x64xf32, #tile.fragment>\n"
    "    \"tile.fill\"(%acc, %zero) : (memref<64x64xf32, #tile.fragment>, f32) "
    "-> ()\n"
    "    \"tile.copy\"(%A, %a) {operandSegmentSizes = array<i32: 1, 1, 0, 0>}\n"
    "        : (memref<64x32xf16>, memref<64x32xf16, "
    "#gpu.address_space<workgroup>>) -> ()\n"
    "    \"tile.copy\"(%B, %bs) {operandSegmentSizes = array<i32: 1, 1, 0, "
    "0>}\n"
    "        : (memref<32x64xf16>, memref<32x64xf16, "
    "#gpu.address_space<workgroup>>) -> ()\n"
    "    \"tile.gemm\"(%a, %bs, %acc) : (memref<64x32xf16, "
    "#gpu.address_space<workgroup>>,\n"
    "        memref<32x64xf16, #gpu.address_space<workgroup>>, "
    "memref<64x64xf32, #tile.fragment>) -> ()\n"
    "    \"tile.copy\"(%acc, %C, %c0, %c0) {operandSegmentSizes = array<i32: "
    "1, 1, 0, 2>}\n"
    "        : (memref<64x64xf32, #tile.fragment>, memref<64x64xf32>, index, "
    "index) -> ()\n"
    "  } {mapping = [#gpu.block<x>], tile.threads = 128 : i64}\n"
    "  return\n"
    "}\n";

/* The same kernel, but B is 16x64: op(A) is 64x32, so K does not match. */
static const char kMismatchKernel[] =
    "func.func @gemm(%C: memref<64x64xf32>) {\n"
    "  %c0 = arith.constant 0 : index\n"
    "  %c1 = arith.constant 1 : index\n"
    "  scf.forall (%b) in (%c1) {\n"
    "    %a = \"tile.alloc\"() : () -> memref<64x32xf16, "
    "#gpu.address_space<workgroup>>\n"
    "    %bs = \"tile.alloc\"() : () -> memref<16x64xf16, "
    "#gpu.address_space<workgroup>>\n"
    "    %acc = \"tile.alloc\"() : () -> memref<64x64xf32, #tile.fragment>\n"
    "    \"tile.gemm\"(%a, %bs, %acc) : (memref<64x32xf16, "
    "#gpu.address_space<workgroup>>,\n"
    "        memref<16x64xf16, #gpu.address_space<workgroup>>, "
    "memref<64x64xf32, #tile.fragment>) -> ()\n"
    "    \"tile.copy\"(%acc, %C, %c0, %c0) {operandSegmentSizes = array<i32: "
    "1, 1, 0, 2>}\n"
    "        : (memref<64x64xf32, #tile.fragment>, memref<64x64xf32>, index, "
    "index) -> ()\n"
    "  } {mapping = [#gpu.block<x>], tile.threads = 128 : i64}\n"
    "  return\n"
    "}\n";

/* A helper that fills a fragment outside any kernel. */
static const char fillOutsideKernel[] =
    "func.func @helper(%frag: memref<16x16xf32, #tile.fragment>, %v: f32) {\n"
    "  \"tile.fill\"(%frag, %v) : (memref<16x16xf32, #tile.fragment>, f32) -> "
    "()\n"
    "  return\n"
    "}\n";

static void testRunValidKernel(void) {
  fprintf(stderr, "@testRunValidKernel\n");
  MlirContext ctx = createTileContext();
  int diagnostics = 0;
  MlirDiagnosticHandlerID id = mlirContextAttachDiagnosticHandler(
      ctx, printDiagnostic, &diagnostics, NULL);
  runTileVerify(ctx, "", validKernel);
  runTileVerify(ctx, "kernel-required=false", validKernel);
  fprintf(stderr, "diagnostics: %d\n", diagnostics);
  // CHECK-LABEL: @testRunValidKernel
  // CHECK-NEXT: tile-verify{}: success
  // CHECK-NEXT: tile-verify{kernel-required=false}: success
  // CHECK-NEXT: diagnostics: 0

  /* The module is left as it was: tile-verify only checks. */
  MlirModule module = parse(ctx, validKernel);
  MlirPassManager pm = mlirPassManagerCreate(ctx);
  mlirPassManagerAddOwnedPass(
      pm, tileCreatePass(str("tile-verify"), str(""), printErrors(NULL)));
  MlirOperation op = mlirModuleGetOperation(module);
  fprintf(stderr, "any-anchored run: %s\n",
          result(mlirPassManagerRunOnOp(pm, op)));
  // CHECK-NEXT: any-anchored run: success
  mlirOperationPrint(op, printToStderr, NULL);
  fprintf(stderr, "\n");
  // CHECK-NEXT: module {
  // CHECK-NEXT:   func.func @gemm(
  // CHECK:          "tile.gemm"
  // CHECK:        } {mapping = [#gpu.block<x>], tile.threads = 128 : i64}
  // CHECK-NEXT:   return
  // CHECK-NEXT: }
  // CHECK-NEXT: }
  mlirPassManagerDestroy(pm);
  mlirModuleDestroy(module);
  mlirContextDetachDiagnosticHandler(ctx, id);
  mlirContextDestroy(ctx);
}

static void testRunInvalidGemm(void) {
  fprintf(stderr, "@testRunInvalidGemm\n");
  MlirContext ctx = createTileContext();
  int diagnostics = 0;
  MlirDiagnosticHandlerID id = mlirContextAttachDiagnosticHandler(
      ctx, printDiagnostic, &diagnostics, NULL);
  runTileVerify(ctx, "", kMismatchKernel);
  fprintf(stderr, "diagnostics: %d\n", diagnostics);
  // CHECK-LABEL: @testRunInvalidGemm
  // CHECK-NEXT: diagnostic: loc("-":8:5): 'tile.gemm' op K mismatch: op(A) is 64x32 but op(B) is 16x64
  // CHECK-NEXT: tile-verify{}: failure
  // CHECK-NEXT: diagnostics: 1

  /* kernel-required=false relaxes placement only, not shapes. */
  diagnostics = 0;
  runTileVerify(ctx, "kernel-required=false", kMismatchKernel);
  fprintf(stderr, "diagnostics: %d\n", diagnostics);
  // CHECK-NEXT: diagnostic: loc("-":8:5): 'tile.gemm' op K mismatch: op(A) is 64x32 but op(B) is 16x64
  // CHECK-NEXT: tile-verify{kernel-required=false}: failure
  // CHECK-NEXT: diagnostics: 1
  mlirContextDetachDiagnosticHandler(ctx, id);
  mlirContextDestroy(ctx);
}

static void testKernelRequired(void) {
  fprintf(stderr, "@testKernelRequired\n");
  MlirContext ctx = createTileContext();
  int diagnostics = 0;
  MlirDiagnosticHandlerID id = mlirContextAttachDiagnosticHandler(
      ctx, printDiagnostic, &diagnostics, NULL);
  runTileVerify(ctx, "", fillOutsideKernel);
  fprintf(stderr, "diagnostics: %d\n", diagnostics);
  // CHECK-LABEL: @testKernelRequired
  // CHECK-NEXT: diagnostic: loc("-":2:3): 'tile.fill' op must be inside a kernel (an scf.forall mapped to #gpu.block with a tile.threads attribute)
  // CHECK-NEXT: tile-verify{}: failure
  // CHECK-NEXT: diagnostics: 1
  diagnostics = 0;
  runTileVerify(ctx, "kernel-required=true", fillOutsideKernel);
  // CHECK-NEXT: diagnostic: loc("-":2:3): 'tile.fill' op must be inside a kernel
  // CHECK-NEXT: tile-verify{kernel-required=true}: failure
  diagnostics = 0;
  runTileVerify(ctx, "kernel-required=false", fillOutsideKernel);
  runTileVerify(ctx, "kernel-required=0", fillOutsideKernel);
  fprintf(stderr, "diagnostics: %d\n", diagnostics);
  // CHECK-NEXT: tile-verify{kernel-required=false}: success
  // CHECK-NEXT: tile-verify{kernel-required=0}: success
  // CHECK-NEXT: diagnostics: 0
  /* The last value given for an option wins. */
  runTileVerify(ctx, "kernel-required=false kernel-required=true",
                fillOutsideKernel);
  // CHECK-NEXT: diagnostic: {{.*}}'tile.fill' op must be inside a kernel
  // CHECK-NEXT: tile-verify{kernel-required=false kernel-required=true}: failure
  mlirContextDetachDiagnosticHandler(ctx, id);
  mlirContextDestroy(ctx);
}

/* tile-verify nested under func.func, on a module of several functions: in a
 * multi-threaded context MLIR clones the pass per thread, so the options must
 * survive the clone, and each function is reported in order. */
static void testRunNestedOnManyFunctions(void) {
  fprintf(stderr, "@testRunNestedOnManyFunctions\n");
  MlirContext ctx = createTileContext();
  int diagnostics = 0;
  MlirDiagnosticHandlerID id = mlirContextAttachDiagnosticHandler(
      ctx, printDiagnostic, &diagnostics, NULL);
  enum { NumFunctions = 8 };
  char source[NumFunctions * 512];
  size_t used = 0;
  for (int i = 0; i < NumFunctions; ++i)
    used += (size_t)snprintf(
        source + used, sizeof(source) - used,
        "func.func @f%d(%%m: memref<16xf32, #tile.fragment>, %%v: %s) {\n"
        "  \"tile.fill\"(%%m, %%v) : (memref<16xf32, #tile.fragment>, %s) -> "
        "()\n"
        "  return\n"
        "}\n",
        i, i == 5 ? "f16" : "f32", i == 5 ? "f16" : "f32");

  static const char *const options[] = {"kernel-required=false", ""};
  for (int k = 0; k < 2; ++k) {
    diagnostics = 0;
    MlirModule module = parse(ctx, source);
    MlirPassManager pm =
        mlirPassManagerCreateOnOperation(ctx, str("builtin.module"));
    MlirOpPassManager funcPm =
        mlirPassManagerGetNestedUnder(pm, str("func.func"));
    mlirOpPassManagerAddOwnedPass(
        funcPm,
        tileCreatePass(str("tile-verify"), str(options[k]), printErrors(NULL)));
    MlirLogicalResult r =
        mlirPassManagerRunOnOp(pm, mlirModuleGetOperation(module));
    fprintf(stderr, "{%s}: %s, diagnostics %d\n", options[k], result(r),
            diagnostics);
    mlirPassManagerDestroy(pm);
    mlirModuleDestroy(module);
  }
  // CHECK-LABEL: @testRunNestedOnManyFunctions
  // With kernel-required=false only the f16 value of @f5 is wrong.
  // CHECK-NEXT: diagnostic: loc("-":22:3): 'tile.fill' op value of type f16 does not match the element type of memref<16xf32, #tile.fragment>
  // CHECK-NEXT: {kernel-required=false}: failure, diagnostics 1
  // By default every fill is also outside a kernel.
  // CHECK-NEXT: diagnostic: loc("-":2:3): 'tile.fill' op must be inside a kernel
  // CHECK-NEXT: diagnostic: loc("-":6:3): 'tile.fill' op must be inside a kernel
  // CHECK-NEXT: diagnostic: loc("-":10:3): 'tile.fill' op must be inside a kernel
  // CHECK-NEXT: diagnostic: loc("-":14:3): 'tile.fill' op must be inside a kernel
  // CHECK-NEXT: diagnostic: loc("-":18:3): 'tile.fill' op must be inside a kernel
  // CHECK-NEXT: diagnostic: loc("-":22:3): 'tile.fill' op must be inside a kernel
  // CHECK-NEXT: diagnostic: loc("-":22:3): 'tile.fill' op value of type f16
  // CHECK-NEXT: diagnostic: loc("-":26:3): 'tile.fill' op must be inside a kernel
  // CHECK-NEXT: diagnostic: loc("-":30:3): 'tile.fill' op must be inside a kernel
  // CHECK-NEXT: {}: failure, diagnostics 9
  mlirContextDetachDiagnosticHandler(ctx, id);
  mlirContextDestroy(ctx);
}

int main(void) {
  testRegistry();
  testPassInfo();
  testPrintOptions();
  testCreatePassErrors();
  testCreatePassGoodOptions();
  testRunValidKernel();
  testRunInvalidGemm();
  testKernelRequired();
  testRunNestedOnManyFunctions();
  fprintf(stderr, "@done\n");
  // CHECK-LABEL: @done
  return 0;
}
