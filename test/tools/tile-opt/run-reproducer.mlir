// --run-reproducer runs the pipeline of the input's mlir_reproducer resource
// (as MLIR's crash reproducers write it) in place of the command line's, on
// one thread and verifying as it says; mlir-opt's words for what is wrong in
// it. Without the flag the resource is skipped without a warning.
// RUN: tile-opt %s --run-reproducer --dump-pass-pipeline 2>&1 | FileCheck %s
// RUN: tile-opt %s --run-reproducer --mlir-print-ir-before=cse --canonicalize 2>&1 | FileCheck %s --check-prefix=BEFORE
// RUN: tile-opt %s 2>&1 | FileCheck %s --check-prefix=SKIPPED
// RUN: rm -rf %t && mkdir -p %t
// RUN: sed 's/verify_each: true/verify_each: "yes"/' %s > %t/bool.mlir
// RUN: not tile-opt %t/bool.mlir --run-reproducer 2>&1 | FileCheck %s --check-prefix=BOOL
// RUN: sed 's/verify_each: true/frobnicate: true/' %s > %t/key.mlir
// RUN: not tile-opt %t/key.mlir --run-reproducer 2>&1 | FileCheck %s --check-prefix=KEY
// RUN: sed 's/pipeline: "[^"]*"/pipeline: true/' %s > %t/string.mlir
// RUN: not tile-opt %t/string.mlir --run-reproducer 2>&1 | FileCheck %s --check-prefix=STRING
// RUN: sed 's/pipeline: "[^"]*"/pipeline: "func.func(cse)"/' %s > %t/anchor.mlir
// RUN: not tile-opt %t/anchor.mlir --run-reproducer 2>&1 | FileCheck %s --check-prefix=ANCHOR
// RUN: sed 's/pipeline: "[^"]*"/pipeline: "builtin.module(tile-verfy)"/' %s > %t/unknown.mlir
// RUN: not tile-opt %t/unknown.mlir --run-reproducer 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// A reproducer may name tile passes; without a resource, the command line's
// passes run.
// RUN: sed 's/pipeline: "[^"]*"/pipeline: "builtin.module(tile-verify{kernel-required=false},func.func(cse))"/' %s > %t/tile.mlir
// RUN: tile-opt %t/tile.mlir --run-reproducer --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=TILE
// RUN: tile-opt %S/Inputs/kernel.mlir --run-reproducer --canonicalize | FileCheck %s --check-prefix=NONE
// RUN: not tile-opt %s --run-reproducer --target=cpu 2>&1 | FileCheck %s --check-prefix=TARGET

func.func @foo() {
  %0 = arith.constant 0 : i32
  return
}

func.func @bar() {
  return
}

{-#
  external_resources: {
    mlir_reproducer: {
      verify_each: true,
      // A comment inside the resource.
      pipeline: "builtin.module(func.func(cse,canonicalize{max-iterations=1 max-num-rewrites=-1 region-simplify=normal top-down=false}))",
      disable_threading: true
    }
  }
#-}

// CHECK:       builtin.module(
// CHECK-NEXT:    func.func(
// CHECK-NEXT:      cse,
// CHECK-NEXT:      canonicalize{ max-iterations=1 max-num-rewrites=-1 region-simplify=normal test-convergence=false top-down=false}
// CHECK-NEXT:    )
// CHECK-NEXT:  )

// The reproducer's pipeline replaces --canonicalize.
// BEFORE: // -----// IR Dump Before CSE (cse) //----- //
// BEFORE-NEXT: func.func @foo()
// BEFORE: // -----// IR Dump Before CSE (cse) //----- //
// BEFORE-NEXT: func.func @bar()
// BEFORE-NOT: IR Dump

// SKIPPED-NOT: warning
// SKIPPED: arith.constant 0

// BOOL: bool.mlir:38:20: error: expected 'true' or 'false' value for key 'verify_each'
// KEY: key.mlir:38:7: error: unknown 'mlir_reproducer' resource key 'frobnicate'
// STRING: string.mlir:40:17: error: expected string value for key 'pipeline'
// ANCHOR: anchor.mlir:0:0: error: can't run 'func.func' pass manager on 'builtin.module' op
// UNKNOWN: <unknown>:0: error: MLIR Textual PassPipeline Parser:1:{{[0-9]+}}: error: 'tile-verfy' does not refer to a registered pass or pass pipeline; did you mean 'tile-verify'?
// TILE: builtin.module(
// TILE-NEXT: tile-verify{ kernel-required=false},
// TILE-NEXT: func.func(
// TILE-NEXT: cse
// NONE: func.func @kernel
// NONE-NOT: arith.constant 42
// TARGET: tile-opt: error: --run-reproducer runs the input's own pipeline; it cannot be combined with --target
