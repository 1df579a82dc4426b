// Row-wise maximum and sum: rowmax[i] = max_j X[i, j], rowsum[i] = sum_j X[i, j].
//
// Each block owns 64 rows and walks the columns in tiles of 128, reducing
// every tile into running results (clear = false keeps what is there).
// Columns beyond N read as the pad value: -inf for the maximum, 0 for the sum.
//
//   for b in grid(ceil(M / 64)), 128 threads each:
//     max[64] = -inf; sum[64] = 0   (registers)
//     for n0 in range(0, N, 128):
//       max = maximum(max, rowmax(X[b * 64 :, n0 :]))
//       sum += rowsum(X[b * 64 :, n0 :])
//     rowmax[b * 64 :] = max; rowsum[b * 64 :] = sum

!f32_matrix = memref<?x?xf32>
!f32_vector = memref<?xf32>
!X_tile = memref<64x128xf32, #tile.fragment>
!per_row = memref<64xf32, #tile.fragment>

func.func @row_max_sum(%X: !f32_matrix, %rowmax: !f32_vector, %rowsum: !f32_vector) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  %M = memref.dim %X, %c0 : !f32_matrix
  %N = memref.dim %X, %c1 : !f32_matrix
  %grid = arith.ceildivui %M, %c64 : index
  %n_tiles = arith.ceildivui %N, %c128 : index
  scf.forall (%b) in (%grid) {
    %tile_max = "tile.alloc"() : () -> !X_tile
    %tile_sum = "tile.alloc"() : () -> !X_tile
    %max = "tile.alloc"() : () -> !per_row
    %sum = "tile.alloc"() : () -> !per_row
    "tile.fill"(%max, %ninf) : (!per_row, f32) -> ()
    "tile.fill"(%sum, %zero) : (!per_row, f32) -> ()
    %m0 = arith.muli %b, %c64 : index
    scf.for %t = %c0 to %n_tiles step %c1 {
      %n0 = arith.muli %t, %c128 : index
      "tile.copy"(%X, %tile_max, %m0, %n0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>, pad = 0xFF800000 : f32}
          : (!f32_matrix, !X_tile, index, index) -> ()
      "tile.copy"(%X, %tile_sum, %m0, %n0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
          : (!f32_matrix, !X_tile, index, index) -> ()
      "tile.reduce"(%tile_max, %max) {kind = "max", dim = 1 : i64, clear = false}
          : (!X_tile, !per_row) -> ()
      "tile.reduce"(%tile_sum, %sum) {kind = "sum", dim = 1 : i64, clear = false}
          : (!X_tile, !per_row) -> ()
    }
    "tile.copy"(%max, %rowmax, %m0) {operandSegmentSizes = array<i32: 1, 1, 0, 1>}
        : (!per_row, !f32_vector, index) -> ()
    "tile.copy"(%sum, %rowsum, %m0) {operandSegmentSizes = array<i32: 1, 1, 0, 1>}
        : (!per_row, !f32_vector, index) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 128 : i64}
  return
}
