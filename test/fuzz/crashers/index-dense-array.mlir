// A dense array of index elements (tile-fuzz, from a mutated
// operandSegmentSizes): MLIR 22's parser dereferenced a null float type.
func.func @f(%A: memref<4xf32>) {
  "tile.copy"(%A, %A) {operandSegmentSizes = array<index: 1, 1, 0, 0>}
      : (memref<4xf32>, memref<4xf32>) -> ()
  return
}
