// A thread's own arrays (memref.alloca in a thread-parallel loop) and
// memref.copy in device code: between two arrays, and from a strided view
// of a global buffer. @rows writes B[i, j] = A[i, 2 j] + A[i, 2 j] for the
// first 4 columns, through a view with stride 2; @ref does it with loops.
func.func @rows(%A: memref<?x8xf32>, %B: memref<?x4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %m = memref.dim %A, %c0 : memref<?x8xf32>
  scf.forall (%b) in (%c1) {
    scf.parallel (%i) = (%c0) to (%m) step (%c1) {
      %row = memref.alloca() : memref<4xf32>
      %twice = memref.alloca() : memref<4xf32>
      %view = memref.subview %A[%i, 0] [1, 4] [1, 2] : memref<?x8xf32> to memref<4xf32, strided<[2], offset: ?>>
      memref.copy %view, %row : memref<4xf32, strided<[2], offset: ?>> to memref<4xf32>
      scf.for %j = %c0 to %c4 step %c1 {
        %v = memref.load %row[%j] : memref<4xf32>
        %w = arith.addf %v, %v : f32
        memref.store %w, %row[%j] : memref<4xf32>
      }
      memref.copy %row, %twice : memref<4xf32> to memref<4xf32>
      %out = memref.subview %B[%i, 0] [1, 4] [1, 1] : memref<?x4xf32> to memref<4xf32, strided<[1], offset: ?>>
      memref.copy %twice, %out : memref<4xf32> to memref<4xf32, strided<[1], offset: ?>>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 32 : i64}
  return
}
func.func @ref(%A: memref<?x8xf32>, %B: memref<?x4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %m = memref.dim %A, %c0 : memref<?x8xf32>
  scf.for %i = %c0 to %m step %c1 {
    scf.for %j = %c0 to %c4 step %c1 {
      %k = arith.muli %j, %c2 : index
      %v = memref.load %A[%i, %k] : memref<?x8xf32>
      %w = arith.addf %v, %v : f32
      memref.store %w, %B[%i, %j] : memref<?x4xf32>
    }
  }
  return
}
// Views made in a kernel: A (64) seen as 8 x 8, its odd columns 1, 3, 5,
// 7 as a strided 8 x 4 view; B (8 x 8) seen flat. @views writes
// B[0, i] = A[8 i + 3] for i < 8; @views_ref does it with loops.
func.func @views(%A: memref<64xf32>, %B: memref<8x8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  scf.forall (%b) in (%c1) {
    %e = memref.expand_shape %A [[0, 1]] output_shape [8, 8] : memref<64xf32> into memref<8x8xf32>
    %c = memref.collapse_shape %B [[0, 1]] : memref<8x8xf32> into memref<64xf32>
    %s = memref.subview %e[0, 1] [8, 4] [1, 2] : memref<8x8xf32> to memref<8x4xf32, strided<[8, 2], offset: 1>>
    scf.parallel (%i) = (%c0) to (%c8) step (%c1) {
      %v = memref.load %s[%i, %c1] : memref<8x4xf32, strided<[8, 2], offset: 1>>
      memref.store %v, %c[%i] : memref<64xf32>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 32 : i64}
  return
}
func.func @views_ref(%A: memref<64xf32>, %B: memref<8x8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c8 = arith.constant 8 : index
  scf.for %i = %c0 to %c8 step %c1 {
    %r = arith.muli %i, %c8 : index
    %k = arith.addi %r, %c3 : index
    %v = memref.load %A[%k] : memref<64xf32>
    memref.store %v, %B[%c0, %i] : memref<8x8xf32>
  }
  return
}
