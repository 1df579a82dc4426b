// An f32 GEMM whose tiles (50 x 60 x 20) are no whole number of register
// blocks, with its GEMM choices stated by tile_cpu ops (gemm_choices.test
// varies them with sed): edge blocks of fewer rows, a last vector of B
// read with a mask where B is not packed, and steps of K after the
// unrolled loop.
!matrix = memref<?x?xf32>
!A_tile = memref<50x20xf32, #gpu.address_space<workgroup>>
!B_tile = memref<20x60xf32, #gpu.address_space<workgroup>>
!acc_tile = memref<50x60xf32, #tile.fragment>

func.func @gemm(%A: !matrix, %B: !matrix, %C: !matrix) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c20 = arith.constant 20 : index
  %c50 = arith.constant 50 : index
  %c60 = arith.constant 60 : index
  %zero = arith.constant 0.0 : f32
  %M = memref.dim %A, %c0 : !matrix
  %K = memref.dim %A, %c1 : !matrix
  %N = memref.dim %B, %c1 : !matrix
  %grid_m = arith.ceildivui %M, %c50 : index
  %grid_n = arith.ceildivui %N, %c60 : index
  %k_tiles = arith.ceildivui %K, %c20 : index
  scf.forall (%bm, %bn) in (%grid_m, %grid_n) {
    "tile_cpu.micro_kernel"() {rows = 4 : i64, vectors = 3 : i64, unroll = 3 : i64} : () -> ()
    "tile_cpu.packing"() {a = false, b = false} : () -> ()
    "tile_cpu.prefetch"() {distance = 0 : i64} : () -> ()
    %A_s = "tile.alloc"() : () -> !A_tile
    %B_s = "tile.alloc"() : () -> !B_tile
    %acc = "tile.alloc"() : () -> !acc_tile
    "tile.fill"(%acc, %zero) : (!acc_tile, f32) -> ()
    %m0 = arith.muli %bm, %c50 : index
    %n0 = arith.muli %bn, %c60 : index
    scf.for %kt = %c0 to %k_tiles step %c1 {
      %k0 = arith.muli %kt, %c20 : index
      "tile.copy"(%A, %A_s, %m0, %k0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
          : (!matrix, !A_tile, index, index) -> ()
      "tile.copy"(%B, %B_s, %k0, %n0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
          : (!matrix, !B_tile, index, index) -> ()
      "tile.gemm"(%A_s, %B_s, %acc) : (!A_tile, !B_tile, !acc_tile) -> ()
    }
    "tile.copy"(%acc, %C, %m0, %n0) {operandSegmentSizes = array<i32: 1, 1, 0, 2>}
        : (!acc_tile, !matrix, index, index) -> ()
  } {mapping = [#gpu.block<y>, #gpu.block<x>], tile.threads = 1 : i64}
  return
}
