// Row sums, column maxima and block totals of X[M, 32] (element type ELT;
// ADD and MAX its add and max ops) by blocks of 16 rows and THREADS
// threads (ZERO is 0 of ELT), in subgroups of SUBGROUP (tile_vulkan.subgroup): a row
// reduction and a column reduction of a grid fragment, and a vector
// reduced to a rank-0 fragment, each combined across threads with
// subgroup shuffles where the threads share a subgroup.
// rowsum[i] = sum_j X[i, j]; colmax[b, j] = max over block b's rows of
// X[i, j]; total[b] = sum of block b's rows.
func.func @stats(%X: memref<?x32xELT>, %rowsum: memref<?xELT>,
                 %colmax: memref<?x32xELT>, %total: memref<?xELT>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %M = memref.dim %X, %c0 : memref<?x32xELT>
  %grid = arith.ceildivui %M, %c16 : index
  scf.forall (%b) in (%grid) {
    "tile_vulkan.subgroup"() {size = SUBGROUP : i64} : () -> ()
    %t = "tile.alloc"() : () -> memref<16x32xELT, #tile.fragment>
    %rows = "tile.alloc"() : () -> memref<16xELT, #tile.fragment>
    %cols = "tile.alloc"() : () -> memref<32xELT, #tile.fragment>
    %sum = "tile.alloc"() : () -> memref<ELT, #tile.fragment>
    %m0 = arith.muli %b, %c16 : index
    "tile.copy"(%X, %t, %m0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
        : (memref<?x32xELT>, memref<16x32xELT, #tile.fragment>, index, index) -> ()
    "tile.reduce"(%t, %rows) {kind = "sum", dim = 1 : i64}
        : (memref<16x32xELT, #tile.fragment>, memref<16xELT, #tile.fragment>) -> ()
    "tile.reduce"(%t, %cols) {kind = "max", dim = 0 : i64}
        : (memref<16x32xELT, #tile.fragment>, memref<32xELT, #tile.fragment>) -> ()
    "tile.reduce"(%rows, %sum) {kind = "sum", dim = 0 : i64}
        : (memref<16xELT, #tile.fragment>, memref<ELT, #tile.fragment>) -> ()
    "tile.copy"(%rows, %rowsum, %m0) {operandSegmentSizes = array<i32: 1, 1, 0, 1>}
        : (memref<16xELT, #tile.fragment>, memref<?xELT>, index) -> ()
    "tile.copy"(%cols, %colmax, %b, %c0) {operandSegmentSizes = array<i32: 1, 1, 0, 2>}
        : (memref<32xELT, #tile.fragment>, memref<?x32xELT>, index, index) -> ()
    "tile.copy"(%sum, %total, %b) {operandSegmentSizes = array<i32: 1, 1, 0, 1>}
        : (memref<ELT, #tile.fragment>, memref<?xELT>, index) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = THREADS : i64}
  return
}

// The reference: one pass over each row, in order.
func.func @stats_ref(%X: memref<?x32xELT>, %rowsum: memref<?xELT>,
                     %colmax: memref<?x32xELT>, %total: memref<?xELT>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %M = memref.dim %X, %c0 : memref<?x32xELT>
  %G = memref.dim %total, %c0 : memref<?xELT>
  scf.for %g = %c0 to %G step %c1 {
    %r0 = arith.muli %g, %c16 : index
    %r1 = arith.addi %r0, %c16 : index
    %end = arith.minui %r1, %M : index
    %zero = arith.constant ZERO : ELT
    %t = scf.for %i = %r0 to %end step %c1 iter_args(%acc = %zero) -> (ELT) {
      %s = scf.for %j = %c0 to %c32 step %c1 iter_args(%a = %zero) -> (ELT) {
        %x = memref.load %X[%i, %j] : memref<?x32xELT>
        %a2 = arith.ADD %a, %x : ELT
        scf.yield %a2 : ELT
      }
      memref.store %s, %rowsum[%i] : memref<?xELT>
      %acc2 = arith.ADD %acc, %s : ELT
      scf.yield %acc2 : ELT
    }
    memref.store %t, %total[%g] : memref<?xELT>
    scf.for %j = %c0 to %c32 step %c1 {
      %x0 = memref.load %X[%r0, %j] : memref<?x32xELT>
      %m = scf.for %i = %r0 to %end step %c1 iter_args(%a = %x0) -> (ELT) {
        %x = memref.load %X[%i, %j] : memref<?x32xELT>
        %a2 = arith.MAX %a, %x : ELT
        scf.yield %a2 : ELT
      }
      memref.store %m, %colmax[%g, %j] : memref<?x32xELT>
    }
  }
  return
}
