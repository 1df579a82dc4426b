// RUN: not tile-opt --target=vulkan --emit=spirv %s 2>&1 | FileCheck %s

// Float atomics have no SPIR-V conversion in MLIR 22: a located error at
// the tile op, not a failure inside convert-gpu-to-spirv.
// CHECK: atomic-float.mlir:[[@LINE+6]]:5: error: 'memref.atomic_rmw' op applies addf atomically, which the vulkan target does not support yet: MLIR's SPIR-V conversion takes addi, andi, ori, maxs, maxu, mins and minu of integers
// CHECK-NOT: failed to legalize
func.func @atomic(%C: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  scf.forall (%b) in (4) {
    %x = "tile.alloc"() : () -> memref<16xf32, #tile.fragment>
    "tile.atomic_add"(%x, %C, %c0) : (memref<16xf32, #tile.fragment>, memref<?xf32>, index) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 32 : i64}
  return
}
