// A masked transfer of 8 lanes in a vulkan kernel (vector-memory.mlir).
func.func @k(%A: memref<64x64xf32>, %B: memref<64x64xf32>) {
  scf.forall (%bk) in (1) {
    scf.forall (%i) in (32) {
      %p = memref.load %A[%i, %i] : memref<64x64xf32>
      %c3 = arith.constant 3 : index
      %m = vector.create_mask %c3 : vector<8xi1>
      %v = vector.transfer_read %A[%i, %i], %p, %m : memref<64x64xf32>, vector<8xf32>
      vector.transfer_write %v, %B[%i, %i], %m : vector<8xf32>, memref<64x64xf32>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 32 : i64}
  return
}
