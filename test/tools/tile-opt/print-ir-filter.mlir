// --mlir-print-ir-before=<passes> and --mlir-print-ir-after=<passes>: dumps
// around the named passes only, with mlir-opt's headers, in the order the
// passes run (one function after the other); the other passes run as usual.
// RUN: tile-opt %s --pass-pipeline='builtin.module(func.func(cse,canonicalize))' --mlir-print-ir-before=cse -o /dev/null 2>&1 | FileCheck %s --check-prefix=BEFORE
// RUN: tile-opt %s --pass-pipeline='builtin.module(func.func(cse,canonicalize))' --mlir-print-ir-after=canonicalize 2>&1 | FileCheck %s --check-prefix=AFTER
// RUN: tile-opt %s --pass-pipeline='builtin.module(func.func(cse,canonicalize))' --mlir-print-ir-before=canonicalize --mlir-print-ir-before=cse --mlir-print-ir-after=canonicalize -o /dev/null 2>&1 | FileCheck %s --check-prefix=ORDER
// RUN: tile-opt %s --tile-verify --cse --canonicalize --mlir-print-ir-after=tile-verify,canonicalize -o /dev/null 2>&1 | FileCheck %s --check-prefix=FLAGS
// RUN: tile-opt %s --cse --canonicalize --mlir-print-ir-before-all --mlir-print-ir-after=canonicalize -o /dev/null 2>&1 | FileCheck %s --check-prefix=ALL
// RUN: tile-opt %s --mlir-disable-threading --mlir-print-ir-module-scope --pass-pipeline='builtin.module(func.func(cse,canonicalize))' --mlir-print-ir-before=cse -o /dev/null 2>&1 | FileCheck %s --check-prefix=SCOPE
// RUN: tile-opt %s --pass-pipeline='builtin.module(func.func(cse,cse))' --mlir-print-ir-after=cse --mlir-print-ir-after-change -o /dev/null 2>&1 | FileCheck %s --check-prefix=CHANGE
// The pipeline dumped is the one given, options included.
// RUN: tile-opt %s --pass-pipeline='builtin.module(func.func(cse,canonicalize{max-iterations=1}))' --mlir-print-ir-before=cse --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=DUMP
// A pass that fails inside its wrapper fails the run, dumped after failure.
// RUN: not tile-opt %S/Inputs/outside-kernel.mlir --tile-verify --mlir-print-ir-after=tile-verify --mlir-print-ir-after-failure -o /dev/null 2>&1 | FileCheck %s --check-prefix=FAILURE
// RUN: not tile-opt %s --cse --mlir-print-ir-before=bogus 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: not tile-opt %s --cse --mlir-print-ir-after=cse,,canonicalize 2>&1 | FileCheck %s --check-prefix=EMPTY
// RUN: not tile-opt %s --target=cpu --mlir-print-ir-after=cse 2>&1 | FileCheck %s --check-prefix=TARGET
// RUN: not tile-opt %s --cse --mlir-print-ir-tree-dir=%t --mlir-print-ir-after=cse 2>&1 | FileCheck %s --check-prefix=TREE

func.func @foo() {
  %0 = arith.constant 0 : i32
  %1 = arith.constant 0 : i32
  return
}

func.func @bar() {
  return
}

// BEFORE: // -----// IR Dump Before CSE (cse) //----- //
// BEFORE-NEXT: func.func @foo()
// BEFORE-NEXT: arith.constant 0
// BEFORE-NEXT: arith.constant 0
// BEFORE: // -----// IR Dump Before CSE (cse) //----- //
// BEFORE-NEXT: func.func @bar()
// BEFORE-NOT: IR Dump

// AFTER-NOT: IR Dump Before
// AFTER-NOT: IR Dump After CSE
// AFTER: // -----// IR Dump After Canonicalizer (canonicalize) //----- //
// AFTER-NEXT: func.func @foo()
// AFTER-NEXT: return
// AFTER: // -----// IR Dump After Canonicalizer (canonicalize) //----- //
// AFTER-NEXT: func.func @bar()
// The output itself is as without the flag.
// AFTER: module {
// AFTER-NEXT: func.func @foo() {
// AFTER-NEXT: return

// ORDER: // -----// IR Dump Before CSE (cse) //----- //
// ORDER-NEXT: func.func @foo()
// ORDER: // -----// IR Dump Before Canonicalizer (canonicalize) //----- //
// ORDER-NEXT: func.func @foo()
// ORDER: // -----// IR Dump After Canonicalizer (canonicalize) //----- //
// ORDER-NEXT: func.func @foo()
// ORDER: // -----// IR Dump Before CSE (cse) //----- //
// ORDER-NEXT: func.func @bar()
// ORDER: // -----// IR Dump Before Canonicalizer (canonicalize) //----- //
// ORDER: // -----// IR Dump After Canonicalizer (canonicalize) //----- //
// ORDER-NEXT: func.func @bar()

// FLAGS: // -----// IR Dump After TileVerify (tile-verify) //----- //
// FLAGS-NEXT: module {
// FLAGS-NOT: IR Dump After CSE
// FLAGS: // -----// IR Dump After Canonicalizer (canonicalize) //----- //
// FLAGS-NOT: IR Dump

// ALL: // -----// IR Dump Before CSE (cse) //----- //
// ALL: // -----// IR Dump Before Canonicalizer (canonicalize) //----- //
// ALL: // -----// IR Dump After Canonicalizer (canonicalize) //----- //
// ALL-NOT: IR Dump

// SCOPE: // -----// IR Dump Before CSE (cse) ('func.func' operation: @foo) //----- //
// SCOPE-NEXT: module {
// SCOPE: // -----// IR Dump Before CSE (cse) ('func.func' operation: @bar) //----- //

// Only the first cse on @foo changes something (it drops the constants).
// CHANGE: // -----// IR Dump After CSE (cse) //----- //
// CHANGE-NEXT: func.func @foo()
// CHANGE-NEXT: return
// CHANGE-NOT: IR Dump

// DUMP: Pass Manager with 1 passes:
// DUMP-NEXT: builtin.module(
// DUMP-NEXT:   func.func(
// DUMP-NEXT:     cse,
// DUMP-NEXT:     canonicalize{ max-iterations=1 max-num-rewrites=-1 region-simplify=normal test-convergence=false top-down=true}

// FAILURE: error: 'tile.fill' op must be inside a kernel
// FAILURE: // -----// IR Dump After TileVerify Failed (tile-verify) //----- //

// UNKNOWN: tile-opt: error: for the --mlir-print-ir-before option: Cannot find option named 'bogus'!
// EMPTY: tile-opt: error: for the --mlir-print-ir-after option: Cannot find option named ''!
// TARGET: tile-opt: error: --mlir-print-ir-before/after=<passes> cannot be combined with --target
// TREE: tile-opt: error: --mlir-print-ir-before/after=<passes> cannot be combined with --mlir-print-ir-tree-dir
