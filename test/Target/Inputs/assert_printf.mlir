// cf.assert and gpu.printf in the thread-parallel loop of a kernel.
func.func @k(%B: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %n = memref.dim %B, %c0 : memref<?xf32>
  scf.forall (%b) in (%c1) {
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %v = memref.load %B[%i] : memref<?xf32>
      %ok = arith.cmpf oge, %v, %zero : f32
      cf.assert %ok, "negative value"
      gpu.printf "v=%f\n", %v : f32
    }
  } {mapping = [#gpu.block<x>], tile.threads = 32 : i64}
  return
}
