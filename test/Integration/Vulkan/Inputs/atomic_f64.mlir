// f64 atomic additions on vulkan, as compare-and-swap loops on the bits:
// column sums of X by blocks of 16 rows, added into S (a buffer every block
// adds to) and, through a shared row tile R that the block's threads add
// to and then read, into T. S and T start from their inputs.
func.func @colsum(%X: memref<?x32xf64>, %S: memref<32xf64>, %T: memref<32xf64>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %zero = arith.constant 0.0 : f64
  %M = memref.dim %X, %c0 : memref<?x32xf64>
  %g = arith.ceildivui %M, %c16 : index
  scf.forall (%b) in (%g) {
    %t = "tile.alloc"() : () -> memref<16x32xf64, #tile.fragment>
    %c = "tile.alloc"() : () -> memref<32xf64, #tile.fragment>
    %r = "tile.alloc"() : () -> memref<32xf64, #gpu.address_space<workgroup>>
    %m0 = arith.muli %b, %c16 : index
    "tile.copy"(%X, %t, %m0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
        : (memref<?x32xf64>, memref<16x32xf64, #tile.fragment>, index, index) -> ()
    "tile.reduce"(%t, %c) {kind = "sum", dim = 0 : i64}
        : (memref<16x32xf64, #tile.fragment>, memref<32xf64, #tile.fragment>) -> ()
    "tile.atomic_add"(%c, %S, %c0) {operandSegmentSizes = array<i32: 1, 1, 1>}
        : (memref<32xf64, #tile.fragment>, memref<32xf64>, index) -> ()
    "tile.fill"(%r, %zero) : (memref<32xf64, #gpu.address_space<workgroup>>, f64) -> ()
    "tile.atomic_add"(%c, %r, %c0) {operandSegmentSizes = array<i32: 1, 1, 1>}
        : (memref<32xf64, #tile.fragment>, memref<32xf64, #gpu.address_space<workgroup>>, index) -> ()
    "tile.atomic_add"(%r, %T, %c0) {operandSegmentSizes = array<i32: 1, 1, 1>}
        : (memref<32xf64, #gpu.address_space<workgroup>>, memref<32xf64>, index) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @colsum_ref(%X: memref<?x32xf64>, %S: memref<32xf64>, %T: memref<32xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %M = memref.dim %X, %c0 : memref<?x32xf64>
  scf.for %j = %c0 to %c32 step %c1 {
    %s0 = memref.load %S[%j] : memref<32xf64>
    %t0 = memref.load %T[%j] : memref<32xf64>
    %s = scf.for %i = %c0 to %M step %c1 iter_args(%a = %s0) -> (f64) {
      %x = memref.load %X[%i, %j] : memref<?x32xf64>
      %n = arith.addf %a, %x : f64
      scf.yield %n : f64
    }
    %sum = arith.subf %s, %s0 : f64
    %t = arith.addf %t0, %sum : f64
    memref.store %s, %S[%j] : memref<32xf64>
    memref.store %t, %T[%j] : memref<32xf64>
  }
  return
}

// Every thread of every block adds 1.0 to count[0] and its thread's
// number to count[1 + t % 8]: whole numbers, exact in f64, so a lost
// update fails the check.
func.func @count(%C: memref<9xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %one = arith.constant 1.0 : f64
  scf.forall (%b) in (40) {
    scf.forall (%t) in (128) {
      %o = memref.atomic_rmw addf %one, %C[%c0] : (f64, memref<9xf64>) -> f64
      %k = arith.remui %t, %c8 : index
      %at = arith.addi %k, %c1 : index
      %ti = arith.index_cast %t : index to i64
      %tf = arith.sitofp %ti : i64 to f64
      %p = memref.atomic_rmw addf %tf, %C[%at] : (f64, memref<9xf64>) -> f64
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @count_ref(%C: memref<9xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c128 = arith.constant 128 : index
  %blocks = arith.constant 40.0 : f64
  %one = arith.constant 1.0 : f64
  scf.for %t = %c0 to %c128 step %c1 {
    %c = memref.load %C[%c0] : memref<9xf64>
    %n = arith.addf %c, %blocks : f64
    memref.store %n, %C[%c0] : memref<9xf64>
    %k = arith.remui %t, %c8 : index
    %at = arith.addi %k, %c1 : index
    %ti = arith.index_cast %t : index to i64
    %tf = arith.sitofp %ti : i64 to f64
    %add = arith.mulf %tf, %blocks : f64
    %v = memref.load %C[%at] : memref<9xf64>
    %w = arith.addf %v, %add : f64
    memref.store %w, %C[%at] : memref<9xf64>
  }
  return
}
