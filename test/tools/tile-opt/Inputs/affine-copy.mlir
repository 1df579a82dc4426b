// A loop for the affine passes.
func.func @f(%a: memref<8xf32>) {
  affine.for %i = 0 to 8 {
    %v = affine.load %a[%i] : memref<8xf32>
    affine.store %v, %a[%i] : memref<8xf32>
  }
  return
}
