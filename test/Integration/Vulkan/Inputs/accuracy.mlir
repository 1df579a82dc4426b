// tanh, sinh, cosh, asinh, atanh, atan, asin, acos, acosh, log, log2 and
// log10 of A, one column each.
func.func @accuracy(%A: memref<?xf32>, %C: memref<?x12xf32>) {
  %c0 = arith.constant 0 : index
  %c256 = arith.constant 256 : index
  %n = memref.dim %A, %c0 : memref<?xf32>
  %blocks = arith.ceildivui %n, %c256 : index
  scf.forall (%bk) in (%blocks) {
    scf.forall (%t) in (256) {
      %base = arith.muli %bk, %c256 : index
      %i = arith.addi %base, %t : index
      %inside = arith.cmpi ult, %i, %n : index
      scf.if %inside {
        %c1 = arith.constant 1 : index
        %c2 = arith.constant 2 : index
        %c3 = arith.constant 3 : index
        %c4 = arith.constant 4 : index
        %c5 = arith.constant 5 : index
        %c6 = arith.constant 6 : index
        %c7 = arith.constant 7 : index
        %c8 = arith.constant 8 : index
        %c9 = arith.constant 9 : index
        %c10 = arith.constant 10 : index
        %c11 = arith.constant 11 : index
        %x = memref.load %A[%i] : memref<?xf32>
        %t0 = math.tanh %x : f32
        %t1 = math.sinh %x : f32
        %t2 = math.cosh %x : f32
        %t3 = math.asinh %x : f32
        %t4 = math.atanh %x : f32
        %t5 = math.atan %x : f32
        %t6 = math.asin %x : f32
        %t7 = math.acos %x : f32
        %t8 = math.acosh %x : f32
        %t9 = math.log %x : f32
        %t10 = math.log2 %x : f32
        %t11 = math.log10 %x : f32
        memref.store %t0, %C[%i, %c0] : memref<?x12xf32>
        memref.store %t1, %C[%i, %c1] : memref<?x12xf32>
        memref.store %t2, %C[%i, %c2] : memref<?x12xf32>
        memref.store %t3, %C[%i, %c3] : memref<?x12xf32>
        memref.store %t4, %C[%i, %c4] : memref<?x12xf32>
        memref.store %t5, %C[%i, %c5] : memref<?x12xf32>
        memref.store %t6, %C[%i, %c6] : memref<?x12xf32>
        memref.store %t7, %C[%i, %c7] : memref<?x12xf32>
        memref.store %t8, %C[%i, %c8] : memref<?x12xf32>
        memref.store %t9, %C[%i, %c9] : memref<?x12xf32>
        memref.store %t10, %C[%i, %c10] : memref<?x12xf32>
        memref.store %t11, %C[%i, %c11] : memref<?x12xf32>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 256 : i64}
  return
}
