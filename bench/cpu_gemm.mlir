// fp32 GEMM with tile sizes for a cpu core: C[M, N] = A[M, K] * B[K, N].
//
// A block computes a 256 x 256 tile of C and walks K in steps of 256: the
// packed A and B tiles (256 KiB each) and the accumulator (256 KiB), 768 KiB
// in all, stay in a 1 MiB L2 (Zen 4 and 5; a 512 KiB L2 such as Zen 3's
// holds only part of them) while the micro-kernel streams 8 x 32 blocks of C
// through registers; a 32-column panel of B (32 KiB) stays in L1. Large tiles amortise packing:
// every element of a packed tile is used 256 times. Blocks run on host
// threads. Shapes need not divide the tiles.
func.func @gemm(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c256 = arith.constant 256 : index
  %zero = arith.constant 0.0 : f32
  %M = memref.dim %A, %c0 : memref<?x?xf32>
  %K = memref.dim %A, %c1 : memref<?x?xf32>
  %N = memref.dim %B, %c1 : memref<?x?xf32>
  %grid_m = arith.ceildivui %M, %c256 : index
  %grid_n = arith.ceildivui %N, %c256 : index
  %k_tiles = arith.ceildivui %K, %c256 : index
  scf.forall (%bm, %bn) in (%grid_m, %grid_n) {
    %A_s = "tile.alloc"() : () -> memref<256x256xf32, #gpu.address_space<workgroup>>
    %B_s = "tile.alloc"() : () -> memref<256x256xf32, #gpu.address_space<workgroup>>
    %acc = "tile.alloc"() : () -> memref<256x256xf32, #tile.fragment>
    "tile.fill"(%acc, %zero) : (memref<256x256xf32, #tile.fragment>, f32) -> ()
    %m0 = arith.muli %bm, %c256 : index
    %n0 = arith.muli %bn, %c256 : index
    scf.for %kt = %c0 to %k_tiles step %c1 {
      %k0 = arith.muli %kt, %c256 : index
      "tile.copy"(%A, %A_s, %m0, %k0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
          : (memref<?x?xf32>, memref<256x256xf32, #gpu.address_space<workgroup>>, index, index) -> ()
      "tile.copy"(%B, %B_s, %k0, %n0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
          : (memref<?x?xf32>, memref<256x256xf32, #gpu.address_space<workgroup>>, index, index) -> ()
      "tile.gemm"(%A_s, %B_s, %acc)
          : (memref<256x256xf32, #gpu.address_space<workgroup>>,
             memref<256x256xf32, #gpu.address_space<workgroup>>,
             memref<256x256xf32, #tile.fragment>) -> ()
    }
    "tile.copy"(%acc, %C, %m0, %n0) {operandSegmentSizes = array<i32: 1, 1, 0, 2>}
        : (memref<256x256xf32, #tile.fragment>, memref<?x?xf32>, index, index) -> ()
  } {mapping = [#gpu.block<y>, #gpu.block<x>], tile.threads = 128 : i64}
  return
}
