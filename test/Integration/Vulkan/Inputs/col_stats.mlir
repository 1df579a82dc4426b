// Column statistics of X[M, N]: colmin[j] = min_i X[i, j], colabs[j] =
// max_i |X[i, j]|, and partial[b] = the sum of every element in block b's
// 64 columns. Blocks own 64 columns and walk the rows in tiles of 32: column
// reductions of a grid fragment (across the threads of a grid column), a
// reduction of a column vector to a rank-0 fragment, and running results
// kept with clear = false.
func.func @col_stats(%X: memref<?x?xf32>, %colmin: memref<?xf32>,
                     %colabs: memref<?xf32>, %partial: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %zero = arith.constant 0.0 : f32
  %inf = arith.constant 0x7F800000 : f32
  %M = memref.dim %X, %c0 : memref<?x?xf32>
  %N = memref.dim %X, %c1 : memref<?x?xf32>
  %grid = arith.ceildivui %N, %c64 : index
  %row_tiles = arith.ceildivui %M, %c32 : index
  scf.forall (%b) in (%grid) {
    %t = "tile.alloc"() : () -> memref<32x64xf32, #tile.fragment>
    %t_min = "tile.alloc"() : () -> memref<32x64xf32, #tile.fragment>
    %cmin = "tile.alloc"() : () -> memref<64xf32, #tile.fragment>
    %cabs = "tile.alloc"() : () -> memref<64xf32, #tile.fragment>
    %csum = "tile.alloc"() : () -> memref<64xf32, #tile.fragment>
    %sum = "tile.alloc"() : () -> memref<f32, #tile.fragment>
    "tile.fill"(%cmin, %inf) : (memref<64xf32, #tile.fragment>, f32) -> ()
    "tile.fill"(%cabs, %zero) : (memref<64xf32, #tile.fragment>, f32) -> ()
    "tile.fill"(%sum, %zero) : (memref<f32, #tile.fragment>, f32) -> ()
    %n0 = arith.muli %b, %c64 : index
    scf.for %r = %c0 to %row_tiles step %c1 {
      %m0 = arith.muli %r, %c32 : index
      "tile.copy"(%X, %t, %m0, %n0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
          : (memref<?x?xf32>, memref<32x64xf32, #tile.fragment>, index, index) -> ()
      "tile.copy"(%X, %t_min, %m0, %n0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>, pad = 0x7F800000 : f32}
          : (memref<?x?xf32>, memref<32x64xf32, #tile.fragment>, index, index) -> ()
      "tile.reduce"(%t_min, %cmin) {kind = "min", dim = 0 : i64, clear = false}
          : (memref<32x64xf32, #tile.fragment>, memref<64xf32, #tile.fragment>) -> ()
      "tile.reduce"(%t, %cabs) {kind = "absmax", dim = 0 : i64, clear = false}
          : (memref<32x64xf32, #tile.fragment>, memref<64xf32, #tile.fragment>) -> ()
      "tile.reduce"(%t, %csum) {kind = "sum", dim = 0 : i64}
          : (memref<32x64xf32, #tile.fragment>, memref<64xf32, #tile.fragment>) -> ()
      "tile.reduce"(%csum, %sum) {kind = "sum", dim = 0 : i64, clear = false}
          : (memref<64xf32, #tile.fragment>, memref<f32, #tile.fragment>) -> ()
    }
    "tile.copy"(%cmin, %colmin, %n0) {operandSegmentSizes = array<i32: 1, 1, 0, 1>}
        : (memref<64xf32, #tile.fragment>, memref<?xf32>, index) -> ()
    "tile.copy"(%cabs, %colabs, %n0) {operandSegmentSizes = array<i32: 1, 1, 0, 1>}
        : (memref<64xf32, #tile.fragment>, memref<?xf32>, index) -> ()
    "tile.copy"(%sum, %partial, %b) {operandSegmentSizes = array<i32: 1, 1, 0, 1>}
        : (memref<f32, #tile.fragment>, memref<?xf32>, index) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 128 : i64}
  return
}

func.func @col_stats_ref(%X: memref<?x?xf32>, %colmin: memref<?xf32>,
                         %colabs: memref<?xf32>, %partial: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %zero = arith.constant 0.0 : f32
  %inf = arith.constant 0x7F800000 : f32
  %M = memref.dim %X, %c0 : memref<?x?xf32>
  %N = memref.dim %X, %c1 : memref<?x?xf32>
  %G = memref.dim %partial, %c0 : memref<?xf32>
  scf.for %g = %c0 to %G step %c1 {
    memref.store %zero, %partial[%g] : memref<?xf32>
  }
  scf.for %j = %c0 to %N step %c1 {
    %mn, %ab, %s = scf.for %i = %c0 to %M step %c1
        iter_args(%a = %inf, %b = %zero, %c = %zero) -> (f32, f32, f32) {
      %x = memref.load %X[%i, %j] : memref<?x?xf32>
      %a2 = arith.minimumf %a, %x : f32
      %ax = math.absf %x : f32
      %b2 = arith.maximumf %b, %ax : f32
      %c2 = arith.addf %c, %x : f32
      scf.yield %a2, %b2, %c2 : f32, f32, f32
    }
    memref.store %mn, %colmin[%j] : memref<?xf32>
    memref.store %ab, %colabs[%j] : memref<?xf32>
    %g = arith.divui %j, %c64 : index
    %p = memref.load %partial[%g] : memref<?xf32>
    %p2 = arith.addf %p, %s : f32
    memref.store %p2, %partial[%g] : memref<?xf32>
  }
  return
}
