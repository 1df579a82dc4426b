// RUN: tile-opt --split-input-file --tile-cpu-alloc %s | FileCheck %s

// Buffers of every scope become 64-byte aligned stack arrays without a
// memory space, at the start of the kernel block and in program order; views
// of them lose the scope too.
// CHECK-LABEL: func.func @scopes
// CHECK:       scf.forall
// CHECK-NEXT:    %[[S:.*]] = memref.alloca() {alignment = 64 : i64} : memref<64x32xf16>
// CHECK-NEXT:    %[[F:.*]] = memref.alloca() {alignment = 64 : i64} : memref<64x64xf32>
// CHECK-NEXT:    %[[L:.*]] = memref.alloca() {alignment = 64 : i64} : memref<8xf32>
// CHECK-NOT:     tile.alloc
// CHECK:         "tile.fill"(%[[F]], %{{.*}}) : (memref<64x64xf32>, f32) -> ()
// CHECK:         memref.subview %[[F]][0, 0] [8, 8] [1, 1] : memref<64x64xf32> to memref<8x8xf32, strided<[64, 1]>>
// CHECK-NOT:   #gpu.address_space
// CHECK-NOT:   #tile.fragment
func.func @scopes(%C: memref<?x?xf32>) {
  %zero = arith.constant 0.0 : f32
  scf.forall (%b) in (4) {
    %c1 = arith.constant 1 : index
    %s = "tile.alloc"() : () -> memref<64x32xf16, #gpu.address_space<workgroup>>
    %f = "tile.alloc"() : () -> memref<64x64xf32, #tile.fragment>
    %l = "tile.alloc"() : () -> memref<8xf32, #gpu.address_space<private>>
    "tile.fill"(%f, %zero) : (memref<64x64xf32, #tile.fragment>, f32) -> ()
    %v = memref.subview %f[0, 0] [8, 8] [1, 1]
        : memref<64x64xf32, #tile.fragment> to memref<8x8xf32, strided<[64, 1]>, #tile.fragment>
  } {mapping = [#gpu.block<x>], tile.threads = 128 : i64}
  return
}

// -----

// A local buffer outside any kernel goes to the start of the function, out
// of the loop it was allocated in.
// CHECK-LABEL: func.func @host_local
// CHECK-NEXT:    memref.alloca() {alignment = 64 : i64} : memref<16xf32>
// CHECK:         scf.for
// CHECK-NOT:       memref.alloca
func.func @host_local(%X: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %t = "tile.alloc"() : () -> memref<16xf32, #gpu.address_space<private>>
    "tile.copy"(%X, %t, %i) {operandSegmentSizes = array<i32: 1, 1, 1, 0>}
        : (memref<?xf32>, memref<16xf32, #gpu.address_space<private>>, index) -> ()
  }
  return
}
