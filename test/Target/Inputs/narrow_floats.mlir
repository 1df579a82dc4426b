// f8 values: moved (loaded, stored, bitcast to i8) in @moves, computed
// with in @adds and converted in @converts.
func.func @moves(%A: memref<?xf8E4M3FN>, %B: memref<?xf8E4M3FN>, %C: memref<?xi8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %A, %c0 : memref<?xf8E4M3FN>
  scf.for %i = %c0 to %n step %c1 {
    %v = memref.load %A[%i] : memref<?xf8E4M3FN>
    memref.store %v, %B[%i] : memref<?xf8E4M3FN>
    %b = arith.bitcast %v : f8E4M3FN to i8
    memref.store %b, %C[%i] : memref<?xi8>
  }
  return
}
func.func @adds(%A: memref<?xf8E4M3FN>) {
  %c0 = arith.constant 0 : index
  %v = memref.load %A[%c0] : memref<?xf8E4M3FN>
  %w = arith.addf %v, %v : f8E4M3FN
  memref.store %w, %A[%c0] : memref<?xf8E4M3FN>
  return
}
func.func @converts(%A: memref<?xf32>, %T: memref<?xtf32>) {
  %c0 = arith.constant 0 : index
  %v = memref.load %A[%c0] : memref<?xf32>
  %t = arith.truncf %v : f32 to tf32
  memref.store %t, %T[%c0] : memref<?xtf32>
  return
}
