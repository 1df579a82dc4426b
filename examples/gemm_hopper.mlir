// GEMM for Hopper (sm_90a): C[M, N] = A[M, K] * B[K, N], f16 inputs, f32
// accumulation and output, as examples/gemm.mlir, with the tiles the
// warp-specialised TMA + wgmma path is built for.
//
// Each block computes a 128x256 tile of C with 384 threads (three
// warpgroups: one issues the TMA loads, two run wgmma on 64x256 halves),
// walking K in steps of 64 (128-byte rows of f16, the 128-byte swizzle)
// through a 4-stage pipeline: 4 x 48 KiB of A and B tiles. On other chips,
// and on sm_90a when rows are not 16-byte aligned, the same kernel runs on
// the other paths. M, N and K are dynamic and need not be multiples of the
// tile sizes.
func.func @gemm(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %c256 = arith.constant 256 : index
  %zero = arith.constant 0.0 : f32
  %M = memref.dim %A, %c0 : memref<?x?xf16>
  %K = memref.dim %A, %c1 : memref<?x?xf16>
  %N = memref.dim %B, %c1 : memref<?x?xf16>
  %grid_m = arith.ceildivui %M, %c128 : index
  %grid_n = arith.ceildivui %N, %c256 : index
  %k_tiles = arith.ceildivui %K, %c64 : index
  scf.forall (%bm, %bn) in (%grid_m, %grid_n) {
    %A_s = "tile.alloc"() : () -> memref<128x64xf16, #gpu.address_space<workgroup>>
    %B_s = "tile.alloc"() : () -> memref<64x256xf16, #gpu.address_space<workgroup>>
    %acc = "tile.alloc"() : () -> memref<128x256xf32, #tile.fragment>
    "tile.fill"(%acc, %zero) : (memref<128x256xf32, #tile.fragment>, f32) -> ()
    %m0 = arith.muli %bm, %c128 : index
    %n0 = arith.muli %bn, %c256 : index
    scf.for %kt = %c0 to %k_tiles step %c1 {
      %k0 = arith.muli %kt, %c64 : index
      "tile.copy"(%A, %A_s, %m0, %k0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
          : (memref<?x?xf16>, memref<128x64xf16, #gpu.address_space<workgroup>>, index, index) -> ()
      "tile.copy"(%B, %B_s, %k0, %n0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
          : (memref<?x?xf16>, memref<64x256xf16, #gpu.address_space<workgroup>>, index, index) -> ()
      "tile.gemm"(%A_s, %B_s, %acc)
          : (memref<128x64xf16, #gpu.address_space<workgroup>>, memref<64x256xf16, #gpu.address_space<workgroup>>,
             memref<128x256xf32, #tile.fragment>) -> ()
    } {tile.num_stages = 4 : i64}
    "tile.copy"(%acc, %C, %m0, %n0) {operandSegmentSizes = array<i32: 1, 1, 0, 2>}
        : (memref<128x256xf32, #tile.fragment>, memref<?x?xf32>, index, index) -> ()
  } {mapping = [#gpu.block<y>, #gpu.block<x>], tile.threads = 384 : i64}
  return
}
