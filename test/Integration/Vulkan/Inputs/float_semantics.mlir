// Float arithmetic that IEEE gives NaN, infinities or signed zeros for,
// and that a compiler may fold away when it assumes none
// (float-semantics.test): x - x, (x + y) - y, x * 0 and (x - x) / x.
func.func @folds(%X: memref<?xf32>, %Y: memref<?xf32>, %A: memref<?xf32>, %B: memref<?xf32>,
                 %C: memref<?xf32>, %D: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %zero = arith.constant 0.0 : f32
  %size = memref.dim %X, %c0 : memref<?xf32>
  %blocks = arith.ceildivui %size, %c64 : index
  scf.forall (%b) in (%blocks) {
    %o = arith.muli %b, %c64 : index
    scf.parallel (%t) = (%c0) to (%c64) step (%c1) {
      %i = arith.addi %o, %t : index
      %in = arith.cmpi ult, %i, %size : index
      scf.if %in {
        %x = memref.load %X[%i] : memref<?xf32>
        %y = memref.load %Y[%i] : memref<?xf32>
        %a = arith.subf %x, %x : f32
        %s = arith.addf %x, %y : f32
        %bb = arith.subf %s, %y : f32
        %c = arith.mulf %x, %zero : f32
        %d = arith.divf %a, %x : f32
        memref.store %a, %A[%i] : memref<?xf32>
        memref.store %bb, %B[%i] : memref<?xf32>
        memref.store %c, %C[%i] : memref<?xf32>
        memref.store %d, %D[%i] : memref<?xf32>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}
