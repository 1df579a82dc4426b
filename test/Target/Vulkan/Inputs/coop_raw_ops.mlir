// A kernel that holds cooperative-matrix ops itself (no tile_vulkan op):
// SPIR-V 1.6 all the same, so vulkan:v1.3 only.
func.func @raw_matrix_ops(%G: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  scf.forall (%b) in (4) {
    %s = "tile.alloc"() : () -> memref<16x16xf32, #gpu.address_space<workgroup>>
    %sg = gpu.subgroup_id : index
    %ns = gpu.num_subgroups : index
    scf.for %i = %sg to %c1 step %ns {
      %m = gpu.subgroup_mma_constant_matrix %zero : !gpu.mma_matrix<16x16xf32, "COp">
      gpu.subgroup_mma_store_matrix %m, %s[%c0, %c0] {leadDimension = 16 : index} : !gpu.mma_matrix<16x16xf32, "COp">, memref<16x16xf32, #gpu.address_space<workgroup>>
    }
    "tile.copy"(%s, %G, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 0, 2>}
        : (memref<16x16xf32, #gpu.address_space<workgroup>>, memref<?x?xf32>, index, index) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}
