// Windows of fragments, which the GPU targets refused: for a block b of 32
// rows of X (a 32 x 32 fragment F),
//   Z[16 b + i, j] = F[8 + i, 4 + j]       (a 16 x 16 fragment G, whole)
//   F[i, 16 + j] = F[4 + i, 12 + j]        (through a shared tile S)
//   Y[32 b + i, j] = F[i, j]
// for i, j < 16 in the first two lines.
!F = memref<32x32xf32, #tile.fragment>
!G = memref<16x16xf32, #tile.fragment>
!S = memref<16x16xf32, #gpu.address_space<workgroup>>
func.func @windows(%X: memref<?x32xf32>, %Y: memref<?x32xf32>, %Z: memref<?x16xf32>) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c12 = arith.constant 12 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %rows = memref.dim %X, %c0 : memref<?x32xf32>
  %blocks = arith.ceildivui %rows, %c32 : index
  scf.forall (%b) in (%blocks) {
    %f = "tile.alloc"() : () -> !F
    %g = "tile.alloc"() : () -> !G
    %s = "tile.alloc"() : () -> !S
    %m0 = arith.muli %b, %c32 : index
    %z0 = arith.muli %b, %c16 : index
    "tile.copy"(%X, %f, %m0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
        : (memref<?x32xf32>, !F, index, index) -> ()
    "tile.copy"(%f, %g, %c8, %c4) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
        : (!F, !G, index, index) -> ()
    "tile.copy"(%f, %s, %c4, %c12) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
        : (!F, !S, index, index) -> ()
    "tile.copy"(%s, %f, %c0, %c16) {operandSegmentSizes = array<i32: 1, 1, 0, 2>}
        : (!S, !F, index, index) -> ()
    "tile.copy"(%g, %Z, %z0, %c0) {operandSegmentSizes = array<i32: 1, 1, 0, 2>}
        : (!G, memref<?x16xf32>, index, index) -> ()
    "tile.copy"(%f, %Y, %m0, %c0) {operandSegmentSizes = array<i32: 1, 1, 0, 2>}
        : (!F, memref<?x32xf32>, index, index) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @windows_ref(%X: memref<?x32xf32>, %Y: memref<?x32xf32>, %Z: memref<?x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c12 = arith.constant 12 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %rows = memref.dim %X, %c0 : memref<?x32xf32>
  %blocks = arith.ceildivui %rows, %c32 : index
  scf.for %b = %c0 to %blocks step %c1 {
    %m0 = arith.muli %b, %c32 : index
    scf.for %i = %c0 to %c16 step %c1 {
      scf.for %j = %c0 to %c16 step %c1 {
        %r = arith.addi %m0, %i : index
        %r8 = arith.addi %r, %c8 : index
        %j4 = arith.addi %j, %c4 : index
        %g = memref.load %X[%r8, %j4] : memref<?x32xf32>
        %zr = arith.divui %m0, %c2 : index
        %zi = arith.addi %zr, %i : index
        memref.store %g, %Z[%zi, %j] : memref<?x16xf32>
      }
    }
    scf.for %i = %c0 to %c32 step %c1 {
      scf.for %j = %c0 to %c32 step %c1 {
        %r = arith.addi %m0, %i : index
        %top = arith.cmpi ult, %i, %c16 : index
        %right = arith.cmpi uge, %j, %c16 : index
        %moved = arith.andi %top, %right : i1
        %r4 = arith.addi %r, %c4 : index
        %jm = arith.subi %j, %c4 : index
        %sr = arith.select %moved, %r4, %r : index
        %sc = arith.select %moved, %jm, %j : index
        %v = memref.load %X[%sr, %sc] : memref<?x32xf32>
        memref.store %v, %Y[%r, %j] : memref<?x32xf32>
      }
    }
  }
  return
}
