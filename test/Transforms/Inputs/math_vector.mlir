// erf and cbrt (libm calls on cpu) of vector values in a kernel.
func.func @k(%A: memref<?xf32>, %C: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f32
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %v = vector.transfer_read %A[%c0], %pad : memref<?xf32>, vector<4xf32>
      %e = math.erf %v : vector<4xf32>
      %z = math.cbrt %e : vector<4xf32>
      vector.transfer_write %z, %C[%c0] : vector<4xf32>, memref<?xf32>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}
