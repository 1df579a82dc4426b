// C[M, N] = A[K, M]^T * B[K, N] with both factors in fragments. B holds
// whole columns per thread (the grid becomes 1 x 64); the transposed A
// fragment cannot give a thread what it needs, so the gemm stages it
// through shared memory first.
func.func @gemm_tn(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c32 = arith.constant 32 : index
  %zero = arith.constant 0.0 : f32
  %K = memref.dim %A, %c0 : memref<?x?xf32>
  %M = memref.dim %A, %c1 : memref<?x?xf32>
  %N = memref.dim %B, %c1 : memref<?x?xf32>
  %grid_m = arith.ceildivui %M, %c32 : index
  %grid_n = arith.ceildivui %N, %c32 : index
  %k_tiles = arith.ceildivui %K, %c8 : index
  scf.forall (%bm, %bn) in (%grid_m, %grid_n) {
    %A_f = "tile.alloc"() : () -> memref<8x32xf32, #tile.fragment>
    %B_f = "tile.alloc"() : () -> memref<8x32xf32, #tile.fragment>
    %acc = "tile.alloc"() : () -> memref<32x32xf32, #tile.fragment>
    "tile.fill"(%acc, %zero) : (memref<32x32xf32, #tile.fragment>, f32) -> ()
    %m0 = arith.muli %bm, %c32 : index
    %n0 = arith.muli %bn, %c32 : index
    scf.for %kt = %c0 to %k_tiles step %c1 {
      %k0 = arith.muli %kt, %c8 : index
      "tile.copy"(%A, %A_f, %k0, %m0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
          : (memref<?x?xf32>, memref<8x32xf32, #tile.fragment>, index, index) -> ()
      "tile.copy"(%B, %B_f, %k0, %n0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
          : (memref<?x?xf32>, memref<8x32xf32, #tile.fragment>, index, index) -> ()
      "tile.gemm"(%A_f, %B_f, %acc) {transpose_a = true}
          : (memref<8x32xf32, #tile.fragment>, memref<8x32xf32, #tile.fragment>,
             memref<32x32xf32, #tile.fragment>) -> ()
    }
    "tile.copy"(%acc, %C, %m0, %n0) {operandSegmentSizes = array<i32: 1, 1, 0, 2>}
        : (memref<32x32xf32, #tile.fragment>, memref<?x?xf32>, index, index) -> ()
  } {mapping = [#gpu.block<y>, #gpu.block<x>], tile.threads = 64 : i64}
  return
}
