// Ops on wide vectors that tile-vulkan-unroll-vectors does not cut.
func.func @k(%A: memref<256xf32>) {
  scf.forall (%b) in (1) {
    scf.forall (%i) in (32) {
      %c8 = arith.constant 8 : index
      %j = arith.muli %i, %c8 : index
      %x = vector.load %A[%j] : memref<256xf32>, vector<8xf32>
      %m = vector.extract_strided_slice %x {offsets = [2], sizes = [4], strides = [1]} : vector<8xf32> to vector<4xf32>
      %s = vector.shape_cast %x : vector<8xf32> to vector<2x4xf32>
      %r = vector.extract %s[1] : vector<4xf32> from vector<2x4xf32>
      %y = arith.addf %m, %r : vector<4xf32>
      vector.store %y, %A[%j] : memref<256xf32>, vector<4xf32>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 32 : i64}
  return
}
