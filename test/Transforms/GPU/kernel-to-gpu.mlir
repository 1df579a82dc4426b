// RUN: tile-opt --tile-kernel-to-gpu %s | FileCheck %s

// Shared tiles, wherever the kernel allocates them, become workgroup
// attributions of the launch: one buffer per block.
// CHECK-LABEL: func.func @shared
// CHECK: gpu.launch
// CHECK-SAME: workgroup(%[[A:.*]] : memref<64xf32, #gpu.address_space<workgroup>>, %[[B:.*]] : memref<8x8xf16, #gpu.address_space<workgroup>>)
// CHECK-NOT: tile.alloc
// CHECK: memref.store %{{.*}}, %[[A]]
// CHECK: memref.store %{{.*}}, %[[B]]
func.func @shared(%x: f32, %h: f16, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.forall (%b) in (4) {
    %a = "tile.alloc"() : () -> memref<64xf32, #gpu.address_space<workgroup>>
    memref.store %x, %a[%c0] : memref<64xf32, #gpu.address_space<workgroup>>
    scf.for %i = %c0 to %n step %c1 {
      %t = "tile.alloc"() : () -> memref<8x8xf16, #gpu.address_space<workgroup>>
      memref.store %h, %t[%c0, %c0] : memref<8x8xf16, #gpu.address_space<workgroup>>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}
