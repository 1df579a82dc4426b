// The implicit module of each split chunk sits where the chunk starts, as in
// mlir-opt: 0:0 for the first, the column behind the marker for the others.
// RUN: tile-opt %s -split-input-file -mlir-print-debuginfo -mlir-print-local-scope | FileCheck %s
// RUN: not tile-opt %s -split-input-file --transform-interpreter 2>&1 | FileCheck %s --check-prefix=DIAG

// CHECK-LABEL: func.func @a
// CHECK: } loc("{{.*}}split-module-location.mlir":0:0)
func.func @a() { return }

// -----

// CHECK-LABEL: func.func @b
// CHECK: } loc("{{.*}}split-module-location.mlir":10:9)
func.func @b() { return }

   // -----
func.func @c() { return }
// CHECK-LABEL: func.func @c
// CHECK: } loc("{{.*}}split-module-location.mlir":16:12)

// DIAG: split-module-location.mlir:0:0: error: could not find a nested named sequence
// DIAG: split-module-location.mlir:10:9: error: could not find a nested named sequence
// DIAG: split-module-location.mlir:16:12: error: could not find a nested named sequence
