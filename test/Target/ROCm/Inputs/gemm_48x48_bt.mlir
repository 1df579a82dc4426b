// C[M, N] = A[M, K] * B[N, K]^T on 48x48 block tiles with one wave of 64
// threads: 48 is no multiple of 32, so MFMA takes its 16x16x16 form (3x3
// instruction tiles), and B is read along its rows (transpose_b).
func.func @gemm_bt(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c48 = arith.constant 48 : index
  %zero = arith.constant 0.0 : f32
  %M = memref.dim %A, %c0 : memref<?x?xf16>
  %K = memref.dim %A, %c1 : memref<?x?xf16>
  %N = memref.dim %B, %c0 : memref<?x?xf16>
  %grid_m = arith.ceildivui %M, %c48 : index
  %grid_n = arith.ceildivui %N, %c48 : index
  %k_tiles = arith.ceildivui %K, %c16 : index
  scf.forall (%bm, %bn) in (%grid_m, %grid_n) {
    %A_s = "tile.alloc"() : () -> memref<48x16xf16, #gpu.address_space<workgroup>>
    %B_s = "tile.alloc"() : () -> memref<48x16xf16, #gpu.address_space<workgroup>>
    %acc = "tile.alloc"() : () -> memref<48x48xf32, #tile.fragment>
    "tile.fill"(%acc, %zero) : (memref<48x48xf32, #tile.fragment>, f32) -> ()
    %m0 = arith.muli %bm, %c48 : index
    %n0 = arith.muli %bn, %c48 : index
    scf.for %kt = %c0 to %k_tiles step %c1 {
      %k0 = arith.muli %kt, %c16 : index
      "tile.copy"(%A, %A_s, %m0, %k0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
          : (memref<?x?xf16>, memref<48x16xf16, #gpu.address_space<workgroup>>, index, index) -> ()
      "tile.copy"(%B, %B_s, %n0, %k0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
          : (memref<?x?xf16>, memref<48x16xf16, #gpu.address_space<workgroup>>, index, index) -> ()
      "tile.gemm"(%A_s, %B_s, %acc) {transpose_b = true}
          : (memref<48x16xf16, #gpu.address_space<workgroup>>, memref<48x16xf16, #gpu.address_space<workgroup>>,
             memref<48x48xf32, #tile.fragment>) -> ()
    }
    "tile.copy"(%acc, %C, %m0, %n0) {operandSegmentSizes = array<i32: 1, 1, 0, 2>}
        : (memref<48x48xf32, #tile.fragment>, memref<?x?xf32>, index, index) -> ()
  } {mapping = [#gpu.block<y>, #gpu.block<x>], tile.threads = 64 : i64}
  return
}
