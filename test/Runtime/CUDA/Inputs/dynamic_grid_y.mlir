// One block of 32 threads per 16 elements, along y: the grid is the
// buffer's size / 16, known only at run time.
func.func @k(%A: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %n = memref.dim %A, %c0 : memref<?xf32>
  %blocks = arith.ceildivui %n, %c16 : index
  scf.forall (%b) in (%blocks) {
    %off = arith.muli %b, %c16 : index
    %s = "tile.alloc"() : () -> memref<16xf32, #gpu.address_space<workgroup>>
    "tile.copy"(%A, %s, %off) {operandSegmentSizes = array<i32: 1, 1, 1, 0>} : (memref<?xf32>, memref<16xf32, #gpu.address_space<workgroup>>, index) -> ()
    "tile.copy"(%s, %A, %off) {operandSegmentSizes = array<i32: 1, 1, 0, 1>} : (memref<16xf32, #gpu.address_space<workgroup>>, memref<?xf32>, index) -> ()
  } {mapping = [#gpu.block<y>], tile.threads = 32 : i64}
  return
}
