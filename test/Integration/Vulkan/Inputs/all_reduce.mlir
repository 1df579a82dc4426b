// gpu.all_reduce in a vulkan kernel of 3 blocks of 100 threads (no power
// of two, nor a whole number of subgroups): four reductions one after the
// other, each thread writing every result (all_reduce.py checks them).
func.func @all_reduce(%A: memref<300xf32>, %I: memref<300xi32>,
                      %F: memref<2x300xf32>, %O: memref<2x300xi32>) {
  scf.forall (%b) in (3) {
    scf.forall (%t) in (100) {
      %c100 = arith.constant 100 : index
      %base = arith.muli %b, %c100 : index
      %i = arith.addi %base, %t : index
      %x = memref.load %A[%i] : memref<300xf32>
      %n = memref.load %I[%i] : memref<300xi32>
      %sum = gpu.all_reduce add %x uniform {} : (f32) -> (f32)
      %max = gpu.all_reduce maxnumf %x uniform {} : (f32) -> (f32)
      %min = gpu.all_reduce minsi %n uniform {} : (i32) -> (i32)
      %xor = gpu.all_reduce xor %n uniform {} : (i32) -> (i32)
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      memref.store %sum, %F[%c0, %i] : memref<2x300xf32>
      memref.store %max, %F[%c1, %i] : memref<2x300xf32>
      memref.store %min, %O[%c0, %i] : memref<2x300xi32>
      memref.store %xor, %O[%c1, %i] : memref<2x300xi32>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 100 : i64}
  return
}
