// The warp-specialised Hopper gemm with 256x128x64 tiles: four consumer
// warpgroups of 64 rows and a producer, 640 threads, 3 stages of 48 KiB.
// ptxas starts each thread with 96 registers (61440 for the block); the
// producer keeps 24 so that the consumers get the 112 their 64x128
// accumulators need.
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
  %grid_m = arith.ceildivui %M, %c256 : index
  %grid_n = arith.ceildivui %N, %c128 : index
  %k_tiles = arith.ceildivui %K, %c64 : index
  scf.forall (%bm, %bn) in (%grid_m, %grid_n) {
    %A_s = "tile.alloc"() : () -> memref<256x64xf16, #gpu.address_space<workgroup>>
    %B_s = "tile.alloc"() : () -> memref<64x128xf16, #gpu.address_space<workgroup>>
    %acc = "tile.alloc"() : () -> memref<256x128xf32, #tile.fragment>
    "tile.fill"(%acc, %zero) : (memref<256x128xf32, #tile.fragment>, f32) -> ()
    %m0 = arith.muli %bm, %c256 : index
    %n0 = arith.muli %bn, %c128 : index
    scf.for %kt = %c0 to %k_tiles step %c1 {
      %k0 = arith.muli %kt, %c64 : index
      "tile.copy"(%A, %A_s, %m0, %k0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
          : (memref<?x?xf16>, memref<256x64xf16, #gpu.address_space<workgroup>>, index, index) -> ()
      "tile.copy"(%B, %B_s, %k0, %n0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
          : (memref<?x?xf16>, memref<64x128xf16, #gpu.address_space<workgroup>>, index, index) -> ()
      "tile.gemm"(%A_s, %B_s, %acc)
          : (memref<256x64xf16, #gpu.address_space<workgroup>>, memref<64x128xf16, #gpu.address_space<workgroup>>,
             memref<256x128xf32, #tile.fragment>) -> ()
    } {tile.num_stages = 3 : i64}
    "tile.copy"(%acc, %C, %m0, %n0) {operandSegmentSizes = array<i32: 1, 1, 0, 2>}
        : (memref<256x128xf32, #tile.fragment>, memref<?x?xf32>, index, index) -> ()
  } {mapping = [#gpu.block<y>, #gpu.block<x>], tile.threads = 640 : i64}
  return
}
