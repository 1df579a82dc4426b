// A gemm on cooperative matrices (a SPIR-V 1.6 module, whose entry point
// lists every variable it uses) that adds its f16 accumulator into C
// atomically: C's view as words is listed beside C.
!A_tile = memref<32x64xf16, #gpu.address_space<workgroup>>
!B_tile = memref<32x64xf16, #gpu.address_space<workgroup>>
!acc_tile = memref<64x64xf16, #tile.fragment>
func.func @gemm_coop_atomic(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %zero = arith.constant 0.0 : f16
  %K = memref.dim %A, %c0 : memref<?x?xf16>
  %M = memref.dim %A, %c1 : memref<?x?xf16>
  %N = memref.dim %B, %c1 : memref<?x?xf16>
  %grid_m = arith.ceildivui %M, %c64 : index
  %grid_n = arith.ceildivui %N, %c64 : index
  %k_tiles = arith.ceildivui %K, %c32 : index
  scf.forall (%bm, %bn) in (%grid_m, %grid_n) {
    "tile_vulkan.cooperative_matrix"() {m = 16 : i64, n = 16 : i64, k = 16 : i64} : () -> ()
    %A_s = "tile.alloc"() : () -> !A_tile
    %B_s = "tile.alloc"() : () -> !B_tile
    %acc = "tile.alloc"() : () -> !acc_tile
    "tile.fill"(%acc, %zero) : (!acc_tile, f16) -> ()
    %m0 = arith.muli %bm, %c64 : index
    %n0 = arith.muli %bn, %c64 : index
    scf.for %kt = %c0 to %k_tiles step %c1 {
      %k0 = arith.muli %kt, %c32 : index
      "tile.copy"(%A, %A_s, %k0, %m0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
          : (memref<?x?xf16>, !A_tile, index, index) -> ()
      "tile.copy"(%B, %B_s, %k0, %n0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
          : (memref<?x?xf16>, !B_tile, index, index) -> ()
      "tile.gemm"(%A_s, %B_s, %acc) {transpose_a = true}
          : (!A_tile, !B_tile, !acc_tile) -> ()
    }
    "tile.atomic_add"(%acc, %C, %m0, %n0)
        : (!acc_tile, memref<?x?xf16>, index, index) -> ()
  } {mapping = [#gpu.block<y>, #gpu.block<x>], tile.threads = 128 : i64}
  return
}
