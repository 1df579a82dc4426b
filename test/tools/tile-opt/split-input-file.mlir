// --split-input-file processes each chunk alone and keeps line numbers.
// RUN: tile-opt --split-input-file %s | FileCheck %s
// RUN: not tile-opt --split-input-file --tile-verify %s 2>&1 | FileCheck %s --check-prefix=ERR
// RUN: not tile-opt %s 2>&1 | FileCheck %s --check-prefix=WHOLE

// CHECK: func.func @first
// CHECK-NEXT: return
// CHECK: // -----
// CHECK: func.func @second
// CHECK: // -----
// CHECK: func.func @third
func.func @first() {
  return
}

// -----

func.func @second(%f: memref<4xf32, #tile.fragment>, %v: f32) {
  // ERR: split-input-file.mlir:[[@LINE+1]]:3: error: 'tile.fill' op must be inside a kernel
  "tile.fill"(%f, %v) : (memref<4xf32, #tile.fragment>, f32) -> ()
  return
}

// -----

// Without splitting, the three functions named alike would clash.
// WHOLE: error: redefinition of symbol named 'first'
func.func @third() {
  return
}
func.func @first() {
  return
}
