/*===-- pipeline.c - Tests of textual pipelines with tile passes ----------===*\
|*                                                                            *|
|* tileOpPassManagerAddPipeline, tileOpPassManagerParsePipeline and           *|
|* tileOpPassManagerAddPass on pass managers made with the MLIR C API.        *|
\*===----------------------------------------------------------------------===*/

// RUN: tile-capi-pipeline 2>&1 | FileCheck %s

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

/* Error sink: one line per message, counted in `count` (when not NULL). */
static void printError(MlirStringRef message, void *userData) {
  if (userData)
    ++*(int *)userData;
  fprintf(stderr, "error: %.*s\n", (int)message.length, message.data);
}

static TileErrorSink printErrors(int *count) {
  return (TileErrorSink){printError, count};
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

static void printPipeline(MlirOpPassManager opm) {
  fprintf(stderr, "pipeline: ");
  mlirPrintPassPipeline(opm, printToStderr, NULL);
  fprintf(stderr, "\n");
}

/* Adds `elements` to a fresh pass manager anchored on `anchor` (NULL: any)
 * with tileOpPassManagerAddPipeline; prints the outcome and the pipeline. */
static void addPipeline(MlirContext ctx, const char *anchor,
                        const char *elements) {
  MlirPassManager pm = anchor
                           ? mlirPassManagerCreateOnOperation(ctx, str(anchor))
                           : mlirPassManagerCreate(ctx);
  MlirOpPassManager opm = mlirPassManagerGetAsOpPassManager(pm);
  int errors = 0;
  MlirLogicalResult r =
      tileOpPassManagerAddPipeline(opm, str(elements), printErrors(&errors));
  fprintf(stderr, "add '%s': %s, errors %d\n", elements, result(r), errors);
  if (mlirLogicalResultIsSuccess(r))
    printPipeline(opm);
  mlirPassManagerDestroy(pm);
}

/* The same with tileOpPassManagerParsePipeline. */
static void parsePipeline(MlirContext ctx, const char *anchor,
                          const char *pipeline) {
  MlirPassManager pm = anchor
                           ? mlirPassManagerCreateOnOperation(ctx, str(anchor))
                           : mlirPassManagerCreate(ctx);
  MlirOpPassManager opm = mlirPassManagerGetAsOpPassManager(pm);
  int errors = 0;
  MlirLogicalResult r =
      tileOpPassManagerParsePipeline(opm, str(pipeline), printErrors(&errors));
  fprintf(stderr, "parse '%s': %s, errors %d\n", pipeline, result(r), errors);
  if (mlirLogicalResultIsSuccess(r))
    printPipeline(opm);
  mlirPassManagerDestroy(pm);
}

/*===--- building pipelines -----------------------------------------------===*/

static void testAddPipeline(void) {
  fprintf(stderr, "@testAddPipeline\n");
  MlirContext ctx = createTileContext();
  // CHECK-LABEL: @testAddPipeline
  addPipeline(ctx, NULL, "func.func(tile-verify,canonicalize),cse");
  // CHECK-NEXT: add 'func.func(tile-verify,canonicalize),cse': success, errors 0
  // CHECK-NEXT: pipeline: any(func.func(tile-verify,canonicalize{{[{].*[}]}}),cse)
  addPipeline(
      ctx, "builtin.module",
      "tile-verify, func.func( cse , tile-verify{kernel-required=false} ), "
      "gpu.module(tile-verify)");
  // CHECK-NEXT: add 'tile-verify, func.func( cse , tile-verify{kernel-required=false} ), gpu.module(tile-verify)': success, errors 0
  // (External passes print without their options, so the printed pipeline
  // may or may not show kernel-required=false.)
  // CHECK-NEXT: pipeline: builtin.module(tile-verify,func.func(cse,tile-verify{{([{]kernel-required=false[}])?}}),gpu.module(tile-verify))
  /* Upstream only: handed to MLIR as it is. */
  addPipeline(ctx, "builtin.module", "func.func(cse),symbol-dce");
  // CHECK-NEXT: add 'func.func(cse),symbol-dce': success, errors 0
  // CHECK-NEXT: pipeline: builtin.module(func.func(cse),symbol-dce)
  /* Deeper nesting, tile passes at every level. */
  addPipeline(ctx, "builtin.module",
              "tile-verify,gpu.module(tile-verify,gpu.func(tile-verify,cse))");
  // CHECK-NEXT: add 'tile-verify,gpu.module(tile-verify,gpu.func(tile-verify,cse))': success, errors 0
  // CHECK-NEXT: pipeline: builtin.module(tile-verify,gpu.module(tile-verify,gpu.func(tile-verify,cse)))
  /* An empty pipeline adds nothing. */
  addPipeline(ctx, "builtin.module", "");
  // CHECK-NEXT: add '': success, errors 0
  // CHECK-NEXT: pipeline: builtin.module()
  mlirContextDestroy(ctx);
}

/* Adding twice to the same pass manager appends. */
static void testAddPipelineAppends(void) {
  fprintf(stderr, "@testAddPipelineAppends\n");
  MlirContext ctx = createTileContext();
  MlirPassManager pm =
      mlirPassManagerCreateOnOperation(ctx, str("builtin.module"));
  MlirOpPassManager opm = mlirPassManagerGetAsOpPassManager(pm);
  MlirLogicalResult a =
      tileOpPassManagerAddPipeline(opm, str("cse"), printErrors(NULL));
  MlirLogicalResult b =
      tileOpPassManagerAddPipeline(opm, str("tile-verify"), printErrors(NULL));
  MlirLogicalResult c = tileOpPassManagerAddPipeline(
      opm, str("func.func(tile-verify)"), printErrors(NULL));
  fprintf(stderr, "%s %s %s\n", result(a), result(b), result(c));
  printPipeline(opm);
  // CHECK-LABEL: @testAddPipelineAppends
  // CHECK-NEXT: success success success
  // CHECK-NEXT: pipeline: builtin.module(cse,tile-verify,func.func(tile-verify))
  mlirPassManagerDestroy(pm);
  mlirContextDestroy(ctx);
}

static void testParsePipeline(void) {
  fprintf(stderr, "@testParsePipeline\n");
  MlirContext ctx = createTileContext();
  // CHECK-LABEL: @testParsePipeline
  parsePipeline(ctx, "builtin.module",
                "builtin.module(func.func(tile-verify))");
  // CHECK-NEXT: parse 'builtin.module(func.func(tile-verify))': success, errors 0
  // CHECK-NEXT: pipeline: builtin.module(func.func(tile-verify))
  parsePipeline(ctx, "builtin.module",
                "builtin.module(func.func(tile-verify,canonicalize),cse)");
  // CHECK-NEXT: parse 'builtin.module(func.func(tile-verify,canonicalize),cse)': success, errors 0
  // CHECK-NEXT: pipeline: builtin.module(func.func(tile-verify,canonicalize{{[{].*[}]}}),cse)
  parsePipeline(ctx, "func.func", "func.func(tile-verify,cse)");
  // CHECK-NEXT: parse 'func.func(tile-verify,cse)': success, errors 0
  // CHECK-NEXT: pipeline: func.func(tile-verify,cse)
  parsePipeline(ctx, "builtin.module", " builtin.module( tile-verify ) ");
  // CHECK-NEXT: parse ' builtin.module( tile-verify ) ': success, errors 0
  // CHECK-NEXT: pipeline: builtin.module(tile-verify)
  parsePipeline(ctx, NULL, "any(tile-verify,func.func(tile-verify))");
  // CHECK-NEXT: parse 'any(tile-verify,func.func(tile-verify))': success, errors 0
  // CHECK-NEXT: pipeline: any(tile-verify,func.func(tile-verify))
  parsePipeline(ctx, "builtin.module", "builtin.module()");
  // CHECK-NEXT: parse 'builtin.module()': success, errors 0
  // CHECK-NEXT: pipeline: builtin.module()

  /* The outermost element must name the anchor of the pass manager. */
  parsePipeline(ctx, "builtin.module", "func.func(tile-verify)");
  // CHECK-NEXT: error: pass pipeline is anchored on 'func.func' but runs on 'builtin.module'
  // CHECK-NEXT: parse 'func.func(tile-verify)': failure, errors 1
  parsePipeline(ctx, "func.func", "builtin.module(func.func(tile-verify))");
  // CHECK-NEXT: error: pass pipeline is anchored on 'builtin.module' but runs on 'func.func'
  // CHECK-NEXT: parse 'builtin.module(func.func(tile-verify))': failure, errors 1
  parsePipeline(ctx, "builtin.module", "tile-verify");
  // CHECK-NEXT: error: expected pass pipeline to be wrapped with the anchor operation type, e.g. 'builtin.module(...)'
  // CHECK-NEXT: parse 'tile-verify': failure, errors 1
  parsePipeline(ctx, "builtin.module",
                "builtin.module(cse),builtin.module(cse)");
  // CHECK-NEXT: error: MLIR Textual PassPipeline Parser:1:4: error: encountered extra closing ')' creating unbalanced parentheses while parsing pipeline
  // CHECK-NEXT: cse),builtin.module(cse
  // CHECK-NEXT: ^
  // CHECK-NEXT: parse 'builtin.module(cse),builtin.module(cse)': failure, errors 1
  parsePipeline(ctx, "builtin.module", "");
  // CHECK-NEXT: error: expected pass pipeline to be wrapped with the anchor operation type, e.g. 'builtin.module(...)'
  // CHECK-NEXT: parse '': failure, errors 1
  mlirContextDestroy(ctx);
}

/*===--- errors -----------------------------------------------------------===*/

static void testSyntaxErrors(void) {
  fprintf(stderr, "@testSyntaxErrors\n");
  MlirContext ctx = createTileContext();
  // CHECK-LABEL: @testSyntaxErrors
  addPipeline(ctx, "builtin.module", "func.func(tile-verify");
  // CHECK-NEXT: error: MLIR Textual PassPipeline Parser:1:11: error: encountered unbalanced parentheses while parsing pipeline
  // CHECK-NEXT: func.func(tile-verify
  // CHECK-NEXT: ^
  // CHECK-NEXT: add 'func.func(tile-verify': failure, errors 1
  addPipeline(ctx, "builtin.module", "func.func(tile-verify))");
  // CHECK-NEXT: error: MLIR Textual PassPipeline Parser:1:23: error: encountered extra closing ')' creating unbalanced parentheses while parsing pipeline
  // CHECK-NEXT: func.func(tile-verify))
  // CHECK-NEXT: ^
  // CHECK-NEXT: add 'func.func(tile-verify))': failure, errors 1
  addPipeline(ctx, "builtin.module", "func.func(");
  // CHECK-NEXT: error: MLIR Textual PassPipeline Parser:1:11: error: encountered unbalanced parentheses while parsing pipeline
  // CHECK-NEXT: func.func(
  // CHECK-NEXT: ^
  // CHECK-NEXT: add 'func.func(': failure, errors 1
  addPipeline(ctx, "builtin.module", ",cse");
  // CHECK-NEXT: error: MLIR Textual PassPipeline Parser:1:1: error: '' does not refer to a registered pass or pass pipeline
  // CHECK-NEXT: ,cse
  // CHECK-NEXT: ^
  // CHECK-NEXT: add ',cse': failure, errors 1
  addPipeline(ctx, "builtin.module", "cse,,tile-verify");
  // CHECK-NEXT: error: MLIR Textual PassPipeline Parser:1:5: error: '' does not refer to a registered pass or pass pipeline
  // CHECK-NEXT: cse,,tile-verify
  // CHECK-NEXT: ^
  // CHECK-NEXT: add 'cse,,tile-verify': failure, errors 1
  addPipeline(ctx, "builtin.module", "tile-verify,");
  // CHECK-NEXT: error: invalid pass pipeline 'tile-verify,': expected a pass or operation name at column 13
  // CHECK-NEXT: add 'tile-verify,': failure, errors 1
  addPipeline(ctx, "builtin.module", "func.func((tile-verify))");
  // CHECK-NEXT: error: invalid pass pipeline 'func.func((tile-verify))': expected a pass or operation name at column 11
  // CHECK-NEXT: add 'func.func((tile-verify))': failure, errors 1
  addPipeline(ctx, "builtin.module", "tile-verify{kernel-required=false");
  // CHECK-NEXT: error: MLIR Textual PassPipeline Parser:1:12: error: missing closing '}' while processing pass options
  // CHECK-NEXT: tile-verify{kernel-required=false
  // CHECK-NEXT: ^
  // CHECK-NEXT: add 'tile-verify{kernel-required=false': failure, errors 1
  addPipeline(ctx, "builtin.module",
              "func.func(tile-verify{kernel-required=false)");
  // CHECK-NEXT: error: MLIR Textual PassPipeline Parser:1:22: error: missing closing '}' while processing pass options
  // CHECK-NEXT: func.func(tile-verify{kernel-required=false)
  // CHECK-NEXT: ^
  // CHECK-NEXT: add 'func.func(tile-verify{kernel-required=false)': failure, errors 1
  addPipeline(ctx, "builtin.module", "tile-verify cse");
  // CHECK-NEXT: error: MLIR Textual PassPipeline Parser:1:1: error: 'tile-verify cse' does not refer to a registered pass or pass pipeline
  // CHECK-NEXT: tile-verify cse
  // CHECK-NEXT: ^
  // CHECK-NEXT: add 'tile-verify cse': failure, errors 1
  addPipeline(ctx, "builtin.module", "func.func{a=1}(cse)");
  // CHECK-NEXT: error: MLIR Textual PassPipeline Parser:1:15: error: expected ',' after parsing pipeline
  // CHECK-NEXT: func.func{a=1}(cse)
  // CHECK-NEXT: ^
  // CHECK-NEXT: add 'func.func{a=1}(cse)': failure, errors 1
  /* Syntax errors in upstream-only text are caught the same way. */
  addPipeline(ctx, "builtin.module", "func.func(cse");
  // CHECK-NEXT: error: MLIR Textual PassPipeline Parser:1:11: error: encountered unbalanced parentheses while parsing pipeline
  // CHECK-NEXT: func.func(cse
  // CHECK-NEXT: ^
  // CHECK-NEXT: add 'func.func(cse': failure, errors 1
  parsePipeline(ctx, "builtin.module", "builtin.module(func.func(tile-verify)");
  // CHECK-NEXT: error: MLIR Textual PassPipeline Parser:1:11: error: encountered unbalanced parentheses while parsing pipeline
  // CHECK-NEXT: func.func(tile-verify
  // CHECK-NEXT: ^
  // CHECK-NEXT: parse 'builtin.module(func.func(tile-verify)': failure, errors 1
  mlirContextDestroy(ctx);
}

static void testUnknownPasses(void) {
  fprintf(stderr, "@testUnknownPasses\n");
  tileRegisterUpstreamPasses();
  MlirContext ctx = createTileContext();
  // CHECK-LABEL: @testUnknownPasses
  addPipeline(ctx, "builtin.module", "func.func(tile-verfy)");
  // CHECK-NEXT: error: 'tile-verfy' does not refer to a registered pass or pass pipeline; did you mean 'tile-verify'?
  // CHECK-NEXT: add 'func.func(tile-verfy)': failure, errors 1
  addPipeline(ctx, "builtin.module", "tile-verify,tileverify");
  // CHECK-NEXT: error: 'tileverify' does not refer to a registered pass or pass pipeline; did you mean 'tile-verify'?
  // CHECK-NEXT: add 'tile-verify,tileverify': failure, errors 1
  addPipeline(ctx, "builtin.module", "tile-verify,no-such-pass");
  // CHECK-NEXT: error: 'no-such-pass' does not refer to a registered pass or pass pipeline{{$}}
  // CHECK-NEXT: add 'tile-verify,no-such-pass': failure, errors 1
  parsePipeline(ctx, "builtin.module", "builtin.module(tile-verifyy)");
  // CHECK-NEXT: error: MLIR Textual PassPipeline Parser:1:1: error: 'tile-verifyy' does not refer to a registered pass or pass pipeline; did you mean 'tile-verify'?
  // CHECK-NEXT: {{^}}tile-verifyy{{$}}
  // CHECK-NEXT: {{^}}^{{$}}
  // CHECK-EMPTY:
  // CHECK-NEXT: parse 'builtin.module(tile-verifyy)': failure, errors 1
  /* A tile pass with a bad option. */
  addPipeline(ctx, "builtin.module",
              "func.func(tile-verify{kernel-requred=0})");
  // CHECK-NEXT: error: unknown option 'kernel-requred' for pass 'tile-verify' (valid options: kernel-required)
  // CHECK-NEXT: add 'func.func(tile-verify{kernel-requred=0})': failure, errors 1
  addPipeline(ctx, "builtin.module", "tile-verify{kernel-required=yes}");
  // CHECK-NEXT: error: invalid value 'yes' for bool option 'kernel-required' of pass 'tile-verify'
  // CHECK-NEXT: add 'tile-verify{kernel-required=yes}': failure, errors 1
  /* An upstream pass with a bad option: MLIR's message comes through. */
  addPipeline(ctx, "builtin.module", "canonicalize{no-such-option=1}");
  // CHECK-NEXT: error: <Pass-Options-Parser>: no such option no-such-option
  // CHECK-EMPTY:
  // CHECK-NEXT: failed to add `canonicalize` with options `no-such-option=1`
  // CHECK-NEXT: add 'canonicalize{no-such-option=1}': failure, errors 1
  mlirContextDestroy(ctx);
}

/* tile-verify runs on any operation, so every nesting accepts it; an
 * upstream op-specific pass in the wrong explicit nesting is refused. */
static void testNesting(void) {
  fprintf(stderr, "@testNesting\n");
  MlirContext ctx = createTileContext();
  // CHECK-LABEL: @testNesting
  intptr_t index = tileFindPass(str("tile-verify"));
  MlirStringRef anchor = tilePassGetAnchor(index);
  fprintf(stderr, "tile-verify anchor: '%.*s'\n", (int)anchor.length,
          anchor.data);
  // CHECK-NEXT: tile-verify anchor: ''
  addPipeline(ctx, "func.func", "tile-verify");
  // CHECK-NEXT: add 'tile-verify': success, errors 0
  // CHECK-NEXT: pipeline: func.func(tile-verify)
  addPipeline(ctx, "gpu.module", "tile-verify,gpu.func(tile-verify)");
  // CHECK-NEXT: add 'tile-verify,gpu.func(tile-verify)': success, errors 0
  // CHECK-NEXT: pipeline: gpu.module(tile-verify,gpu.func(tile-verify))
  addPipeline(ctx, "builtin.module", "convert-gpu-to-nvvm,tile-verify");
  // CHECK-NEXT: error: Can't add pass 'ConvertGpuOpsToNVVMOps' restricted to 'gpu.module' on a PassManager intended to run on 'builtin.module', did you intend to nest?
  // CHECK-NEXT: failed to add `convert-gpu-to-nvvm` with options ``
  // CHECK-NEXT: add 'convert-gpu-to-nvvm,tile-verify': failure, errors 1
  addPipeline(ctx, "builtin.module",
              "gpu.module(convert-gpu-to-nvvm),tile-verify");
  // CHECK-NEXT: add 'gpu.module(convert-gpu-to-nvvm),tile-verify': success, errors 0
  // CHECK-NEXT: pipeline: builtin.module(gpu.module(convert-gpu-to-nvvm{{.*}}),tile-verify)
  mlirContextDestroy(ctx);
}

/*===--- adding single passes ---------------------------------------------===*/

static void testAddPass(void) {
  fprintf(stderr, "@testAddPass\n");
  MlirContext ctx = createTileContext();
  MlirPassManager pm =
      mlirPassManagerCreateOnOperation(ctx, str("builtin.module"));
  MlirOpPassManager opm = mlirPassManagerGetAsOpPassManager(pm);
  static const struct {
    const char *pass, *options;
  } passes[] = {
      {"tile-verify", ""},
      {"convert-gpu-to-nvvm", ""},
      {"tile-verify", "kernel-required=false"},
      {"canonicalize", "max-iterations=3"},
      {"convert-func-to-llvm", ""},
  };
  for (size_t i = 0; i < sizeof(passes) / sizeof(passes[0]); ++i) {
    int errors = 0;
    MlirLogicalResult r = tileOpPassManagerAddPass(
        opm, str(passes[i].pass), str(passes[i].options), printErrors(&errors));
    fprintf(stderr, "add %s{%s}: %s, errors %d\n", passes[i].pass,
            passes[i].options, result(r), errors);
  }
  printPipeline(opm);
  // CHECK-LABEL: @testAddPass
  // CHECK-NEXT: add tile-verify{}: success, errors 0
  // CHECK-NEXT: add convert-gpu-to-nvvm{}: success, errors 0
  // CHECK-NEXT: add tile-verify{kernel-required=false}: success, errors 0
  // CHECK-NEXT: add canonicalize{max-iterations=3}: success, errors 0
  // CHECK-NEXT: add convert-func-to-llvm{}: success, errors 0
  // CHECK-NEXT: pipeline: builtin.module(tile-verify,gpu.module(convert-gpu-to-nvvm{{[{].*[}]}}),tile-verify,canonicalize{{[{].*}}max-iterations=3{{.*[}]}},convert-func-to-llvm{{.*}})

  /* Errors: unknown passes (tile-like or not) and bad tile options. */
  static const struct {
    const char *pass, *options;
  } bad[] = {
      {"tile-verfy", ""},
      {"tile-verify", "kernel-required=2"},
      {"tile-verify", "kernel-required=true extra=1"},
      {"no-such-pass", ""},
  };
  for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); ++i) {
    int errors = 0;
    MlirLogicalResult r = tileOpPassManagerAddPass(
        opm, str(bad[i].pass), str(bad[i].options), printErrors(&errors));
    fprintf(stderr, "add %s{%s}: %s, errors %d\n", bad[i].pass, bad[i].options,
            result(r), errors);
  }
  // CHECK-NEXT: error: 'tile-verfy' does not refer to a registered pass or pass pipeline; did you mean 'tile-verify'?
  // CHECK-NEXT: add tile-verfy{}: failure, errors 1
  // CHECK-NEXT: error: invalid value '2' for bool option 'kernel-required' of pass 'tile-verify'
  // CHECK-NEXT: add tile-verify{kernel-required=2}: failure, errors 1
  // CHECK-NEXT: error: unknown option 'extra' for pass 'tile-verify' (valid options: kernel-required)
  // CHECK-NEXT: add tile-verify{kernel-required=true extra=1}: failure, errors 1
  // CHECK-NEXT: error: 'no-such-pass' does not refer to a registered pass or pass pipeline{{$}}
  // CHECK-NEXT: add no-such-pass{}: failure, errors 1

  /* These failed additions leave the pipeline as it was. */
  printPipeline(opm);
  // CHECK-NEXT: pipeline: builtin.module(tile-verify,gpu.module(convert-gpu-to-nvvm{{[{].*[}]}}),tile-verify,canonicalize{{[{].*[}]}},convert-func-to-llvm{{[{].*[}]}})

  /* A bad option of an upstream pass: MLIR's message comes through. */
  int errors = 0;
  MlirLogicalResult r = tileOpPassManagerAddPass(
      opm, str("canonicalize"), str("no-such-option=1"), printErrors(&errors));
  fprintf(stderr, "add canonicalize{no-such-option=1}: %s, errors %d\n",
          result(r), errors);
  // CHECK-NEXT: error: <Pass-Options-Parser>: no such option no-such-option
  // CHECK-EMPTY:
  // CHECK-NEXT: failed to add `canonicalize` with options `no-such-option=1`
  // CHECK-NEXT: add canonicalize{no-such-option=1}: failure, errors 1

  /* An upstream pass that needs implicit nesting, with a bad option. */
  errors = 0;
  r = tileOpPassManagerAddPass(opm, str("convert-gpu-to-nvvm"),
                               str("has-redux=maybe"), printErrors(&errors));
  fprintf(stderr, "add convert-gpu-to-nvvm{has-redux=maybe}: %s, errors %d\n",
          result(r), errors);
  // (LLVM's option parser prints its own complaint straight to stderr.)
  // CHECK-NEXT: for the --has-redux option: 'maybe' is invalid value for boolean argument
  // CHECK-NEXT: error: {{$}}
  // CHECK-NEXT: failed to add `convert-gpu-to-nvvm` with options `has-redux=maybe`
  // CHECK-NEXT: add convert-gpu-to-nvvm{has-redux=maybe}: failure, errors 1
  mlirPassManagerDestroy(pm);
  mlirContextDestroy(ctx);
}

