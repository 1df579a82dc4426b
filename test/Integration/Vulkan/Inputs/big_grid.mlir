// One element per block of 32 threads: 70000 blocks exceed lavapipe's (and
// many GPUs') 65535 work groups per dimension, so the runtime dispatches
// the grid in slices.
func.func @big_grid(%A: memref<?xf32>, %B: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %two = arith.constant 2.0 : f32
  %N = memref.dim %A, %c0 : memref<?xf32>
  scf.forall (%b) in (%N) {
    scf.forall (%i) in (1) {
      %x = memref.load %A[%b] : memref<?xf32>
      %y = arith.mulf %x, %two : f32
      memref.store %y, %B[%b] : memref<?xf32>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 32 : i64}
  return
}

func.func @big_grid_ref(%A: memref<?xf32>, %B: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %two = arith.constant 2.0 : f32
  %N = memref.dim %A, %c0 : memref<?xf32>
  scf.for %i = %c0 to %N step %c1 {
    %x = memref.load %A[%i] : memref<?xf32>
    %y = arith.mulf %x, %two : f32
    memref.store %y, %B[%i] : memref<?xf32>
  }
  return
}
