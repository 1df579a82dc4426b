// B[i] = A[i] for every element of A, whatever B's size: a B shorter than
// A is written past its end.
func.func @copy_f16(%A: memref<?xf16>, %B: memref<?xf16>) {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %n = memref.dim %A, %c0 : memref<?xf16>
  %blocks = arith.ceildivui %n, %c64 : index
  scf.forall (%blk) in (%blocks) {
    scf.forall (%t) in (64) {
      %first = arith.muli %blk, %c64 : index
      %i = arith.addi %first, %t : index
      %inside = arith.cmpi ult, %i, %n : index
      scf.if %inside {
        %a = memref.load %A[%i] : memref<?xf16>
        memref.store %a, %B[%i] : memref<?xf16>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}
