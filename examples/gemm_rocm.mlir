// GEMM for AMD matrix cores (CDNA: gfx908, gfx90a, gfx942, gfx950):
// C[M, N] = A[M, K] * B[K, N], f16 inputs, f32 accumulation and output, as
// examples/gemm.mlir, with its schedule stated by tile_rocm ops.
//
// Each block computes a 128x128 tile of C with 128 threads (two waves of
// 64, each on a 128x64 half), walking K in steps of 32 with one stage: A and
// B have one buffer each in LDS, and the latency of the global reads is
// hidden by a second wave on each SIMD instead of by a pipelined K loop
// (examples/gemm.mlir's 3 stages, whose staging registers leave room for one
// wave per SIMD; docs/rocm.md). M, N and K are dynamic and need not be
// multiples of the tile sizes.
//
// The tile_rocm ops at the top of the kernel state its schedule
// (docs/dialect.md, "Backend extension: tile_rocm"): the 16x16x16 MFMA
// instead of the 32x32x8 the path takes by default, A and B in LDS with
// rows padded by 8 elements instead of 4, and registers allotted for 2
// waves per SIMD. A choice the chip cannot honour is refused at the op with
// the reason: on RDNA3/4 (gfx1100, gfx1201) a 128x64 half per wave is more
// accumulators than the WMMA path keeps in registers, and the matrix ops
// are refused saying so.
//
//   for bm, bn in grid(ceil(M / 128), ceil(N / 128)), 128 threads each:
//     acc[128, 128] = 0                      (registers)
//     for k0 in range(0, K, 32), one stage:
//       A_s[128, 32] = A[bm * 128 :, k0 :]   (LDS)
//       B_s[32, 128] = B[k0 :, bn * 128 :]   (LDS)
//       acc += A_s @ B_s
//     C[bm * 128 :, bn * 128 :] = acc

#smem = #gpu.address_space<workgroup>
!f16_matrix = memref<?x?xf16>
!f32_matrix = memref<?x?xf32>
!A_tile = memref<128x32xf16, #smem>
!B_tile = memref<32x128xf16, #smem>
!acc_tile = memref<128x128xf32, #tile.fragment>

func.func @gemm(%A: !f16_matrix, %B: !f16_matrix, %C: !f32_matrix) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %c128 = arith.constant 128 : index
  %zero = arith.constant 0.0 : f32
  %M = memref.dim %A, %c0 : !f16_matrix
  %K = memref.dim %A, %c1 : !f16_matrix
  %N = memref.dim %B, %c1 : !f16_matrix
  %grid_m = arith.ceildivui %M, %c128 : index
  %grid_n = arith.ceildivui %N, %c128 : index
  %k_tiles = arith.ceildivui %K, %c32 : index
  scf.forall (%bm, %bn) in (%grid_m, %grid_n) {
    "tile_rocm.matrix_shape"() {m = 16 : i64, n = 16 : i64, k = 16 : i64} : () -> ()
    "tile_rocm.lds_layout"() {pad = 8 : i64} : () -> ()
    "tile_rocm.waves_per_eu"() {waves = 2 : i64} : () -> ()
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
      "tile.copy"(%B, %B_s, %k0, %n0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
          : (!f16_matrix, !B_tile, index, index) -> ()
      "tile.gemm"(%A_s, %B_s, %acc) : (!A_tile, !B_tile, !acc_tile) -> ()
    } {tile.num_stages = 1 : i64}
    "tile.copy"(%acc, %C, %m0, %n0) {operandSegmentSizes = array<i32: 1, 1, 0, 2>}
        : (!acc_tile, !f32_matrix, index, index) -> ()
  } {mapping = [#gpu.block<y>, #gpu.block<x>], tile.threads = 128 : i64}
  return
}
