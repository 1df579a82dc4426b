// Ops no target lowers, in host code and in a kernel.
func.func @host(%a: vector<4xf32>) {
  vector.print %a : vector<4xf32>
  return
}

func.func @k(%A: memref<?xf32>, %C: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  scf.forall (%b) in (4) {
    %v = vector.load %A[%c0] : memref<?xf32>, vector<4xf32>
    %z = arith.constant dense<0.0> : vector<f32>
    %s, %r = vector.scan <add>, %v, %z {inclusive = true, reduction_dim = 0} : vector<4xf32>, vector<f32>
    vector.store %s, %C[%c0] : memref<?xf32>, vector<4xf32>
  } {mapping = [#gpu.block<x>], tile.threads = 1 : i64}
  return
}
