// Copy windows that start before their buffer (negative offsets) and end
// past it. Elements outside the source read the pad value; writes outside
// the dest are dropped: nothing before or after a buffer is touched. Each
// block copies a 16x16 window of X, shifted up by 3 rows and left by 5
// columns, through a tile into the same window of Y.
func.func @shift(%X: memref<?x?xf32>, %Y: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c16 = arith.constant 16 : index
  %M = memref.dim %Y, %c0 : memref<?x?xf32>
  %N = memref.dim %Y, %c1 : memref<?x?xf32>
  %gm = arith.ceildivui %M, %c16 : index
  %gn = arith.ceildivui %N, %c16 : index
  scf.forall (%bm, %bn) in (%gm, %gn) {
    %m0 = arith.muli %bm, %c16 : index
    %n0 = arith.muli %bn, %c16 : index
    %r0 = arith.subi %m0, %c3 : index
    %s0 = arith.subi %n0, %c5 : index
    %t = "tile.alloc"() : () -> memref<16x16xf32, #tile.fragment>
    "tile.copy"(%X, %t, %r0, %s0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>, pad = 7.0 : f32}
        : (memref<?x?xf32>, memref<16x16xf32, #tile.fragment>, index, index) -> ()
    "tile.copy"(%t, %Y, %r0, %s0) {operandSegmentSizes = array<i32: 1, 1, 0, 2>}
        : (memref<16x16xf32, #tile.fragment>, memref<?x?xf32>, index, index) -> ()
  } {mapping = [#gpu.block<y>, #gpu.block<x>], tile.threads = 64 : i64}
  return
}

// The same windows, element by element, with signed bounds checks.
func.func @shift_ref(%X: memref<?x?xf32>, %Y: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c16 = arith.constant 16 : index
  %M = memref.dim %Y, %c0 : memref<?x?xf32>
  %N = memref.dim %Y, %c1 : memref<?x?xf32>
  %gm = arith.ceildivui %M, %c16 : index
  %gn = arith.ceildivui %N, %c16 : index
  scf.for %bm = %c0 to %gm step %c1 {
    scf.for %bn = %c0 to %gn step %c1 {
      %m0 = arith.muli %bm, %c16 : index
      %n0 = arith.muli %bn, %c16 : index
      scf.for %i = %c0 to %c16 step %c1 {
        scf.for %j = %c0 to %c16 step %c1 {
          %r1 = arith.addi %m0, %i : index
          %r = arith.subi %r1, %c3 : index
          %s1 = arith.addi %n0, %j : index
          %s = arith.subi %s1, %c5 : index
          %rlo = arith.cmpi sge, %r, %c0 : index
          %rhi = arith.cmpi slt, %r, %M : index
          %slo = arith.cmpi sge, %s, %c0 : index
          %shi = arith.cmpi slt, %s, %N : index
          %a = arith.andi %rlo, %rhi : i1
          %b = arith.andi %slo, %shi : i1
          %in = arith.andi %a, %b : i1
          scf.if %in {
            %x = memref.load %X[%r, %s] : memref<?x?xf32>
            memref.store %x, %Y[%r, %s] : memref<?x?xf32>
          }
        }
      }
    }
  }
  return
}

// Only the source window is shifted: the elements before X read the pad.
func.func @shift_read(%X: memref<?x?xf32>, %Y: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c16 = arith.constant 16 : index
  %M = memref.dim %Y, %c0 : memref<?x?xf32>
  %N = memref.dim %Y, %c1 : memref<?x?xf32>
  %gm = arith.ceildivui %M, %c16 : index
  %gn = arith.ceildivui %N, %c16 : index
  scf.forall (%bm, %bn) in (%gm, %gn) {
    %m0 = arith.muli %bm, %c16 : index
    %n0 = arith.muli %bn, %c16 : index
    %r0 = arith.subi %m0, %c3 : index
    %s0 = arith.subi %n0, %c5 : index
    %t = "tile.alloc"() : () -> memref<16x16xf32, #tile.fragment>
    "tile.copy"(%X, %t, %r0, %s0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>, pad = 7.0 : f32}
        : (memref<?x?xf32>, memref<16x16xf32, #tile.fragment>, index, index) -> ()
    "tile.copy"(%t, %Y, %m0, %n0) {operandSegmentSizes = array<i32: 1, 1, 0, 2>}
        : (memref<16x16xf32, #tile.fragment>, memref<?x?xf32>, index, index) -> ()
  } {mapping = [#gpu.block<y>, #gpu.block<x>], tile.threads = 64 : i64}
  return
}

// X and Y have one shape here: Y[r, c] = X[r - 3, c - 5], or 7 outside X.
func.func @shift_read_ref(%X: memref<?x?xf32>, %Y: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %pad = arith.constant 7.0 : f32
  %M = memref.dim %Y, %c0 : memref<?x?xf32>
  %N = memref.dim %Y, %c1 : memref<?x?xf32>
  scf.for %r = %c0 to %M step %c1 {
    scf.for %c = %c0 to %N step %c1 {
      %i = arith.subi %r, %c3 : index
      %j = arith.subi %c, %c5 : index
      %ilo = arith.cmpi sge, %i, %c0 : index
      %jlo = arith.cmpi sge, %j, %c0 : index
      %in = arith.andi %ilo, %jlo : i1
      %v = scf.if %in -> f32 {
        %x = memref.load %X[%i, %j] : memref<?x?xf32>
        scf.yield %x : f32
      } else {
        scf.yield %pad : f32
      }
      memref.store %v, %Y[%r, %c] : memref<?x?xf32>
    }
  }
  return
}
