// A view of a global buffer (memref.subview on the host, strided layout with
// a dynamic offset) used in a kernel: by a tile.copy and by scalar loads.
// @shifted writes B[i, j] = 2 * A[i + 1, j + 1] through the view; @ref
// does the same with loops.
func.func @shifted(%A: memref<?x?xf32>, %B: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %m = memref.dim %B, %c0 : memref<?x?xf32>
  %n = memref.dim %B, %c1 : memref<?x?xf32>
  %view = memref.subview %A[1, 1] [%m, %n] [1, 1] : memref<?x?xf32> to memref<?x?xf32, strided<[?, 1], offset: ?>>
  %mlast = arith.subi %m, %c1 : index
  %nlast = arith.subi %n, %c1 : index
  %gm = arith.ceildivui %m, %c16 : index
  %gn = arith.ceildivui %n, %c16 : index
  scf.forall (%bi, %bj) in (%gm, %gn) {
    %i0 = arith.muli %bi, %c16 : index
    %j0 = arith.muli %bj, %c16 : index
    %t = "tile.alloc"() : () -> memref<16x16xf32, #tile.fragment>
    "tile.copy"(%view, %t, %i0, %j0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>} : (memref<?x?xf32, strided<[?, 1], offset: ?>>, memref<16x16xf32, #tile.fragment>, index, index) -> ()
    scf.forall (%i, %j) in (16, 16) {
      %x = memref.load %t[%i, %j] : memref<16x16xf32, #tile.fragment>
      %gi = arith.addi %i0, %i : index
      %gj = arith.addi %j0, %j : index
      %ii = arith.minui %gi, %mlast : index
      %jj = arith.minui %gj, %nlast : index
      %y = memref.load %view[%ii, %jj] : memref<?x?xf32, strided<[?, 1], offset: ?>>
      %s = arith.addf %x, %y : f32
      memref.store %s, %t[%i, %j] : memref<16x16xf32, #tile.fragment>
    }
    "tile.copy"(%t, %B, %i0, %j0) {operandSegmentSizes = array<i32: 1, 1, 0, 2>} : (memref<16x16xf32, #tile.fragment>, memref<?x?xf32>, index, index) -> ()
  } {mapping = [#gpu.block<y>, #gpu.block<x>], tile.threads = 64 : i64}
  return
}
func.func @ref(%A: memref<?x?xf32>, %B: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = memref.dim %B, %c0 : memref<?x?xf32>
  %n = memref.dim %B, %c1 : memref<?x?xf32>
  scf.for %i = %c0 to %m step %c1 {
    scf.for %j = %c0 to %n step %c1 {
      %i1 = arith.addi %i, %c1 : index
      %j1 = arith.addi %j, %c1 : index
      %x = memref.load %A[%i1, %j1] : memref<?x?xf32>
      %s = arith.addf %x, %x : f32
      memref.store %s, %B[%i, %j] : memref<?x?xf32>
    }
  }
  return
}
