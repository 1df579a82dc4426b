// --mlir-print-ir-before=<passes> and --mlir-print-ir-after=<passes>: MLIR's
// dumps around the named passes only, as in mlir-opt; the other passes run
// as usual. With one thread, the dumps come in the order the passes run
// (one function after the other).
// RUN: tile-opt %s --mlir-disable-threading --pass-pipeline='builtin.module(func.func(cse,canonicalize))' --mlir-print-ir-before=cse -o /dev/null 2>&1 | FileCheck %s --check-prefix=BEFORE
// RUN: tile-opt %s --mlir-disable-threading --pass-pipeline='builtin.module(func.func(cse,canonicalize))' --mlir-print-ir-after=canonicalize 2>&1 | FileCheck %s --check-prefix=AFTER
// RUN: tile-opt %s --mlir-disable-threading --pass-pipeline='builtin.module(func.func(cse,canonicalize))' --mlir-print-ir-before=canonicalize --mlir-print-ir-before=cse --mlir-print-ir-after=canonicalize -o /dev/null 2>&1 | FileCheck %s --check-prefix=ORDER
// The same as mlir-opt's, byte for byte.
// RUN: tile-opt %s --mlir-disable-threading --pass-pipeline='builtin.module(func.func(cse,canonicalize))' --mlir-print-ir-before=canonicalize,cse --mlir-print-ir-after=canonicalize > %t.tile-opt 2>&1
// RUN: mlir-opt %s --mlir-disable-threading --pass-pipeline='builtin.module(func.func(cse,canonicalize))' --mlir-print-ir-before=canonicalize,cse --mlir-print-ir-after=canonicalize > %t.mlir-opt 2>&1
// RUN: diff %t.mlir-opt %t.tile-opt
// With threads, each function's dumps are there, in some order.
// RUN: tile-opt %s --pass-pipeline='builtin.module(func.func(cse,canonicalize))' --mlir-print-ir-before=cse -o /dev/null 2>&1 | FileCheck %s --check-prefix=THREADS
// THREADS-DAG: // -----// IR Dump Before CSE (cse) //----- //{{$}}
// THREADS-DAG: func.func @foo()
// THREADS-DAG: func.func @bar()
// RUN: tile-opt %s --tile-verify --cse --canonicalize --mlir-print-ir-after=tile-verify,canonicalize -o /dev/null 2>&1 | FileCheck %s --check-prefix=FLAGS
// RUN: tile-opt %s --cse --canonicalize --mlir-print-ir-before-all --mlir-print-ir-after=canonicalize -o /dev/null 2>&1 | FileCheck %s --check-prefix=ALL
// RUN: tile-opt %s --mlir-disable-threading --mlir-print-ir-module-scope --pass-pipeline='builtin.module(func.func(cse,canonicalize))' --mlir-print-ir-before=cse -o /dev/null 2>&1 | FileCheck %s --check-prefix=SCOPE
// RUN: tile-opt %s --pass-pipeline='builtin.module(func.func(cse,cse))' --mlir-print-ir-after=cse --mlir-print-ir-after-change -o /dev/null 2>&1 | FileCheck %s --check-prefix=CHANGE
// The pipeline dumped is the one given, options included.
// RUN: tile-opt %s --pass-pipeline='builtin.module(func.func(cse,canonicalize{max-iterations=1}))' --mlir-print-ir-before=cse --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=DUMP
// A pass that fails is dumped after failure.
// RUN: not tile-opt %S/Inputs/outside-kernel.mlir --tile-verify --mlir-print-ir-after=tile-verify --mlir-print-ir-after-failure -o /dev/null 2>&1 | FileCheck %s --check-prefix=FAILURE
// RUN: not tile-opt %s --cse --mlir-print-ir-before=bogus 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: not tile-opt %s --cse --mlir-print-ir-after=cse,,canonicalize 2>&1 | FileCheck %s --check-prefix=EMPTY
// With --target: around the named passes of the target's pipelines.
// RUN: tile-opt %S/Inputs/kernel.mlir --target=cpu --emit=llvm --mlir-print-ir-after=tile-cpu-outline-kernels,tile-verify -o /dev/null 2>&1 | FileCheck %s --check-prefix=TARGET
// Into a tree of files, as in mlir-opt (which names them after the passes
// that ran before on the same op, the dumped one last).
// RUN: rm -rf %t.tree
// RUN: tile-opt %s --mlir-print-ir-tree-dir=%t.tree --pass-pipeline='builtin.module(func.func(cse,canonicalize))' --mlir-print-ir-after=canonicalize -o /dev/null
// RUN: cat %t.tree/builtin_module_no-symbol-name/func_func_foo/0_0_canonicalize.mlir | FileCheck %s --check-prefix=TREE
// RUN: ls %t.tree/builtin_module_no-symbol-name/func_func_bar | FileCheck %s --check-prefix=TREE-FILES
// RUN: rm -rf %t.tree.mlir-opt
// RUN: mlir-opt %s --mlir-print-ir-tree-dir=%t.tree.mlir-opt --pass-pipeline='builtin.module(func.func(cse,canonicalize))' --mlir-print-ir-after=canonicalize -o /dev/null
// RUN: diff -r %t.tree.mlir-opt %t.tree

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
// TARGET: // -----// IR Dump After TileVerify (tile-verify) //----- //
// TARGET: // -----// IR Dump After {{.*}} (tile-cpu-outline-kernels) //----- //
// TARGET-NOT: IR Dump
// TREE: // -----// IR Dump After Canonicalizer (canonicalize) //----- //
// TREE-NEXT: func.func @foo()
// TREE-FILES: {{^}}0_0_canonicalize.mlir{{$}}
