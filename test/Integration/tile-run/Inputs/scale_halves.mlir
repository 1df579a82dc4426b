// A[i] *= s on f16 and f32 scalars, for the range checks of --arg.
func.func @scale_f16(%A: memref<?xf16>, %s: f16) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %A, %c0 : memref<?xf16>
  scf.for %i = %c0 to %n step %c1 {
    %x = memref.load %A[%i] : memref<?xf16>
    %y = arith.mulf %x, %s : f16
    memref.store %y, %A[%i] : memref<?xf16>
  }
  return
}

func.func @scale_f32(%A: memref<?xf32>, %s: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %A, %c0 : memref<?xf32>
  scf.for %i = %c0 to %n step %c1 {
    %x = memref.load %A[%i] : memref<?xf32>
    %y = arith.mulf %x, %s : f32
    memref.store %y, %A[%i] : memref<?xf32>
  }
  return
}
