// A thread's own array of dynamic size.
func.func @k(%B: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %B, %c0 : memref<?xf32>
  scf.forall (%b) in (%c1) {
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %m = memref.alloca(%n) : memref<?xf32>
      %z = arith.constant 1.0 : f32
      memref.store %z, %m[%i] : memref<?xf32>
      %v = memref.load %m[%i] : memref<?xf32>
      memref.store %v, %B[%i] : memref<?xf32>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 32 : i64}
  return
}
