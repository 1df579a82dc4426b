// tile-cuda-limits on its own: grid bounds given as constant operands.
// RUN: tile-opt --verify-diagnostics --tile-cuda-limits=chip=sm_75 %s -o /dev/null

// Grid bounds that are constants count, whatever their form; dynamic ones
// are the runtime's to check.
func.func @grid_bounds(%n: index) {
  %lb = arith.constant 1 : index
  %ub = arith.constant 200001 : index
  // expected-error-re @+1 {{'scf.forall' op kernel grid has 100000 blocks along y; cuda:sm_75 launches at most 65535}}
  scf.forall (%i, %j) = (%lb, 0) to (%ub, %n) step (2, 1) {
  } {mapping = [#gpu.block<y>, #gpu.block<x>], tile.threads = 32 : i64}
  return
}
