// tile-gpu-shared-fragments: fragments of rank 3 or more become shared
// tiles (the GPU layouts distribute ranks 0 to 2); others stay.
// RUN: tile-opt --tile-gpu-shared-fragments --split-input-file --verify-diagnostics %s | FileCheck %s

// CHECK-LABEL: func.func @kept
// CHECK: %[[T:.*]] = "tile.alloc"() : () -> memref<2x4x8xf32, #gpu.address_space<workgroup>>
// CHECK: %[[U:.*]] = "tile.alloc"() : () -> memref<1x2x3x4xi8, #gpu.address_space<workgroup>>
// CHECK: "tile.alloc"() : () -> memref<4x8xf32, #tile.fragment>
// CHECK: "tile.fill"(%[[T]], %{{.*}}) : (memref<2x4x8xf32, #gpu.address_space<workgroup>>, f32) -> ()
// CHECK: "tile.copy"(%[[U]], %{{.*}}) {{.*}} : (memref<1x2x3x4xi8, #gpu.address_space<workgroup>>, memref<?x?x?x?xi8>, index, index, index, index) -> ()
// CHECK: memref.load %[[T]]
// CHECK: memref.store %{{.*}}, %[[T]]
func.func @kept(%x: f32, %out: memref<?x?x?x?xi8>) {
  %c0 = arith.constant 0 : index
  scf.forall (%b) in (4) {
    %t = "tile.alloc"() : () -> memref<2x4x8xf32, #tile.fragment>
    %u = "tile.alloc"() : () -> memref<1x2x3x4xi8, #tile.fragment>
    %f = "tile.alloc"() : () -> memref<4x8xf32, #tile.fragment>
    "tile.fill"(%t, %x) : (memref<2x4x8xf32, #tile.fragment>, f32) -> ()
    "tile.copy"(%u, %out, %c0, %c0, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 0, 4>}
        : (memref<1x2x3x4xi8, #tile.fragment>, memref<?x?x?x?xi8>, index, index, index, index) -> ()
    scf.forall (%i) in (8) {
      %v = memref.load %t[%c0, %c0, %i] : memref<2x4x8xf32, #tile.fragment>
      memref.store %v, %t[%c0, %c0, %i] : memref<2x4x8xf32, #tile.fragment>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 32 : i64}
  return
}

// -----

func.func @view() {
  scf.forall (%b) in (4) {
    %x = "tile.alloc"() : () -> memref<2x4x8xf32, #tile.fragment>
    // expected-error @+1 {{'memref.subview' op uses a fragment of rank 3, which the GPU lowering keeps in shared memory, in a way it does not support (such fragments are used by tile ops and by memref.load/store)}}
    %y = memref.subview %x[0, 0, 0] [1, 4, 8] [1, 1, 1] : memref<2x4x8xf32, #tile.fragment> to memref<4x8xf32, strided<[8, 1]>, #tile.fragment>
  } {mapping = [#gpu.block<x>], tile.threads = 32 : i64}
  return
}