/*===--- running pipelines ------------------------------------------------===*/

static const char module[] =
    "func.func @copy(%src: memref<64xf32>, %dst: memref<64xf32>) {\n"
    "  %c1 = arith.constant 1 : index\n"
    "  %unused = arith.constant 42 : i32\n"
    "  %zero = arith.constant 0.0 : f32\n"
    "  scf.forall (%b) in (%c1) {\n"
    "    %s = \"tile.alloc\"() : () -> memref<64xf32, "
    "#gpu.address_space<workgroup>>\n"
    "    %also_unused = arith.addi %unused, %unused : i32\n"
    "    \"tile.fill\"(%s, %zero) : (memref<64xf32, "
    "#gpu.address_space<workgroup>>, f32) -> ()\n"
    "    \"tile.copy\"(%src, %s) {operandSegmentSizes = array<i32: 1, 1, 0, "
    "0>}\n"
    "        : (memref<64xf32>, memref<64xf32, "
    "#gpu.address_space<workgroup>>) -> ()\n"
    "    \"tile.copy\"(%s, %dst) {operandSegmentSizes = array<i32: 1, 1, 0, "
    "0>}\n"
    "        : (memref<64xf32, #gpu.address_space<workgroup>>, "
    "memref<64xf32>) -> ()\n"
    "  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}\n"
    "  return\n"
    "}\n"
    "func.func private @dead() {\n"
    "  return\n"
    "}\n";

