// Thread, block and lane ids in a kernel: on vulkan the lane id is a
// subgroup built-in variable, whose capability needs SPIR-V 1.3.
func.func @k(%A: memref<16xf32>, %C: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  scf.forall (%b) in (1) {
    scf.forall (%i) in (16) {
      %t = gpu.thread_id x
      %bd = gpu.block_dim x
      %l = gpu.lane_id
      %s = arith.addi %t, %bd : index
      %s2 = arith.addi %s, %l : index
      %f = arith.index_cast %s2 : index to i32
      %v = arith.sitofp %f : i32 to f32
      memref.store %v, %C[%i] : memref<16xf32>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 16 : i64}
  return
}
