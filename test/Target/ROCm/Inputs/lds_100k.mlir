// A 100 KiB shared tile: more LDS than gfx9 chips give a workgroup.
func.func @k(%A: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  scf.forall (%b) in (4) {
    %s = "tile.alloc"() : () -> memref<100x256xf32, #gpu.address_space<workgroup>>
    "tile.copy"(%A, %s, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>} : (memref<?x?xf32>, memref<100x256xf32, #gpu.address_space<workgroup>>, index, index) -> ()
    "tile.copy"(%s, %A, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 0, 2>} : (memref<100x256xf32, #gpu.address_space<workgroup>>, memref<?x?xf32>, index, index) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 128 : i64}
  return
}
