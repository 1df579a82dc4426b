// B[i] = A[i] + 1 on 64 static elements: the runtime test binds the same
// host buffer as A and B.
func.func @inplace(%A: memref<64xf32>, %B: memref<64xf32>) {
  %one = arith.constant 1.0 : f32
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %x = memref.load %A[%i] : memref<64xf32>
      %y = arith.addf %x, %one : f32
      memref.store %y, %B[%i] : memref<64xf32>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}
