// C = A * B on signed i8 with i32 accumulation (exact), 128x128 C tiles of
// 128 threads, K tiles of 32: the i8 form of examples/gemm.mlir.
#smem = #gpu.address_space<workgroup>
!i8_matrix = memref<?x?xi8>
!i32_matrix = memref<?x?xi32>
!A_tile = memref<128x32xi8, #smem>
!B_tile = memref<32x128xi8, #smem>
!acc_tile = memref<128x128xi32, #tile.fragment>

func.func @gemm_i8(%A: !i8_matrix, %B: !i8_matrix, %C: !i32_matrix) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %c128 = arith.constant 128 : index
  %zero = arith.constant 0 : i32
  %M = memref.dim %A, %c0 : !i8_matrix
  %K = memref.dim %A, %c1 : !i8_matrix
  %N = memref.dim %B, %c1 : !i8_matrix
  %grid_m = arith.ceildivui %M, %c128 : index
  %grid_n = arith.ceildivui %N, %c128 : index
  %k_tiles = arith.ceildivui %K, %c32 : index
  scf.forall (%bm, %bn) in (%grid_m, %grid_n) {
    %A_s = "tile.alloc"() : () -> !A_tile
    %B_s = "tile.alloc"() : () -> !B_tile
    %acc = "tile.alloc"() : () -> !acc_tile
    "tile.fill"(%acc, %zero) : (!acc_tile, i32) -> ()
    %m0 = arith.muli %bm, %c128 : index
    %n0 = arith.muli %bn, %c128 : index
    scf.for %kt = %c0 to %k_tiles step %c1 {
      %k0 = arith.muli %kt, %c32 : index
      "tile.copy"(%A, %A_s, %m0, %k0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
          : (!i8_matrix, !A_tile, index, index) -> ()
      "tile.copy"(%B, %B_s, %k0, %n0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
          : (!i8_matrix, !B_tile, index, index) -> ()
      "tile.gemm"(%A_s, %B_s, %acc) : (!A_tile, !B_tile, !acc_tile) -> ()
    } {tile.num_stages = 3 : i64}
    "tile.copy"(%acc, %C, %m0, %n0) {operandSegmentSizes = array<i32: 1, 1, 0, 2>}
        : (!acc_tile, !i32_matrix, index, index) -> ()
  } {mapping = [#gpu.block<y>, #gpu.block<x>], tile.threads = 128 : i64}
  return
}
