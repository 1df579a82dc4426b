// A kernel calls a function of the input whose name begins like the C
// wrappers convert-gpu-to-nvvm makes (`_mlir_ciface_`): it is the input's
// and stays; its own generated twin goes.
func.func @_mlir_ciface_helper(%A: memref<?xf32>, %i: index) {
  %one = arith.constant 1.0 : f32
  memref.store %one, %A[%i] : memref<?xf32>
  return
}

func.func @k(%A: memref<?xf32>) {
  %c4 = arith.constant 4 : index
  scf.forall (%b) in (%c4) {
    func.call @_mlir_ciface_helper(%A, %b) : (memref<?xf32>, index) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 32 : i64}
  return
}
