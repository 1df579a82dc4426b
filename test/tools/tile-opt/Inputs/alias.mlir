// An attribute alias, for --mlir-print-local-scope.
#map = affine_map<(d0) -> (d0 + 1)>
func.func @f(%a: memref<4xf32>) {
  %c = arith.constant 0 : index
  %i = affine.apply #map(%c)
  return
}
