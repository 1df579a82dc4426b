// Two shared tiles whose sum (166864 bytes) fits sm_80, but not once the
// second starts at a 1024-byte boundary (166976 bytes).
func.func @k(%A: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  scf.forall (%b) in (4) {
    %s = "tile.alloc"() : () -> memref<41700xf32, #gpu.address_space<workgroup>>
    %t = "tile.alloc"() : () -> memref<16xf32, #gpu.address_space<workgroup>>
    "tile.copy"(%A, %s, %c0) {operandSegmentSizes = array<i32: 1, 1, 1, 0>} : (memref<?xf32>, memref<41700xf32, #gpu.address_space<workgroup>>, index) -> ()
    "tile.copy"(%A, %t, %c0) {operandSegmentSizes = array<i32: 1, 1, 1, 0>} : (memref<?xf32>, memref<16xf32, #gpu.address_space<workgroup>>, index) -> ()
    "tile.copy"(%s, %A, %c0) {operandSegmentSizes = array<i32: 1, 1, 0, 1>} : (memref<41700xf32, #gpu.address_space<workgroup>>, memref<?xf32>, index) -> ()
    "tile.copy"(%t, %A, %c0) {operandSegmentSizes = array<i32: 1, 1, 0, 1>} : (memref<16xf32, #gpu.address_space<workgroup>>, memref<?xf32>, index) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 128 : i64}
  return
}
