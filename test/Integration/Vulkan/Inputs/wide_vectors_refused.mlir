// Ops on vectors that tile-vulkan-unroll-vectors does not cut (the
// contraction of constants is cut into rows).
func.func @k(%A: memref<256xf32>) {
  scf.forall (%b) in (1) {
    scf.forall (%i) in (32) {
      %c8 = arith.constant 8 : index
      %j = arith.muli %i, %c8 : index
      %x = vector.load %A[%j] : memref<256xf32>, vector<8xf32>
      %m = vector.extract_strided_slice %x {offsets = [2], sizes = [4], strides = [1]} : vector<8xf32> to vector<4xf32>
      %s = arith.constant dense<1.0> : vector<2x4xf32>
      %acc = arith.constant dense<0.0> : vector<2x2xf32>
      %c = vector.contract {indexing_maps = [affine_map<(i,j,k) -> (i,k)>, affine_map<(i,j,k) -> (j,k)>, affine_map<(i,j,k) -> (i,j)>], iterator_types = ["parallel","parallel","reduction"], kind = #vector.kind<add>} %s, %s, %acc : vector<2x4xf32>, vector<2x4xf32> into vector<2x2xf32>
      %r = vector.shape_cast %c : vector<2x2xf32> to vector<4xf32>
      %e = vector.extract %m[0] : f32 from vector<4xf32>
      %cube = vector.broadcast %e : f32 to vector<2x2x2xf32>
      %ex = math.exp %cube : vector<2x2x2xf32>
      %q = vector.extract %ex[1, 1] : vector<2xf32> from vector<2x2x2xf32>
      %q0 = vector.extract %q[0] : f32 from vector<2xf32>
      %qv = vector.broadcast %q0 : f32 to vector<4xf32>
      %y = arith.addf %m, %r : vector<4xf32>
      %z = arith.addf %y, %qv : vector<4xf32>
      vector.store %z, %A[%j] : memref<256xf32>, vector<4xf32>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 32 : i64}
  return
}
