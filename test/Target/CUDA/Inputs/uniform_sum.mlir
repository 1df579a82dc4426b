// A subgroup sum of i32 that every lane of the subgroup runs.
func.func @uniform_sum(%A: memref<64xi32>, %C: memref<64xi32>) {
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %x = memref.load %A[%i] : memref<64xi32>
      %r = gpu.subgroup_reduce add %x uniform : (i32) -> i32
      memref.store %r, %C[%i] : memref<64xi32>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}
