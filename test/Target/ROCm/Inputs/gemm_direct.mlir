// examples/gemm.mlir with B stored N x K (transpose_b) and
// tile_rocm.direct_loads: on gfx942 and gfx950 the pipelined K loop fills
// both A and B by direct-to-LDS loads into XOR-swizzled rows
// (test/Target/ROCm/direct-loads.test).
//
//   C[M, N] = A[M, K] * B[N, K]^T, f16 inputs, f32 accumulation.

#smem = #gpu.address_space<workgroup>
!f16_matrix = memref<?x?xf16>
!f32_matrix = memref<?x?xf32>
!A_tile = memref<128x32xf16, #smem>
!B_tile = memref<128x32xf16, #smem>
!acc_tile = memref<128x128xf32, #tile.fragment>

func.func @gemm(%A: !f16_matrix, %B: !f16_matrix, %C: !f32_matrix) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %c128 = arith.constant 128 : index
  %zero = arith.constant 0.0 : f32
  %M = memref.dim %A, %c0 : !f16_matrix
  %K = memref.dim %A, %c1 : !f16_matrix
  %N = memref.dim %B, %c0 : !f16_matrix
  %grid_m = arith.ceildivui %M, %c128 : index
  %grid_n = arith.ceildivui %N, %c128 : index
  %k_tiles = arith.ceildivui %K, %c32 : index
  scf.forall (%bm, %bn) in (%grid_m, %grid_n) {
    "tile_rocm.direct_loads"() : () -> ()
    %A_s = "tile.alloc"() : () -> !A_tile
    %B_s = "tile.alloc"() : () -> !B_tile
    %acc = "tile.alloc"() : () -> !acc_tile
    "tile.fill"(%acc, %zero) : (!acc_tile, f32) -> ()
    %m0 = arith.muli %bm, %c128 : index
    %n0 = arith.muli %bn, %c128 : index
    scf.for %kt = %c0 to %k_tiles step %c1 {
      %k0 = arith.muli %kt, %c32 : index
      "tile.copy"(%A, %A_s, %m0, %k0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
          : (!f16_matrix, !A_tile, index, index) -> ()
      "tile.copy"(%B, %B_s, %n0, %k0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
          : (!f16_matrix, !B_tile, index, index) -> ()
      "tile.gemm"(%A_s, %B_s, %acc) {transpose_b = true} : (!A_tile, !B_tile, !acc_tile) -> ()
    } {tile.num_stages = 3 : i64}
    "tile.copy"(%acc, %C, %m0, %n0) {operandSegmentSizes = array<i32: 1, 1, 0, 2>}
        : (!acc_tile, !f32_matrix, index, index) -> ()
  } {mapping = [#gpu.block<y>, #gpu.block<x>], tile.threads = 128 : i64}
  return
}
