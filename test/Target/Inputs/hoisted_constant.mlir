// A constant of a type the vulkan target lacks, in a kernel: canonicalize
// moves it to the start of the kernel and drops its location.
func.func @k(%A: memref<64xi64>) {
  scf.forall (%bb) in (1) {
    scf.forall (%t) in (64) {
      %x = memref.load %A[%t] : memref<64xi64>
      %c3 = arith.constant 3 : i128
      %a = arith.extsi %x : i64 to i128
      %b = arith.addi %a, %c3 : i128
      %r = arith.divsi %a, %b : i128
      %y = arith.trunci %r : i128 to i64
      memref.store %y, %A[%t] : memref<64xi64>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}
