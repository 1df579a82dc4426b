// Loads and stores through memref.transpose, and the hints
// memref.assume_alignment and memref.prefetch, in a kernel: C[i] is
// column 1 of A, read through the transpose of A, plus the element of A's
// first column that the hints touch.
func.func @transposed(%A: memref<16x8xf32>, %C: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.forall (%b) in (1) {
    scf.forall (%i) in (16) {
      %t = memref.transpose %A (i, j) -> (j, i) : memref<16x8xf32> to memref<8x16xf32, strided<[1, 8]>>
      %v = memref.load %t[%c1, %i] : memref<8x16xf32, strided<[1, 8]>>
      memref.prefetch %A[%i, %c0], read, locality<3>, data : memref<16x8xf32>
      %a = memref.assume_alignment %A, 16 : memref<16x8xf32>
      %w = memref.load %a[%i, %c0] : memref<16x8xf32>
      %s = arith.addf %v, %w : f32
      %c = memref.assume_alignment %C, 16 : memref<16xf32>
      memref.store %s, %c[%i] : memref<16xf32>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 16 : i64}
  return
}

func.func @transposed_ref(%A: memref<16x8xf32>, %C: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  scf.for %i = %c0 to %c16 step %c1 {
    %v = memref.load %A[%i, %c1] : memref<16x8xf32>
    %w = memref.load %A[%i, %c0] : memref<16x8xf32>
    %s = arith.addf %v, %w : f32
    memref.store %s, %C[%i] : memref<16xf32>
  }
  return
}
