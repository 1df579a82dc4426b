// The i64 twin of atomic_colsum.mlir: 64-bit atomics need Int64Atomics.
// Integer column sums of X[M, 16] accumulated with atomics: every block
// reduces 32 rows in a fragment and atomically adds the column vector into
// out (global); a shared tile adds the first row of the block's rows into
// firsts (global, through shared memory), and a local tile on every thread
// adds one to count[0] per thread.
func.func @atomic_colsum(%X: memref<?x16xi64>, %out: memref<16xi64>,
                         %firsts: memref<16xi64>, %count: memref<1xi64>) {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %one = arith.constant 1 : i64
  %M = memref.dim %X, %c0 : memref<?x16xi64>
  %grid = arith.ceildivui %M, %c32 : index
  scf.forall (%b) in (%grid) {
    %t = "tile.alloc"() : () -> memref<32x16xi64, #tile.fragment>
    %cols = "tile.alloc"() : () -> memref<16xi64, #tile.fragment>
    %first = "tile.alloc"() : () -> memref<16xi64, #gpu.address_space<workgroup>>
    %mine = "tile.alloc"() : () -> memref<1xi64, #gpu.address_space<private>>
    %m0 = arith.muli %b, %c32 : index
    "tile.copy"(%X, %t, %m0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
        : (memref<?x16xi64>, memref<32x16xi64, #tile.fragment>, index, index) -> ()
    "tile.reduce"(%t, %cols) {kind = "sum", dim = 0 : i64}
        : (memref<32x16xi64, #tile.fragment>, memref<16xi64, #tile.fragment>) -> ()
    "tile.atomic_add"(%cols, %out, %c0)
        : (memref<16xi64, #tile.fragment>, memref<16xi64>, index) -> ()
    "tile.copy"(%X, %first, %m0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
        : (memref<?x16xi64>, memref<16xi64, #gpu.address_space<workgroup>>, index, index) -> ()
    "tile.atomic_add"(%first, %firsts, %c0)
        : (memref<16xi64, #gpu.address_space<workgroup>>, memref<16xi64>, index) -> ()
    "tile.fill"(%mine, %one) : (memref<1xi64, #gpu.address_space<private>>, i64) -> ()
    "tile.atomic_add"(%mine, %count, %c0)
        : (memref<1xi64, #gpu.address_space<private>>, memref<1xi64>, index) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @atomic_colsum_ref(%X: memref<?x16xi64>, %out: memref<16xi64>,
                             %firsts: memref<16xi64>, %count: memref<1xi64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %M = memref.dim %X, %c0 : memref<?x16xi64>
  scf.for %i = %c0 to %M step %c1 {
    %r = arith.remui %i, %c32 : index
    %is_first = arith.cmpi eq, %r, %c0 : index
    scf.for %j = %c0 to %c16 step %c1 {
      %x = memref.load %X[%i, %j] : memref<?x16xi64>
      %o = memref.load %out[%j] : memref<16xi64>
      %o2 = arith.addi %o, %x : i64
      memref.store %o2, %out[%j] : memref<16xi64>
      scf.if %is_first {
        %f = memref.load %firsts[%j] : memref<16xi64>
        %f2 = arith.addi %f, %x : i64
        memref.store %f2, %firsts[%j] : memref<16xi64>
      }
    }
  }
  %grid = arith.ceildivui %M, %c32 : index
  %threads = arith.muli %grid, %c32 : index
  %t2 = arith.addi %threads, %threads : index
  %n = arith.index_cast %t2 : index to i64
  %c = memref.load %count[%c0] : memref<1xi64>
  %c2 = arith.addi %c, %n : i64
  memref.store %c2, %count[%c0] : memref<1xi64>
  return
}
