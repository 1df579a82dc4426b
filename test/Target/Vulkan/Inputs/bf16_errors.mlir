// What tile-vulkan-bf16 cannot keep as bits, refused at the op.
func.func @atomic(%A: memref<?xbf16>, %B: memref<?xbf16>) {
  %c0 = arith.constant 0 : index
  scf.forall (%b) in (4) {
    %h = "tile.alloc"() : () -> memref<64xbf16, #tile.fragment>
    %s = "tile.alloc"() : () -> memref<64xbf16, #gpu.address_space<workgroup>>
    "tile.copy"(%A, %h, %c0) {operandSegmentSizes = array<i32: 1, 1, 1, 0>}
        : (memref<?xbf16>, memref<64xbf16, #tile.fragment>, index) -> ()
    // refused: an addition into shared memory (one into a buffer works)
    "tile.atomic_add"(%h, %s, %c0) {operandSegmentSizes = array<i32: 1, 1, 1>}
        : (memref<64xbf16, #tile.fragment>, memref<64xbf16, #gpu.address_space<workgroup>>, index) -> ()
    "tile.copy"(%s, %B, %c0) {operandSegmentSizes = array<i32: 1, 1, 0, 1>}
        : (memref<64xbf16, #gpu.address_space<workgroup>>, memref<?xbf16>, index) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @complex(%A: memref<?xcomplex<bf16>>, %B: memref<?xcomplex<bf16>>) {
  scf.forall (%b) in (4) {
    scf.forall (%t) in (32) {
      %x = memref.load %A[%t] : memref<?xcomplex<bf16>>
      %y = complex.add %x, %x : complex<bf16>
      memref.store %y, %B[%t] : memref<?xcomplex<bf16>>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 32 : i64}
  return
}
