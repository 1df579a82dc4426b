// IR printing around passes: before/after all, after change, after failure,
// module scope and a dump tree.
// RUN: tile-opt %S/Inputs/kernel.mlir --mlir-print-ir-before-all --tile-verify --canonicalize -o /dev/null 2>&1 | FileCheck %s --check-prefix=BEFORE
// RUN: tile-opt %S/Inputs/kernel.mlir --mlir-print-ir-after-all --tile-verify --canonicalize -o /dev/null 2>&1 | FileCheck %s --check-prefix=AFTER
// RUN: tile-opt %S/Inputs/kernel.mlir --mlir-print-ir-after-all --mlir-print-ir-after-change --tile-verify --canonicalize -o /dev/null 2>&1 | FileCheck %s --check-prefix=CHANGE
// As in mlir-opt, after-change only narrows after-all, and a tree directory
// only says where dumps go: alone, neither prints anything.
// RUN: tile-opt %S/Inputs/kernel.mlir --mlir-print-ir-after-change --canonicalize -o /dev/null 2>&1 | count 0
// RUN: rm -rf %t.none && tile-opt %S/Inputs/kernel.mlir --mlir-print-ir-tree-dir=%t.none --canonicalize -o /dev/null 2>&1 | count 0
// RUN: not test -e %t.none
// RUN: not tile-opt %s --mlir-print-ir-after-failure --tile-verify -o /dev/null 2>&1 | FileCheck %s --check-prefix=FAILURE
// Module scope needs one thread: MLIR would abort, so as in mlir-opt it is an
// error (located nowhere) whenever threads are on, even without dumps.
// RUN: not tile-opt %S/Inputs/kernel.mlir --mlir-print-ir-module-scope --mlir-print-ir-after-all --tile-verify -o /dev/null 2>&1 | FileCheck %s --check-prefix=SCOPE-THREADS
// RUN: not tile-opt %S/Inputs/kernel.mlir --mlir-print-ir-module-scope -o /dev/null 2>&1 | FileCheck %s --check-prefix=SCOPE-THREADS
// RUN: not tile-opt %S/Inputs/kernel.mlir --mlir-print-ir-module-scope --mlir-print-ir-after-all --target=cpu -o /dev/null 2>&1 | FileCheck %s --check-prefix=SCOPE-THREADS
// SCOPE-THREADS: <unknown>:0: error: IR print for module scope can't be setup on a pass-manager without disabling multi-threading first.
// RUN: tile-opt %S/Inputs/kernel.mlir --mlir-disable-threading --mlir-print-ir-module-scope --mlir-print-ir-after-all --pass-pipeline='builtin.module(func.func(tile-verify))' -o /dev/null 2>&1 | FileCheck %s --check-prefix=SCOPE
// RUN: rm -rf %t.tree && tile-opt %S/Inputs/kernel.mlir --mlir-print-ir-tree-dir=%t.tree --mlir-print-ir-after-all --tile-verify --canonicalize -o /dev/null
// RUN: find %t.tree -type f | sort | FileCheck %s --check-prefix=TREE
// RUN: cat %t.tree/builtin_module_no-symbol-name/*_canonicalize.mlir | FileCheck %s --check-prefix=TREE-CONTENT

// BEFORE: // -----// IR Dump Before TileVerify (tile-verify) //----- //
// BEFORE: arith.constant 42
// BEFORE: // -----// IR Dump Before Canonicalizer (canonicalize) //----- //
// BEFORE: arith.constant 42

// AFTER: // -----// IR Dump After TileVerify (tile-verify) //----- //
// AFTER: arith.constant 42
// AFTER: // -----// IR Dump After Canonicalizer (canonicalize) //----- //
// AFTER-NOT: arith.constant 42

// tile-verify changes nothing, so only canonicalize is dumped.
// CHANGE-NOT: IR Dump After TileVerify
// CHANGE: // -----// IR Dump After Canonicalizer (canonicalize) //----- //

// FAILURE: error: 'tile.fill' op must be inside a kernel
// FAILURE: // -----// IR Dump After TileVerify Failed (tile-verify) //----- //
// FAILURE: "tile.fill"
func.func @outside(%f: memref<4xf32, #tile.fragment>, %v: f32) {
  "tile.fill"(%f, %v) : (memref<4xf32, #tile.fragment>, f32) -> ()
  return
}

// SCOPE: // -----// IR Dump After TileVerify (tile-verify) ('func.func' operation: @kernel) //----- //
// SCOPE-NEXT: module {

// TREE: builtin_module_no-symbol-name{{/|\\}}0_tile-verify.mlir
// TREE: builtin_module_no-symbol-name{{/|\\}}1_canonicalize.mlir
// TREE-CONTENT: func.func @kernel
