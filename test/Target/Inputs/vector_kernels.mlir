// One-dimensional vector code in a kernel on buffers of dynamic shape:
// each thread loads 4 elements of A as a vector, stores fma(v, v, v) in
// reverse order to C and the sum of v to D.
func.func @vec(%A: memref<?xf32>, %C: memref<?xf32>, %D: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c64 = arith.constant 64 : index
  %N = memref.dim %D, %c0 : memref<?xf32>
  %blocks = arith.ceildivui %N, %c64 : index
  scf.forall (%b) in (%blocks) {
    %base = arith.muli %b, %c64 : index
    scf.forall (%i) in (64) {
      %idx = arith.addi %base, %i : index
      %inside = arith.cmpi ult, %idx, %N : index
      scf.if %inside {
        %idx4 = arith.muli %idx, %c4 : index
        %v = vector.load %A[%idx4] : memref<?xf32>, vector<4xf32>
        %w = vector.fma %v, %v, %v : vector<4xf32>
        %s = vector.shuffle %w, %w [3, 2, 1, 0] : vector<4xf32>, vector<4xf32>
        vector.store %s, %C[%idx4] : memref<?xf32>, vector<4xf32>
        %r = vector.reduction <add>, %v : vector<4xf32> into f32
        memref.store %r, %D[%idx] : memref<?xf32>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @vec_ref(%A: memref<?xf32>, %C: memref<?xf32>, %D: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %zero = arith.constant 0.0 : f32
  %N = memref.dim %D, %c0 : memref<?xf32>
  scf.for %idx = %c0 to %N step %c1 {
    %idx4 = arith.muli %idx, %c4 : index
    %sum = scf.for %k = %c0 to %c4 step %c1 iter_args(%acc = %zero) -> (f32) {
      %at = arith.addi %idx4, %k : index
      %x = memref.load %A[%at] : memref<?xf32>
      %f = math.fma %x, %x, %x : f32
      %rk = arith.subi %c3, %k : index
      %to = arith.addi %idx4, %rk : index
      memref.store %f, %C[%to] : memref<?xf32>
      %n = arith.addf %acc, %x : f32
      scf.yield %n : f32
    }
    memref.store %sum, %D[%idx] : memref<?xf32>
  }
  return
}
