// A kernel, and host functions that compute with bf16 and round to it from
// f32, f64 and integers.
func.func @scale(%A: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %n = memref.dim %A, %c0 : memref<?xf32>
  %two = arith.constant 2.0 : f32
  scf.forall (%b) in (%n) {
    %x = memref.load %A[%b] : memref<?xf32>
    %y = arith.mulf %x, %two : f32
    memref.store %y, %A[%b] : memref<?xf32>
  } {mapping = [#gpu.block<x>], tile.threads = 1 : i64}
  return
}

func.func @host(%A: memref<?xf32>, %D: memref<?xf64>, %I: memref<?xi32>, %R: memref<?xbf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %A, %c0 : memref<?xf32>
  scf.for %i = %c0 to %n step %c1 {
    %a = memref.load %A[%i] : memref<?xf32>
    %d = memref.load %D[%i] : memref<?xf64>
    %k = memref.load %I[%i] : memref<?xi32>
    %ab = arith.truncf %a : f32 to bf16
    %db = arith.truncf %d : f64 to bf16
    %kb = arith.sitofp %k : i32 to bf16
    %s = arith.addf %ab, %db : bf16
    %t = arith.mulf %s, %kb : bf16
    memref.store %t, %R[%i] : memref<?xbf16>
  }
  return
}
