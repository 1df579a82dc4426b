// Kernels that call functions: nested calls, a call with two results, one
// whose function holds an scf.if, one called twice, and one that reads a
// global buffer of dynamic shape through its argument. @rows is the
// kernel; @rows_ref computes the same on the host.
func.func private @square(%x: f32) -> f32 {
  %y = arith.mulf %x, %x : f32
  return %y : f32
}
func.func @clamp(%x: f32, %lo: f32, %hi: f32) -> f32 {
  %below = arith.cmpf olt, %x, %lo : f32
  %r = scf.if %below -> f32 {
    scf.yield %lo : f32
  } else {
    %above = arith.cmpf ogt, %x, %hi : f32
    %m = arith.select %above, %hi, %x : f32
    scf.yield %m : f32
  }
  return %r : f32
}
func.func @both(%x: f32) -> (f32, f32) {
  %lo = arith.constant 0.1 : f32
  %hi = arith.constant 0.5 : f32
  %s = func.call @square(%x) : (f32) -> f32
  %c = func.call @clamp(%s, %lo, %hi) : (f32, f32, f32) -> f32
  return %s, %c : f32, f32
}
func.func @at(%M: memref<?x?xf32>, %i: index, %j: index) -> f32 {
  %v = memref.load %M[%i, %j] : memref<?x?xf32>
  return %v : f32
}
func.func @element(%A: memref<?x?xf32>, %i: index, %j: index) -> f32 {
  %a = func.call @at(%A, %i, %j) : (memref<?x?xf32>, index, index) -> f32
  %s, %c = func.call @both(%a) : (f32) -> (f32, f32)
  %t = func.call @square(%c) : (f32) -> f32
  %u = arith.addf %s, %t : f32
  return %u : f32
}
func.func @rows(%A: memref<?x?xf32>, %B: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = memref.dim %A, %c0 : memref<?x?xf32>
  %cols = memref.dim %A, %c1 : memref<?x?xf32>
  scf.forall (%i) in (%rows) {
    scf.parallel (%j) = (%c0) to (%cols) step (%c1) {
      %u = func.call @element(%A, %i, %j) : (memref<?x?xf32>, index, index) -> f32
      memref.store %u, %B[%i, %j] : memref<?x?xf32>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}
func.func @rows_ref(%A: memref<?x?xf32>, %B: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = memref.dim %A, %c0 : memref<?x?xf32>
  %cols = memref.dim %A, %c1 : memref<?x?xf32>
  scf.for %i = %c0 to %rows step %c1 {
    scf.for %j = %c0 to %cols step %c1 {
      %u = func.call @element(%A, %i, %j) : (memref<?x?xf32>, index, index) -> f32
      memref.store %u, %B[%i, %j] : memref<?x?xf32>
    }
  }
  return
}
