// Buffers of i1 (one byte each on the host, 0 or 1): for element i of n,
//   P[i] = X[i] > 0, Q[i] = Q[i] xor P[i] (read, then written),
//   R[i] = P[i] and not Q[i] by vectors of 4 (read back from the buffers),
//   S[i] = P[i] through a thread's own array of i1 (memref.alloca),
//   T[i] = Q[i] (its new value) read back from the buffer.
// (Tiles of i1 are no tile type: tile.alloc refuses them on every target.)
func.func @bools(%X: memref<?xf32>, %P: memref<?xi1>, %Q: memref<?xi1>,
                 %R: memref<?xi1>, %S: memref<?xi1>, %T: memref<?xi1>) {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %c63 = arith.constant 63 : index
  %c64 = arith.constant 64 : index
  %zero = arith.constant 0.0 : f32
  %true = arith.constant true
  %n = memref.dim %X, %c0 : memref<?xf32>
  %blocks = arith.ceildivui %n, %c64 : index
  scf.forall (%b) in (%blocks) {
    %base = arith.muli %b, %c64 : index
    scf.forall (%t) in (64) {
      %i = arith.addi %base, %t : index
      %p = memref.load %X[%i] : memref<?xf32>
      %pos = arith.cmpf ogt, %p, %zero : f32
      memref.store %pos, %P[%i] : memref<?xi1>
      %a = memref.alloca() : memref<4xi1>
      memref.store %pos, %a[%c3] : memref<4xi1>
      %back = memref.load %a[%c3] : memref<4xi1>
      memref.store %back, %S[%i] : memref<?xi1>
      %q = memref.load %Q[%i] : memref<?xi1>
      %nq = arith.xori %q, %pos : i1
      memref.store %nq, %Q[%i] : memref<?xi1>
    }
    scf.forall (%t) in (64) {
      %i = arith.addi %base, %t : index
      %nq = memref.load %Q[%i] : memref<?xi1>
      memref.store %nq, %T[%i] : memref<?xi1>
      %lane = arith.andi %t, %c3 : index
      %first = arith.cmpi eq, %lane, %c0 : index
      scf.if %first {
        %pv = vector.load %P[%i] : memref<?xi1>, vector<4xi1>
        %qv = vector.load %Q[%i] : memref<?xi1>, vector<4xi1>
        %ones = vector.broadcast %true : i1 to vector<4xi1>
        %nqv = arith.xori %qv, %ones : vector<4xi1>
        %rv = arith.andi %pv, %nqv : vector<4xi1>
        vector.store %rv, %R[%i] : memref<?xi1>, vector<4xi1>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @bools_ref(%X: memref<?xf32>, %P: memref<?xi1>, %Q: memref<?xi1>,
                     %R: memref<?xi1>, %S: memref<?xi1>, %T: memref<?xi1>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c63 = arith.constant 63 : index
  %c64 = arith.constant 64 : index
  %zero = arith.constant 0.0 : f32
  %true = arith.constant true
  %n = memref.dim %X, %c0 : memref<?xf32>
  scf.for %i = %c0 to %n step %c1 {
    %p = memref.load %X[%i] : memref<?xf32>
    %pos = arith.cmpf ogt, %p, %zero : f32
    memref.store %pos, %P[%i] : memref<?xi1>
    %q = memref.load %Q[%i] : memref<?xi1>
    %nq = arith.xori %q, %pos : i1
    memref.store %nq, %Q[%i] : memref<?xi1>
    memref.store %nq, %T[%i] : memref<?xi1>
    %notq = arith.xori %nq, %true : i1
    %r = arith.andi %pos, %notq : i1
    memref.store %r, %R[%i] : memref<?xi1>
    memref.store %pos, %S[%i] : memref<?xi1>
  }
  return
}
