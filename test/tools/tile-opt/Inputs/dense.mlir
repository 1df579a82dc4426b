// A dense constant, for --mlir-elide-elementsattrs-if-larger.
func.func @f() -> tensor<4xf32> {
  %0 = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  return %0 : tensor<4xf32>
}
