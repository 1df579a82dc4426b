// C = A + B on 1024 elements, statically shaped as the vulkan target wants
// it, and a plain loop reference for tile-run --check.
func.func @vector_add(%A: memref<1024xf32>, %B: memref<1024xf32>, %C: memref<1024xf32>) {
  scf.forall (%b) in (4) {
    %c256 = arith.constant 256 : index
    %base = arith.muli %b, %c256 : index
    scf.forall (%i) in (256) {
      %idx = arith.addi %base, %i : index
      %x = memref.load %A[%idx] : memref<1024xf32>
      %y = memref.load %B[%idx] : memref<1024xf32>
      %z = arith.addf %x, %y : f32
      memref.store %z, %C[%idx] : memref<1024xf32>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 128 : i64}
  return
}

func.func @vector_add_ref(%A: memref<1024xf32>, %B: memref<1024xf32>, %C: memref<1024xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c1024 = arith.constant 1024 : index
  scf.for %i = %c0 to %c1024 step %c1 {
    %x = memref.load %A[%i] : memref<1024xf32>
    %y = memref.load %B[%i] : memref<1024xf32>
    %z = arith.addf %x, %y : f32
    memref.store %z, %C[%i] : memref<1024xf32>
  }
  return
}
