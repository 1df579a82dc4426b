// C[M, N] = A[M, K] * B[N, K]^T, f16 inputs, f32 accumulation, on 16x16x16
// cooperative matrices: B is stored N x K (transpose_b, loaded column-major)
// and the first K step clears the accumulator (clear_accum, in a uniform
// scf.if: its matrices start from zero instead of the staged C).
!B_tile = memref<64x32xf16, #gpu.address_space<workgroup>>
!A_tile = memref<64x32xf16, #gpu.address_space<workgroup>>
!acc_tile = memref<64x64xf32, #tile.fragment>
func.func @gemm_coop_nt(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %M = memref.dim %A, %c0 : memref<?x?xf16>
  %K = memref.dim %A, %c1 : memref<?x?xf16>
  %N = memref.dim %B, %c0 : memref<?x?xf16>
  %grid_m = arith.ceildivui %M, %c64 : index
  %grid_n = arith.ceildivui %N, %c64 : index
  %k_tiles = arith.ceildivui %K, %c32 : index
  scf.forall (%bm, %bn) in (%grid_m, %grid_n) {
    "tile_vulkan.cooperative_matrix"() {m = 16 : i64, n = 16 : i64, k = 16 : i64} : () -> ()
    %A_s = "tile.alloc"() : () -> !A_tile
    %B_s = "tile.alloc"() : () -> !B_tile
    %acc = "tile.alloc"() : () -> !acc_tile
    %m0 = arith.muli %bm, %c64 : index
    %n0 = arith.muli %bn, %c64 : index
    scf.for %kt = %c0 to %k_tiles step %c1 {
      %k0 = arith.muli %kt, %c32 : index
      "tile.copy"(%A, %A_s, %m0, %k0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
          : (memref<?x?xf16>, !A_tile, index, index) -> ()
      "tile.copy"(%B, %B_s, %n0, %k0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
          : (memref<?x?xf16>, !B_tile, index, index) -> ()
      %first = arith.cmpi eq, %kt, %c0 : index
      scf.if %first {
        "tile.gemm"(%A_s, %B_s, %acc) {transpose_b = true, clear_accum = true}
            : (!A_tile, !B_tile, !acc_tile) -> ()
      } else {
        "tile.gemm"(%A_s, %B_s, %acc) {transpose_b = true}
            : (!A_tile, !B_tile, !acc_tile) -> ()
      }
    }
    "tile.copy"(%acc, %C, %m0, %n0) {operandSegmentSizes = array<i32: 1, 1, 0, 2>}
        : (!acc_tile, memref<?x?xf32>, index, index) -> ()
  } {mapping = [#gpu.block<y>, #gpu.block<x>], tile.threads = 128 : i64}
  return
}
