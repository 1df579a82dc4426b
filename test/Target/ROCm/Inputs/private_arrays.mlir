// Each thread copies 64 values into an array of its own and reads one back
// at an index known only at run time.
func.func @indexed(%A: memref<256xf32>, %C: memref<256xf32>) {
  scf.forall (%bk) in (2) {
    scf.forall (%th) in (128) {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c64 = arith.constant 64 : index
      %c128 = arith.constant 128 : index
      %base = arith.muli %bk, %c128 : index
      %i = arith.addi %base, %th : index
      %m = memref.alloca() : memref<64xf32>
      scf.for %j = %c0 to %c64 step %c1 {
        %v = memref.load %A[%j] : memref<256xf32>
        memref.store %v, %m[%j] : memref<64xf32>
      }
      %p = arith.remui %i, %c64 : index
      %r = memref.load %m[%p] : memref<64xf32>
      memref.store %r, %C[%i] : memref<256xf32>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 128 : i64}
  return
}

// The first three lanes of an 8-lane array take the thread's value through a
// masked transfer_write; the sum of the array is stored.
func.func @masked(%A: memref<256xf32>, %C: memref<256xf32>) {
  scf.forall (%bk) in (2) {
    scf.forall (%th) in (128) {
      %c0 = arith.constant 0 : index
      %c3 = arith.constant 3 : index
      %c128 = arith.constant 128 : index
      %base = arith.muli %bk, %c128 : index
      %i = arith.addi %base, %th : index
      %x = memref.load %A[%i] : memref<256xf32>
      %m = memref.alloca() : memref<8xf32>
      %zero = arith.constant dense<0.0> : vector<8xf32>
      vector.store %zero, %m[%c0] : memref<8xf32>, vector<8xf32>
      %w = vector.broadcast %x : f32 to vector<8xf32>
      %mask = vector.create_mask %c3 : vector<8xi1>
      vector.transfer_write %w, %m[%c0], %mask : vector<8xf32>, memref<8xf32>
      %v = vector.load %m[%c0] : memref<8xf32>, vector<8xf32>
      %r = vector.reduction <add>, %v : vector<8xf32> into f32
      memref.store %r, %C[%i] : memref<256xf32>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 128 : i64}
  return
}
