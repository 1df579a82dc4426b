// Row-wise maximum and sum: rowmax[i] = max_j X[i, j], rowsum[i] = sum_j X[i, j].
//
// Each block owns 64 rows and walks the columns in tiles of 128, reducing
// every tile into running results (clear = false keeps what is there).
// Columns beyond N read as the pad value: -inf for the maximum, 0 for the sum.
func.func @row_max_sum(%X: memref<?x?xf32>, %rowmax: memref<?xf32>, %rowsum: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  %M = memref.dim %X, %c0 : memref<?x?xf32>
  %N = memref.dim %X, %c1 : memref<?x?xf32>
  %grid = arith.ceildivui %M, %c64 : index
  %n_tiles = arith.ceildivui %N, %c128 : index
  scf.forall (%b) in (%grid) {
    %tile_max = "tile.alloc"() : () -> memref<64x128xf32, #tile.fragment>
    %tile_sum = "tile.alloc"() : () -> memref<64x128xf32, #tile.fragment>
    %max = "tile.alloc"() : () -> memref<64xf32, #tile.fragment>
    %sum = "tile.alloc"() : () -> memref<64xf32, #tile.fragment>
    "tile.fill"(%max, %ninf) : (memref<64xf32, #tile.fragment>, f32) -> ()
    "tile.fill"(%sum, %zero) : (memref<64xf32, #tile.fragment>, f32) -> ()
    %m0 = arith.muli %b, %c64 : index
    scf.for %t = %c0 to %n_tiles step %c1 {
      %n0 = arith.muli %t, %c128 : index
      "tile.copy"(%X, %tile_max, %m0, %n0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>, pad = 0xFF800000 : f32}
          : (memref<?x?xf32>, memref<64x128xf32, #tile.fragment>, index, index) -> ()
      "tile.copy"(%X, %tile_sum, %m0, %n0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
          : (memref<?x?xf32>, memref<64x128xf32, #tile.fragment>, index, index) -> ()
      "tile.reduce"(%tile_max, %max) {kind = "max", dim = 1 : i64, clear = false}
          : (memref<64x128xf32, #tile.fragment>, memref<64xf32, #tile.fragment>) -> ()
      "tile.reduce"(%tile_sum, %sum) {kind = "sum", dim = 1 : i64, clear = false}
          : (memref<64x128xf32, #tile.fragment>, memref<64xf32, #tile.fragment>) -> ()
    }
    "tile.copy"(%max, %rowmax, %m0) {operandSegmentSizes = array<i32: 1, 1, 0, 1>}
        : (memref<64xf32, #tile.fragment>, memref<?xf32>, index) -> ()
    "tile.copy"(%sum, %rowsum, %m0) {operandSegmentSizes = array<i32: 1, 1, 0, 1>}
        : (memref<64xf32, #tile.fragment>, memref<?xf32>, index) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 128 : i64}
  return
}
