// Thread t writes 4 elements of a shared tile with vector.store, then reads
// the next thread's 4 with vector.load: a barrier must come in between.
func.func @shift(%X: memref<256xf32>, %Y: memref<256xf32>) {
  scf.forall (%b) in (1) {
    %S = "tile.alloc"() : () -> memref<256xf32, #gpu.address_space<workgroup>>
    scf.forall (%t) in (64) {
      %c4 = arith.constant 4 : index
      %i = arith.muli %t, %c4 : index
      %v = vector.load %X[%i] : memref<256xf32>, vector<4xf32>
      vector.store %v, %S[%i] : memref<256xf32, #gpu.address_space<workgroup>>, vector<4xf32>
    }
    scf.forall (%t) in (64) {
      %c4 = arith.constant 4 : index
      %c1 = arith.constant 1 : index
      %c64 = arith.constant 64 : index
      %n = arith.addi %t, %c1 : index
      %w = arith.remui %n, %c64 : index
      %j = arith.muli %w, %c4 : index
      %i = arith.muli %t, %c4 : index
      %v = vector.load %S[%j] : memref<256xf32, #gpu.address_space<workgroup>>, vector<4xf32>
      vector.store %v, %Y[%i] : memref<256xf32>, vector<4xf32>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}
