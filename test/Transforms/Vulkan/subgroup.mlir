// tile-vulkan-subgroup on its own (the pipeline runs tile-verify and
// tile-vulkan-verify first): the op becomes the kernel's
// tile.subgroup_size, which tile-gpu-lower numbers threads by and
// shuffles within (subgroup-errors.mlir: input that breaks the rules).
// RUN: tile-opt --tile-vulkan-subgroup %s | FileCheck %s
// RUN: tile-opt --tile-vulkan-subgroup --tile-gpu-layout --tile-gpu-lower %s | FileCheck %s --check-prefix=LOWERED

// CHECK-LABEL: func.func @honoured
// CHECK-NOT: tile_vulkan
// CHECK: tile.subgroup_size = 8 : i64
// LOWERED-LABEL: func.func @honoured
// LOWERED: gpu.subgroup_id : index
// LOWERED: gpu.lane_id {tile.subgroup_size = 8 : i64}
// LOWERED-COUNT-3: gpu.shuffle xor
func.func @honoured(%X: memref<?x64xf32>, %S: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  scf.forall (%b) in (4) {
    "tile_vulkan.subgroup"() {size = 8 : i64} : () -> ()
    %t = "tile.alloc"() : () -> memref<8x64xf32, #tile.fragment>
    %r = "tile.alloc"() : () -> memref<8xf32, #tile.fragment>
    "tile.copy"(%X, %t, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
        : (memref<?x64xf32>, memref<8x64xf32, #tile.fragment>, index, index) -> ()
    "tile.reduce"(%t, %r) {kind = "sum", dim = 1 : i64}
        : (memref<8x64xf32, #tile.fragment>, memref<8xf32, #tile.fragment>) -> ()
    "tile.copy"(%r, %S, %c0) {operandSegmentSizes = array<i32: 1, 1, 0, 1>}
        : (memref<8xf32, #tile.fragment>, memref<?xf32>, index) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}
