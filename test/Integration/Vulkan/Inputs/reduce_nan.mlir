// Row reductions of a tile that holds NaN, infinities and signed zeros
// (reduce-nan.test): max, min and absmax of each row.
!tile = memref<4x32xf32, #tile.fragment>
!row = memref<4xf32, #tile.fragment>
func.func @rows(%X: memref<?x?xf32>, %Max: memref<?xf32>, %Min: memref<?xf32>, %AbsMax: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  scf.forall (%b) in (1) {
    %t = "tile.alloc"() : () -> !tile
    %max = "tile.alloc"() : () -> !row
    %min = "tile.alloc"() : () -> !row
    %absmax = "tile.alloc"() : () -> !row
    "tile.copy"(%X, %t, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>} : (memref<?x?xf32>, !tile, index, index) -> ()
    "tile.reduce"(%t, %max) {kind = "max", dim = 1 : i64} : (!tile, !row) -> ()
    "tile.reduce"(%t, %min) {kind = "min", dim = 1 : i64} : (!tile, !row) -> ()
    "tile.reduce"(%t, %absmax) {kind = "absmax", dim = 1 : i64} : (!tile, !row) -> ()
    "tile.copy"(%max, %Max, %c0) {operandSegmentSizes = array<i32: 1, 1, 0, 1>} : (!row, memref<?xf32>, index) -> ()
    "tile.copy"(%min, %Min, %c0) {operandSegmentSizes = array<i32: 1, 1, 0, 1>} : (!row, memref<?xf32>, index) -> ()
    "tile.copy"(%absmax, %AbsMax, %c0) {operandSegmentSizes = array<i32: 1, 1, 0, 1>} : (!row, memref<?xf32>, index) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 32 : i64}
  return
}
