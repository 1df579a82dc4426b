// A fragment copied in and out, of ELEM elements (element-types.test puts
// each type in).
func.func @k(%X: memref<?x?xELEM>, %Y: memref<?x?xELEM>) {
  %c0 = arith.constant 0 : index
  scf.forall (%b) in (1) {
    %f = "tile.alloc"() : () -> memref<16x16xELEM, #tile.fragment>
    "tile.copy"(%X, %f, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
        : (memref<?x?xELEM>, memref<16x16xELEM, #tile.fragment>, index, index) -> ()
    "tile.copy"(%f, %Y, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 0, 2>}
        : (memref<16x16xELEM, #tile.fragment>, memref<?x?xELEM>, index, index) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}