static void testRunMixedPipeline(void) {
  fprintf(stderr, "@testRunMixedPipeline\n");
  tileRegisterUpstreamPasses();
  MlirContext ctx = createTileContext();
  int diagnostics = 0;
  MlirDiagnosticHandlerID id = mlirContextAttachDiagnosticHandler(
      ctx, printDiagnostic, &diagnostics, NULL);
  MlirModule m = mlirModuleCreateParse(ctx, str(module));
  fprintf(stderr, "parsed: %d\n", !mlirModuleIsNull(m));
  // CHECK-LABEL: @testRunMixedPipeline
  // CHECK-NEXT: parsed: 1
  if (mlirModuleIsNull(m)) {
    mlirContextDetachDiagnosticHandler(ctx, id);
    mlirContextDestroy(ctx);
    return;
  }
  MlirPassManager pm =
      mlirPassManagerCreateOnOperation(ctx, str("builtin.module"));
  MlirOpPassManager opm = mlirPassManagerGetAsOpPassManager(pm);
  MlirLogicalResult parsed = tileOpPassManagerParsePipeline(
      opm,
      str("builtin.module(tile-verify,func.func(canonicalize,tile-verify),"
          "symbol-dce,tile-verify{kernel-required=false})"),
      printErrors(NULL));
  fprintf(stderr, "pipeline: %s\n", result(parsed));
  // CHECK-NEXT: pipeline: success
  MlirOperation op = mlirModuleGetOperation(m);
  MlirLogicalResult ran = mlirPassManagerRunOnOp(pm, op);
  fprintf(stderr, "run: %s, diagnostics %d\n", result(ran), diagnostics);
  // CHECK-NEXT: run: success, diagnostics 0
  mlirOperationPrint(op, printToStderr, NULL);
  fprintf(stderr, "\n");
  // The unused constant and the addition are gone, the constant bound is
  // folded into the loop, the tile ops and the kernel stay, and symbol-dce
  // removed the private function.
  // CHECK-NEXT: module {
  // CHECK-NEXT:   func.func @copy(%{{.*}}: memref<64xf32>, %{{.*}}: memref<64xf32>) {
  // CHECK-NEXT:     %[[ZERO:[a-z0-9_]+]] = arith.constant 0.000000e+00 : f32
  // CHECK-NEXT:     scf.forall (%{{.*}}) in (1) {
  // CHECK-NEXT:       %[[S:[0-9]+]] = "tile.alloc"
  // CHECK-NEXT:       "tile.fill"(%[[S]], %[[ZERO]])
  // CHECK-NEXT:       "tile.copy"
  // CHECK-NEXT:       "tile.copy"
  // CHECK-NEXT:     } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  // CHECK-NEXT:     return
  // CHECK-NEXT:   }
  // CHECK-NEXT: }
  // CHECK-NOT:  @dead
  mlirPassManagerDestroy(pm);
  mlirModuleDestroy(m);
  mlirContextDetachDiagnosticHandler(ctx, id);
  mlirContextDestroy(ctx);
}

