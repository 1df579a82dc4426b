// examples/gemm.mlir for Vulkan devices with cooperative matrices
// (VK_KHR_cooperative_matrix): C[M, N] = A[M, K] * B[K, N], f16 inputs, f32
// accumulation, on 16x16x16 cooperative matrices. The kernel states the
// choice with tile_vulkan.cooperative_matrix; the vulkan backend obeys it
// for --target=vulkan:v1.3 (SPIR-V 1.6) or says why it cannot. The tiles
// fit every Vulkan device's shared memory with the accumulator staged in
// it: 64x32 + 32x64 f16 and 64x64 f32 take 24 KiB. docs/vulkan.md.
//
//   for bm, bn in grid(ceil(M / 64), ceil(N / 64)), 128 threads each:
//     acc[64, 64] = 0
//     for k0 in range(0, K, 32):
//       A_s[64, 32] = A[bm * 64 :, k0 :]
//       B_s[32, 64] = B[k0 :, bn * 64 :]
//       acc += A_s @ B_s              (16 blocks of 16x16, over the subgroups)
//     C[bm * 64 :, bn * 64 :] = acc

#smem = #gpu.address_space<workgroup>
!f16_matrix = memref<?x?xf16>
!f32_matrix = memref<?x?xf32>
!A_tile = memref<64x32xf16, #smem>
!B_tile = memref<32x64xf16, #smem>
!acc_tile = memref<64x64xf32, #tile.fragment>

func.func @gemm(%A: !f16_matrix, %B: !f16_matrix, %C: !f32_matrix) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %zero = arith.constant 0.0 : f32
  %M = memref.dim %A, %c0 : !f16_matrix
  %K = memref.dim %A, %c1 : !f16_matrix
  %N = memref.dim %B, %c1 : !f16_matrix
  %grid_m = arith.ceildivui %M, %c64 : index
  %grid_n = arith.ceildivui %N, %c64 : index
  %k_tiles = arith.ceildivui %K, %c32 : index
  scf.forall (%bm, %bn) in (%grid_m, %grid_n) {
    "tile_vulkan.cooperative_matrix"() {m = 16 : i64, n = 16 : i64, k = 16 : i64} : () -> ()
    %A_s = "tile.alloc"() : () -> !A_tile
    %B_s = "tile.alloc"() : () -> !B_tile
    %acc = "tile.alloc"() : () -> !acc_tile
    "tile.fill"(%acc, %zero) : (!acc_tile, f32) -> ()
    %m0 = arith.muli %bm, %c64 : index
    %n0 = arith.muli %bn, %c64 : index
    scf.for %kt = %c0 to %k_tiles step %c1 {
      %k0 = arith.muli %kt, %c32 : index
      "tile.copy"(%A, %A_s, %m0, %k0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
          : (!f16_matrix, !A_tile, index, index) -> ()
      "tile.copy"(%B, %B_s, %k0, %n0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
          : (!f16_matrix, !B_tile, index, index) -> ()
      "tile.gemm"(%A_s, %B_s, %acc) : (!A_tile, !B_tile, !acc_tile) -> ()
    }
    "tile.copy"(%acc, %C, %m0, %n0) {operandSegmentSizes = array<i32: 1, 1, 0, 2>}
        : (!acc_tile, !f32_matrix, index, index) -> ()
  } {mapping = [#gpu.block<y>, #gpu.block<x>], tile.threads = 128 : i64}
  return
}
