// C = A * B with f32 buffers and f16 multiplication: A goes through an f32
// fragment converted into an f16 fragment (a fragment-to-fragment copy
// keeps the layout), B is converted on its way into shared memory, and the
// gemm accumulates the f16 products in f32.
func.func @gemm_mixed(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %zero = arith.constant 0.0 : f32
  %M = memref.dim %A, %c0 : memref<?x?xf32>
  %K = memref.dim %A, %c1 : memref<?x?xf32>
  %N = memref.dim %B, %c1 : memref<?x?xf32>
  %grid_m = arith.ceildivui %M, %c32 : index
  %grid_n = arith.ceildivui %N, %c32 : index
  %k_tiles = arith.ceildivui %K, %c16 : index
  scf.forall (%bm, %bn) in (%grid_m, %grid_n) {
    %A_f = "tile.alloc"() : () -> memref<32x16xf32, #tile.fragment>
    %A_h = "tile.alloc"() : () -> memref<32x16xf16, #tile.fragment>
    %B_s = "tile.alloc"() : () -> memref<16x32xf16, #gpu.address_space<workgroup>>
    %acc = "tile.alloc"() : () -> memref<32x32xf32, #tile.fragment>
    "tile.fill"(%acc, %zero) : (memref<32x32xf32, #tile.fragment>, f32) -> ()
    %m0 = arith.muli %bm, %c32 : index
    %n0 = arith.muli %bn, %c32 : index
    scf.for %kt = %c0 to %k_tiles step %c1 {
      %k0 = arith.muli %kt, %c16 : index
      "tile.copy"(%A, %A_f, %m0, %k0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
          : (memref<?x?xf32>, memref<32x16xf32, #tile.fragment>, index, index) -> ()
      "tile.copy"(%A_f, %A_h) {operandSegmentSizes = array<i32: 1, 1, 0, 0>}
          : (memref<32x16xf32, #tile.fragment>, memref<32x16xf16, #tile.fragment>) -> ()
      "tile.copy"(%B, %B_s, %k0, %n0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
          : (memref<?x?xf32>, memref<16x32xf16, #gpu.address_space<workgroup>>, index, index) -> ()
      "tile.gemm"(%A_h, %B_s, %acc)
          : (memref<32x16xf16, #tile.fragment>, memref<16x32xf16, #gpu.address_space<workgroup>>,
             memref<32x32xf32, #tile.fragment>) -> ()
    }
    "tile.copy"(%acc, %C, %m0, %n0) {operandSegmentSizes = array<i32: 1, 1, 0, 2>}
        : (memref<32x32xf32, #tile.fragment>, memref<?x?xf32>, index, index) -> ()
  } {mapping = [#gpu.block<y>, #gpu.block<x>], tile.threads = 64 : i64}
  return
}
