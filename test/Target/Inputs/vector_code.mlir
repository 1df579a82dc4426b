// Vector code in a kernel and in host code around it: a transpose through
// shape_cast (the vector lowering fills the lanes of a ub.poison) and a
// contraction.
func.func @k(%A: memref<?xf32>, %C: memref<?xf32>) {
  %c4 = arith.constant 4 : index
  %c64 = arith.constant 64 : index
  scf.forall (%b) in (4) {
    %base = arith.muli %b, %c64 : index
    scf.forall (%i) in (16) {
      %idx = arith.addi %base, %i : index
      %idx4 = arith.muli %idx, %c4 : index
      %v = vector.load %A[%idx4] : memref<?xf32>, vector<4xf32>
      %s = vector.shape_cast %v : vector<4xf32> to vector<2x2xf32>
      %z = arith.constant dense<0.0> : vector<2x2xf32>
      %m = vector.contract {indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %s, %s, %z : vector<2x2xf32>, vector<2x2xf32> into vector<2x2xf32>
      %t = vector.transpose %m, [1, 0] : vector<2x2xf32> to vector<2x2xf32>
      %w = vector.shape_cast %t : vector<2x2xf32> to vector<4xf32>
      vector.store %w, %C[%idx4] : memref<?xf32>, vector<4xf32>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 16 : i64}
  return
}

func.func @host(%a: vector<4xf32>) -> vector<4xf32> {
  %s = vector.shape_cast %a : vector<4xf32> to vector<2x2xf32>
  %t = vector.transpose %s, [1, 0] : vector<2x2xf32> to vector<2x2xf32>
  %w = vector.shape_cast %t : vector<2x2xf32> to vector<4xf32>
  return %w : vector<4xf32>
}
