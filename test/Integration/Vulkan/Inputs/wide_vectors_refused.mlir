// Ops on wide vectors that tile-vulkan-unroll-vectors does not cut.
func.func @k(%A: memref<256xf32>) {
  scf.forall (%b) in (1) {
    scf.forall (%i) in (32) {
      %c8 = arith.constant 8 : index
      %j = arith.muli %i, %c8 : index
      %x = vector.load %A[%j] : memref<256xf32>, vector<8xf32>
      %s = vector.shuffle %x, %x [1, 0, 3, 2, 5, 4, 7, 6] : vector<8xf32>, vector<8xf32>
      %y = arith.addf %s, %x : vector<8xf32>
      %k = arith.remui %i, %c8 : index
      %e = vector.extract %y[%k] : f32 from vector<8xf32>
      %z = vector.broadcast %e : f32 to vector<8xf32>
      vector.store %z, %A[%j] : memref<256xf32>, vector<8xf32>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 32 : i64}
  return
}
