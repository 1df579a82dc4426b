// Two kernels: the first compiled for subgroups of SUBGROUP (and launched
// with no blocks when X is empty), the second stating nothing. Copies X to Y,
// then Z to W.
func.func @two(%X: memref<?xf32>, %Y: memref<?xf32>, %Z: memref<?xf32>, %W: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c128 = arith.constant 128 : index
  %n = memref.dim %X, %c0 : memref<?xf32>
  %grid = arith.ceildivui %n, %c128 : index
  scf.forall (%b) in (%grid) {
    "tile_vulkan.subgroup"() {size = SUBGROUP : i64} : () -> ()
    %t = "tile.alloc"() : () -> memref<128xf32, #tile.fragment>
    %i0 = arith.muli %b, %c128 : index
    "tile.copy"(%X, %t, %i0) {operandSegmentSizes = array<i32: 1, 1, 1, 0>}
        : (memref<?xf32>, memref<128xf32, #tile.fragment>, index) -> ()
    "tile.copy"(%t, %Y, %i0) {operandSegmentSizes = array<i32: 1, 1, 0, 1>}
        : (memref<128xf32, #tile.fragment>, memref<?xf32>, index) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 128 : i64}
  %m = memref.dim %Z, %c0 : memref<?xf32>
  %grid2 = arith.ceildivui %m, %c128 : index
  scf.forall (%b) in (%grid2) {
    %t = "tile.alloc"() : () -> memref<128xf32, #tile.fragment>
    %i0 = arith.muli %b, %c128 : index
    "tile.copy"(%Z, %t, %i0) {operandSegmentSizes = array<i32: 1, 1, 1, 0>}
        : (memref<?xf32>, memref<128xf32, #tile.fragment>, index) -> ()
    "tile.copy"(%t, %W, %i0) {operandSegmentSizes = array<i32: 1, 1, 0, 1>}
        : (memref<128xf32, #tile.fragment>, memref<?xf32>, index) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 128 : i64}
  return
}

func.func @two_ref(%X: memref<?xf32>, %Y: memref<?xf32>, %Z: memref<?xf32>, %W: memref<?xf32>) {
  memref.copy %X, %Y : memref<?xf32> to memref<?xf32>
  memref.copy %Z, %W : memref<?xf32> to memref<?xf32>
  return
}
