// GEMM for Hopper (sm_90a): C[M, N] = A[M, K] * B[K, N], f16 inputs, f32
// accumulation and output, as examples/gemm.mlir, with the tiles the
// warp-specialised TMA + wgmma path is built for.
//
// Each block computes a 128x256 tile of C with 384 threads (three
// warpgroups: one issues the TMA loads, two run wgmma on 64x256 halves),
// walking K in steps of 64 (128-byte rows of f16, the 128-byte swizzle)
// through a 4-stage pipeline: 4 x 48 KiB of A and B tiles. M, N and K are
// dynamic and need not be multiples of the tile sizes.
//
// The tile_cuda ops at the top of the kernel state its schedule
// (docs/dialect.md, "Backend extension: tile_cuda"): the warp-specialised
// path, wgmma m64n256k16, A and B in the 128-byte swizzle, register
// budgets of 40 (producer) and 232 (consumers) a thread, and blocks visited
// in groups of 8 block rows (for L2 reuse of A and B). These are the
// choices the backend makes for this kernel anyway; a choice it cannot
// honour is refused at the op with the reason, and so is the whole kernel
// on a chip other than sm_90a (without the ops it runs on the other paths
// there). When rows are not 16-byte aligned at run time, the path's own
// fallback (a copy of the kernel with 256 threads, on mma.sync) runs.
//
//   for bm, bn in grid(ceil(M / 128), ceil(N / 256)), 384 threads each:
//     acc[128, 256] = 0                      (registers)
//     for k0 in range(0, K, 64), pipelined over 4 stages:
//       A_s[128, 64] = A[bm * 128 :, k0 :]   (shared memory)
//       B_s[64, 256] = B[k0 :, bn * 256 :]   (shared memory)
//       acc += A_s @ B_s
//     C[bm * 128 :, bn * 256 :] = acc

#smem = #gpu.address_space<workgroup>
!f16_matrix = memref<?x?xf16>
!f32_matrix = memref<?x?xf32>
!A_tile = memref<128x64xf16, #smem>
!B_tile = memref<64x256xf16, #smem>
!acc_tile = memref<128x256xf32, #tile.fragment>

func.func @gemm(%A: !f16_matrix, %B: !f16_matrix, %C: !f32_matrix) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %c256 = arith.constant 256 : index
  %zero = arith.constant 0.0 : f32
  %M = memref.dim %A, %c0 : !f16_matrix
  %K = memref.dim %A, %c1 : !f16_matrix
  %N = memref.dim %B, %c1 : !f16_matrix
  %grid_m = arith.ceildivui %M, %c128 : index
  %grid_n = arith.ceildivui %N, %c256 : index
  %k_tiles = arith.ceildivui %K, %c64 : index
  scf.forall (%bm, %bn) in (%grid_m, %grid_n) {
    "tile_cuda.path"() {path = "wgmma_ws"} : () -> ()
    "tile_cuda.mma_shape"() {m = 64 : i64, n = 256 : i64, k = 16 : i64} : () -> ()
    "tile_cuda.swizzle"() {a = 128 : i64, b = 128 : i64} : () -> ()
    "tile_cuda.warp_specialize"() {producer_registers = 40 : i64, consumer_registers = 232 : i64} : () -> ()
    "tile_cuda.rasterize"() {group_rows = 8 : i64} : () -> ()
    %A_s = "tile.alloc"() : () -> !A_tile
    %B_s = "tile.alloc"() : () -> !B_tile
    %acc = "tile.alloc"() : () -> !acc_tile
    "tile.fill"(%acc, %zero) : (!acc_tile, f32) -> ()
    %m0 = arith.muli %bm, %c128 : index
    %n0 = arith.muli %bn, %c256 : index
    scf.for %kt = %c0 to %k_tiles step %c1 {
      %k0 = arith.muli %kt, %c64 : index
      "tile.copy"(%A, %A_s, %m0, %k0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
          : (!f16_matrix, !A_tile, index, index) -> ()
      "tile.copy"(%B, %B_s, %k0, %n0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
          : (!f16_matrix, !B_tile, index, index) -> ()
      "tile.gemm"(%A_s, %B_s, %acc) : (!A_tile, !B_tile, !acc_tile) -> ()
    } {tile.num_stages = 4 : i64}
    "tile.copy"(%acc, %C, %m0, %n0) {operandSegmentSizes = array<i32: 1, 1, 0, 2>}
        : (!acc_tile, !f32_matrix, index, index) -> ()
  } {mapping = [#gpu.block<y>, #gpu.block<x>], tile.threads = 384 : i64}
  return
}
