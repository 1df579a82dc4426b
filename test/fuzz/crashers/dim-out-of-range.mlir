// memref.dim with a negative constant index: upstream folding
// patterns indexed out of bounds on it (canonicalize and every target crashed).
func.func @f(%A: memref<?x4xf32>) -> index {
  %c = arith.constant -1 : index
  %d = memref.dim %A, %c : memref<?x4xf32>
  return %d : index
}
