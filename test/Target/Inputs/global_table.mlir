// A constant table (memref.global) that a kernel reads; @ref computes the
// same values, 1 + i mod 4, with arithmetic.
memref.global "private" constant @table : memref<4xf32> = dense<[1.0, 2.0, 3.0, 4.0]>
func.func @k(%B: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %n = memref.dim %B, %c0 : memref<?xf32>
  scf.forall (%b) in (%c1) {
    %t = memref.get_global @table : memref<4xf32>
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %j = arith.remui %i, %c4 : index
      %v = memref.load %t[%j] : memref<4xf32>
      memref.store %v, %B[%i] : memref<?xf32>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 32 : i64}
  return
}
func.func @ref(%B: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %one = arith.constant 1.0 : f32
  %n = memref.dim %B, %c0 : memref<?xf32>
  scf.for %i = %c0 to %n step %c1 {
    %j = arith.remui %i, %c4 : index
    %ji = arith.index_cast %j : index to i32
    %f = arith.sitofp %ji : i32 to f32
    %v = arith.addf %f, %one : f32
    memref.store %v, %B[%i] : memref<?xf32>
  }
  return
}
