// C[M, N] = A[M, K] * B[N, K]^T in f32 with B transposed in the gemm, and an
// accumulator fed straight from global memory into a fragment each step: the
// A tile is a fragment too, laid out so that each thread holds whole rows.
func.func @gemm_nt_f32(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c32 = arith.constant 32 : index
  %zero = arith.constant 0.0 : f32
  %M = memref.dim %A, %c0 : memref<?x?xf32>
  %K = memref.dim %A, %c1 : memref<?x?xf32>
  %N = memref.dim %B, %c0 : memref<?x?xf32>
  %grid_m = arith.ceildivui %M, %c32 : index
  %grid_n = arith.ceildivui %N, %c32 : index
  %k_tiles = arith.ceildivui %K, %c8 : index
  scf.forall (%bm, %bn) in (%grid_m, %grid_n) {
    %A_f = "tile.alloc"() : () -> memref<32x8xf32, #tile.fragment>
    %B_s = "tile.alloc"() : () -> memref<32x8xf32, #gpu.address_space<workgroup>>
    %acc = "tile.alloc"() : () -> memref<32x32xf32, #tile.fragment>
    %m0 = arith.muli %bm, %c32 : index
    %n0 = arith.muli %bn, %c32 : index
    scf.for %kt = %c0 to %k_tiles step %c1 {
      %k0 = arith.muli %kt, %c8 : index
      "tile.copy"(%A, %A_f, %m0, %k0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
          : (memref<?x?xf32>, memref<32x8xf32, #tile.fragment>, index, index) -> ()
      "tile.copy"(%B, %B_s, %n0, %k0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
          : (memref<?x?xf32>, memref<32x8xf32, #gpu.address_space<workgroup>>, index, index) -> ()
      %first = arith.cmpi eq, %kt, %c0 : index
      scf.if %first {
        "tile.gemm"(%A_f, %B_s, %acc) {transpose_b = true, clear_accum = true}
            : (memref<32x8xf32, #tile.fragment>, memref<32x8xf32, #gpu.address_space<workgroup>>,
               memref<32x32xf32, #tile.fragment>) -> ()
      } else {
        "tile.gemm"(%A_f, %B_s, %acc) {transpose_b = true}
            : (memref<32x8xf32, #tile.fragment>, memref<32x8xf32, #gpu.address_space<workgroup>>,
               memref<32x32xf32, #tile.fragment>) -> ()
      }
    }
    "tile.copy"(%acc, %C, %m0, %n0) {operandSegmentSizes = array<i32: 1, 1, 0, 2>}
        : (memref<32x32xf32, #tile.fragment>, memref<?x?xf32>, index, index) -> ()
  } {mapping = [#gpu.block<y>, #gpu.block<x>], tile.threads = 64 : i64}
  return
}
