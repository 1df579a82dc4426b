// A small valid kernel shared by the tile-opt tests.
func.func @kernel(%A: memref<?x?xf32>, %i: index) {
  %unused = arith.constant 42 : index
  %zero = arith.constant 0.0 : f32
  scf.forall (%b) in (4) {
    %f = "tile.alloc"() : () -> memref<16x16xf32, #tile.fragment>
    "tile.fill"(%f, %zero) : (memref<16x16xf32, #tile.fragment>, f32) -> ()
    "tile.copy"(%f, %A, %i, %i) {operandSegmentSizes = array<i32: 1, 1, 0, 2>}
        : (memref<16x16xf32, #tile.fragment>, memref<?x?xf32>, index, index) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 32 : i64}
  return
}