/* A tile pass in a mixed pipeline stops it: the upstream passes after it do
 * not run, and the diagnostic reaches the caller's handler. */
static void testRunMixedPipelineFails(void) {
  fprintf(stderr, "@testRunMixedPipelineFails\n");
  tileRegisterUpstreamPasses();
  MlirContext ctx = createTileContext();
  int diagnostics = 0;
  MlirDiagnosticHandlerID id = mlirContextAttachDiagnosticHandler(
      ctx, printDiagnostic, &diagnostics, NULL);
  MlirModule m = mlirModuleCreateParse(
      ctx, str("func.func @f(%m: memref<8xf32, #tile.fragment>, %v: f32) {\n"
               "  %unused = arith.constant 1 : i32\n"
               "  \"tile.fill\"(%m, %v) : (memref<8xf32, #tile.fragment>, f32) "
               "-> ()\n"
               "  return\n"
               "}\n"));
  MlirPassManager pm = mlirPassManagerCreate(ctx);
  MlirOpPassManager opm = mlirPassManagerGetAsOpPassManager(pm);
  MlirLogicalResult added = tileOpPassManagerAddPipeline(
      opm, str("func.func(tile-verify,canonicalize)"), printErrors(NULL));
  MlirOperation op = mlirModuleGetOperation(m);
  MlirLogicalResult ran = mlirPassManagerRunOnOp(pm, op);
  fprintf(stderr, "add: %s, run: %s, diagnostics %d\n", result(added),
          result(ran), diagnostics);
  // CHECK-LABEL: @testRunMixedPipelineFails
  // CHECK-NEXT: diagnostic: loc("-":3:3): 'tile.fill' op must be inside a kernel
  // CHECK-NEXT: add: success, run: failure, diagnostics 1
  mlirOperationPrint(op, printToStderr, NULL);
  fprintf(stderr, "\n");
  // canonicalize did not run: the unused constant is still there.
  // CHECK: arith.constant 1 : i32
  mlirPassManagerDestroy(pm);

  /* The same module passes once kernels are not required. */
  diagnostics = 0;
  pm = mlirPassManagerCreate(ctx);
  opm = mlirPassManagerGetAsOpPassManager(pm);
  added = tileOpPassManagerAddPipeline(
      opm, str("func.func(tile-verify{kernel-required=false},canonicalize)"),
      printErrors(NULL));
  ran = mlirPassManagerRunOnOp(pm, op);
  fprintf(stderr, "add: %s, run: %s, diagnostics %d\n", result(added),
          result(ran), diagnostics);
  // CHECK: add: success, run: success, diagnostics 0
  mlirOperationPrint(op, printToStderr, NULL);
  fprintf(stderr, "\n");
  // CHECK-NOT: arith.constant
  // CHECK: "tile.fill"
  mlirPassManagerDestroy(pm);
  mlirModuleDestroy(m);
  mlirContextDetachDiagnosticHandler(ctx, id);
  mlirContextDestroy(ctx);
}

