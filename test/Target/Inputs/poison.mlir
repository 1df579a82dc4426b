// A poison value stored by a kernel (ub.poison, which the vector lowering
// also makes): every target lowers it.
func.func @k(%A: memref<16xf32>, %C: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  scf.forall (%b) in (1) {
    scf.forall (%i) in (16) {
      %p = ub.poison : f32
      memref.store %p, %C[%i] : memref<16xf32>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 16 : i64}
  return
}
