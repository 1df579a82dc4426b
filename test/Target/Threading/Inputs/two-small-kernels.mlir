// Two functions with one small fragment kernel each: MLIR lowers both
// functions at the same time.
func.func @first(%Y: memref<?xf32>, %x: f32) {
  %c0 = arith.constant 0 : index
  scf.forall (%b) in (2) {
    %f = "tile.alloc"() : () -> memref<32xf32, #tile.fragment>
    "tile.fill"(%f, %x) : (memref<32xf32, #tile.fragment>, f32) -> ()
    "tile.copy"(%f, %Y, %c0) {operandSegmentSizes = array<i32: 1, 1, 0, 1>}
        : (memref<32xf32, #tile.fragment>, memref<?xf32>, index) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 32 : i64}
  return
}

func.func @second(%Y: memref<?x?xf32>, %x: f32) {
  %c0 = arith.constant 0 : index
  scf.forall (%b) in (4) {
    %f = "tile.alloc"() : () -> memref<8x16xf32, #tile.fragment>
    "tile.fill"(%f, %x) : (memref<8x16xf32, #tile.fragment>, f32) -> ()
    "tile.copy"(%f, %Y, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 0, 2>}
        : (memref<8x16xf32, #tile.fragment>, memref<?x?xf32>, index, index) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}