/* A failed addition leaves the pass manager exactly as it was. */
static void testFailedAdditionsLeaveNoPasses(void) {
  fprintf(stderr, "@testFailedAdditionsLeaveNoPasses\n");
  // CHECK-LABEL: @testFailedAdditionsLeaveNoPasses
  MlirContext ctx = createTileContext();
  MlirPassManager pm = mlirPassManagerCreate(ctx);
  MlirOpPassManager opm = mlirPassManagerGetAsOpPassManager(pm);
  static const char *const bad[] = {"tile-verify,no-such-pass",
                                    "cse,tile-verify{bogus}",
                                    "func.func(tile-verify{bogus})"};
  for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); ++i) {
    MlirLogicalResult r = tileOpPassManagerAddPipeline(
        opm, str(bad[i]), (TileErrorSink){NULL, NULL});
    fprintf(stderr, "add '%s': %s\n", bad[i], result(r));
  }
  // CHECK: add 'tile-verify,no-such-pass': failure
  // CHECK: add 'cse,tile-verify{bogus}': failure
  // CHECK: add 'func.func(tile-verify{bogus})': failure
  MlirLogicalResult r = tileOpPassManagerAddPass(
      opm, str("no-such-pass"), str(""), (TileErrorSink){NULL, NULL});
  fprintf(stderr, "add pass: %s\n", result(r));
  // CHECK: add pass: failure
  printPipeline(opm);
  // CHECK-NEXT: pipeline: any(){{$}}
  r = tileOpPassManagerAddPipeline(opm, str("cse"),
                                   (TileErrorSink){NULL, NULL});
  printPipeline(opm);
  // CHECK-NEXT: pipeline: any(cse){{$}}
  mlirPassManagerDestroy(pm);
  mlirContextDestroy(ctx);
}

int main(void) {
  tileRegisterUpstreamPasses();
  testAddPipeline();
  testAddPipelineAppends();
  testParsePipeline();
  testSyntaxErrors();
  testUnknownPasses();
  testNesting();
  testAddPass();
  testRunMixedPipeline();
  testRunMixedPipelineFails();
  testFailedAdditionsLeaveNoPasses();
  fprintf(stderr, "@done\n");
  // CHECK-LABEL: @done
  return 0;
}
