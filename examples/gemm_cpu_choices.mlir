// An fp32 GEMM for the cpu target that states the choices of its GEMM path
// with tile_cpu ops (dialects/tile_cpu.irdl.mlir), instead of leaving them
// to the backend: C[M, N] = A[M, K] * B[K, N].
//
//   tile_cpu.micro_kernel {rows = 4, vectors = 3, unroll = 2}
//       C stays in registers in blocks of 4 rows x 3 vectors (4 x 24 f32 on
//       AVX2, 4 x 48 on AVX-512) for the whole K of the tile, and the K
//       loop runs 2 steps per iteration (the backend takes 6 x 2 blocks on
//       AVX2 and 8 x 2 on AVX-512, 4 steps per iteration).
//   tile_cpu.packing {a = false, b = true}
//       the micro-kernel reads A from its tile as copied; B is packed into
//       panels of the block's width (the backend packs both).
//   tile_cpu.prefetch {distance = 16}
//       packing B from a window of the B matrix prefetches the row 16
//       further (the backend prefetches 8 rows ahead).
//
// Each choice is obeyed or refused with a located error at its op that
// gives the reason (docs/dialect.md, "Backend extension: tile_cpu"); other
// targets refuse the ops. Shapes need not divide the tiles.
!matrix = memref<?x?xf32>
!A_tile = memref<96x64xf32, #gpu.address_space<workgroup>>
!B_tile = memref<64x96xf32, #gpu.address_space<workgroup>>
!acc_tile = memref<96x96xf32, #tile.fragment>

func.func @gemm(%A: !matrix, %B: !matrix, %C: !matrix) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c96 = arith.constant 96 : index
  %zero = arith.constant 0.0 : f32
  %M = memref.dim %A, %c0 : !matrix
  %K = memref.dim %A, %c1 : !matrix
  %N = memref.dim %B, %c1 : !matrix
  %grid_m = arith.ceildivui %M, %c96 : index
  %grid_n = arith.ceildivui %N, %c96 : index
  %k_tiles = arith.ceildivui %K, %c64 : index
  scf.forall (%bm, %bn) in (%grid_m, %grid_n) {
    "tile_cpu.micro_kernel"() {rows = 4 : i64, vectors = 3 : i64, unroll = 2 : i64} : () -> ()
    "tile_cpu.packing"() {a = false, b = true} : () -> ()
    "tile_cpu.prefetch"() {distance = 16 : i64} : () -> ()
    %A_s = "tile.alloc"() : () -> !A_tile
    %B_s = "tile.alloc"() : () -> !B_tile
    %acc = "tile.alloc"() : () -> !acc_tile
    "tile.fill"(%acc, %zero) : (!acc_tile, f32) -> ()
    %m0 = arith.muli %bm, %c96 : index
    %n0 = arith.muli %bn, %c96 : index
    scf.for %kt = %c0 to %k_tiles step %c1 {
      %k0 = arith.muli %kt, %c64 : index
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
