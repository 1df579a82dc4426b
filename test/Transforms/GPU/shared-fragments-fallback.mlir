// RUN: tile-opt --tile-gpu-shared-fragments %s | FileCheck %s
// RUN: tile-opt --tile-gpu-layout %s | FileCheck %s --check-prefix=LAYOUT
// RUN: tile-opt --pass-pipeline='builtin.module(func.func(tile-gpu-shared-fragments,tile-gpu-shared-fragments))' %s | FileCheck %s

// A fragment of rank 1 or 2 that no layout can hold is kept in shared
// memory, as one of rank 3 or more is: the kernels of
// test/Integration/Vulkan/Inputs/fragments_in_shared.mlir compute the same
// on lavapipe and the cpu. Fragments a layout holds stay fragments.

// CHECK-LABEL: func.func @transposed
// CHECK: "tile.alloc"() : () -> memref<32x32xf32, #gpu.address_space<workgroup>>
// LAYOUT-LABEL: func.func @transposed
// LAYOUT: } {simt.distribute = "threads"}
func.func @transposed(%X: memref<32x32xf32>, %Y: memref<32x32xf32>) {
  scf.forall (%b) in (1) {
    %f = "tile.alloc"() : () -> memref<32x32xf32, #tile.fragment>
    "tile.copy"(%X, %f) {operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (memref<32x32xf32>, memref<32x32xf32, #tile.fragment>) -> ()
    scf.forall (%i, %j) in (32, 32) {
      %v = memref.load %f[%j, %i] : memref<32x32xf32, #tile.fragment>
      memref.store %v, %Y[%i, %j] : memref<32x32xf32>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

// Reduced into by rows, then by columns: the vector moves, the grid
// fragment stays.
// CHECK-LABEL: func.func @rows_and_cols
// CHECK: "tile.alloc"() : () -> memref<32x32xf32, #tile.fragment>
// CHECK: "tile.alloc"() : () -> memref<32xf32, #gpu.address_space<workgroup>>
// LAYOUT-LABEL: func.func @rows_and_cols
// LAYOUT: "tile.alloc"() {simt.layout = "grid"} : () -> memref<32x32xf32, #tile.fragment>
func.func @rows_and_cols(%X: memref<32x32xf32>, %Y: memref<32xf32>) {
  scf.forall (%b) in (1) {
    %f = "tile.alloc"() : () -> memref<32x32xf32, #tile.fragment>
    %v = "tile.alloc"() : () -> memref<32xf32, #tile.fragment>
    "tile.copy"(%X, %f) {operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (memref<32x32xf32>, memref<32x32xf32, #tile.fragment>) -> ()
    "tile.reduce"(%f, %v) {kind = "sum", dim = 1 : i64} : (memref<32x32xf32, #tile.fragment>, memref<32xf32, #tile.fragment>) -> ()
    "tile.reduce"(%f, %v) {kind = "sum", dim = 0 : i64, clear = false} : (memref<32x32xf32, #tile.fragment>, memref<32xf32, #tile.fragment>) -> ()
    "tile.copy"(%v, %Y) {operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (memref<32xf32, #tile.fragment>, memref<32xf32>) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

// A loop over a fragment that starts at 1, and an element read outside
// any loop.
// CHECK-LABEL: func.func @offset_and_outside
// CHECK: "tile.alloc"() : () -> memref<64xf32, #gpu.address_space<workgroup>>
// CHECK: "tile.alloc"() : () -> memref<32xf32, #gpu.address_space<workgroup>>
func.func @offset_and_outside(%X: memref<64xf32>, %Y: memref<64xf32>, %i0: index) {
  %zero = arith.constant 0.0 : f32
  scf.forall (%b) in (1) {
    %v = "tile.alloc"() : () -> memref<64xf32, #tile.fragment>
    %w = "tile.alloc"() : () -> memref<32xf32, #tile.fragment>
    "tile.fill"(%v, %zero) : (memref<64xf32, #tile.fragment>, f32) -> ()
    "tile.fill"(%w, %zero) : (memref<32xf32, #tile.fragment>, f32) -> ()
    scf.forall (%i) = (1) to (64) step (1) {
      %x = memref.load %X[%i] : memref<64xf32>
      memref.store %x, %v[%i] : memref<64xf32, #tile.fragment>
    }
    %e = memref.load %w[%i0] : memref<32xf32, #tile.fragment>
    memref.store %e, %Y[%i0] : memref<64xf32>
  } {mapping = [#gpu.block<x>], tile.threads = 32 : i64}
  return
}

// Laid out as it was: nothing moves.
// CHECK-LABEL: func.func @conforming
// CHECK: "tile.alloc"() : () -> memref<32x32xf32, #tile.fragment>
// CHECK: "tile.alloc"() : () -> memref<32xf32, #tile.fragment>
// CHECK-NOT: workgroup
// CHECK: return
func.func @conforming(%X: memref<32x32xf32>, %Y: memref<32xf32>) {
  scf.forall (%b) in (1) {
    %f = "tile.alloc"() : () -> memref<32x32xf32, #tile.fragment>
    %v = "tile.alloc"() : () -> memref<32xf32, #tile.fragment>
    "tile.copy"(%X, %f) {operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (memref<32x32xf32>, memref<32x32xf32, #tile.fragment>) -> ()
    "tile.reduce"(%f, %v) {kind = "max", dim = 1 : i64} : (memref<32x32xf32, #tile.fragment>, memref<32xf32, #tile.fragment>) -> ()
    scf.forall (%i, %j) in (32, 32) {
      %x = memref.load %f[%i, %j] : memref<32x32xf32, #tile.fragment>
      %m = memref.load %v[%i] : memref<32xf32, #tile.fragment>
      %d = arith.subf %x, %m : f32
      memref.store %d, %f[%i, %j] : memref<32x32xf32, #tile.fragment>
    }
    "tile.copy"(%v, %Y) {operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (memref<32xf32, #tile.fragment>, memref<32xf32>) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}
