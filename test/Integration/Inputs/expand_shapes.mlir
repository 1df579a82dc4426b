// Buffers reshaped by memref.expand_shape into several dimensions of
// runtime size (expand-shapes.test). The references index the flat
// buffers themselves, so they do not depend on how the reshapes lower.

!frag = memref<8x16xf32, #tile.fragment>

// X and Y, m*n elements each, as m x n matrices in the host code; each
// block adds 1 to an 8 x 16 tile.
func.func @rows(%X: memref<?xf32>, %Y: memref<?xf32>, %m: index, %n: index) {
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %one = arith.constant 1.0 : f32
  %x = memref.expand_shape %X [[0, 1]] output_shape [%m, %n] : memref<?xf32> into memref<?x?xf32>
  %y = memref.expand_shape %Y [[0, 1]] output_shape [%m, %n] : memref<?xf32> into memref<?x?xf32>
  %gm = arith.ceildivui %m, %c8 : index
  %gn = arith.ceildivui %n, %c16 : index
  scf.forall (%i, %j) in (%gm, %gn) {
    %m0 = arith.muli %i, %c8 : index
    %n0 = arith.muli %j, %c16 : index
    %t = "tile.alloc"() : () -> !frag
    "tile.copy"(%x, %t, %m0, %n0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>} : (memref<?x?xf32>, !frag, index, index) -> ()
    scf.forall (%a, %b) in (8, 16) {
      %v = memref.load %t[%a, %b] : !frag
      %w = arith.addf %v, %one : f32
      memref.store %w, %t[%a, %b] : !frag
    }
    "tile.copy"(%t, %y, %m0, %n0) {operandSegmentSizes = array<i32: 1, 1, 0, 2>} : (!frag, memref<?x?xf32>, index, index) -> ()
  } {mapping = [#gpu.block<y>, #gpu.block<x>], tile.threads = 64 : i64}
  return
}

// The same, reshaped inside the kernel.
func.func @in_kernel(%X: memref<?xf32>, %Y: memref<?xf32>, %m: index, %n: index) {
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %one = arith.constant 1.0 : f32
  %gm = arith.ceildivui %m, %c8 : index
  %gn = arith.ceildivui %n, %c16 : index
  scf.forall (%i, %j) in (%gm, %gn) {
    %x = memref.expand_shape %X [[0, 1]] output_shape [%m, %n] : memref<?xf32> into memref<?x?xf32>
    %y = memref.expand_shape %Y [[0, 1]] output_shape [%m, %n] : memref<?xf32> into memref<?x?xf32>
    %m0 = arith.muli %i, %c8 : index
    %n0 = arith.muli %j, %c16 : index
    %t = "tile.alloc"() : () -> !frag
    "tile.copy"(%x, %t, %m0, %n0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>} : (memref<?x?xf32>, !frag, index, index) -> ()
    scf.forall (%a, %b) in (8, 16) {
      %v = memref.load %t[%a, %b] : !frag
      %w = arith.addf %v, %one : f32
      memref.store %w, %t[%a, %b] : !frag
    }
    "tile.copy"(%t, %y, %m0, %n0) {operandSegmentSizes = array<i32: 1, 1, 0, 2>} : (!frag, memref<?x?xf32>, index, index) -> ()
  } {mapping = [#gpu.block<y>, #gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @flat_ref(%X: memref<?xf32>, %Y: memref<?xf32>, %m: index, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  %size = arith.muli %m, %n : index
  scf.for %k = %c0 to %size step %c1 {
    %v = memref.load %X[%k] : memref<?xf32>
    %w = arith.addf %v, %one : f32
    memref.store %w, %Y[%k] : memref<?xf32>
  }
  return
}

!shared3 = memref<2x4x16xf32, #gpu.address_space<workgroup>>

// Every other column of an r x 2ab matrix, its columns split into a x b:
// strides (2ab, 2b, 2) from a view whose own are (2ab, 2).
func.func @strided(%X: memref<?x?xf32>, %Y: memref<?x?xf32>, %a: index, %b: index) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %one = arith.constant 1.0 : f32
  %r = memref.dim %X, %c0 : memref<?x?xf32>
  %cols = arith.muli %a, %b : index
  %sx = memref.subview %X[0, 0] [%r, %cols] [1, 2] : memref<?x?xf32> to memref<?x?xf32, strided<[?, 2]>>
  %sy = memref.subview %Y[0, 0] [%r, %cols] [1, 2] : memref<?x?xf32> to memref<?x?xf32, strided<[?, 2]>>
  %x = memref.expand_shape %sx [[0], [1, 2]] output_shape [%r, %a, %b] : memref<?x?xf32, strided<[?, 2]>> into memref<?x?x?xf32, strided<[?, ?, 2]>>
  %y = memref.expand_shape %sy [[0], [1, 2]] output_shape [%r, %a, %b] : memref<?x?xf32, strided<[?, 2]>> into memref<?x?x?xf32, strided<[?, ?, 2]>>
  %g0 = arith.ceildivui %r, %c2 : index
  %g1 = arith.ceildivui %a, %c4 : index
  %g2 = arith.ceildivui %b, %c16 : index
  scf.forall (%i, %j, %k) in (%g0, %g1, %g2) {
    %o0 = arith.muli %i, %c2 : index
    %o1 = arith.muli %j, %c4 : index
    %o2 = arith.muli %k, %c16 : index
    %t = "tile.alloc"() : () -> !shared3
    "tile.copy"(%x, %t, %o0, %o1, %o2) {operandSegmentSizes = array<i32: 1, 1, 3, 0>} : (memref<?x?x?xf32, strided<[?, ?, 2]>>, !shared3, index, index, index) -> ()
    scf.forall (%p, %q, %s) in (2, 4, 16) {
      %v = memref.load %t[%p, %q, %s] : !shared3
      %w = arith.addf %v, %one : f32
      memref.store %w, %t[%p, %q, %s] : !shared3
    }
    "tile.copy"(%t, %y, %o0, %o1, %o2) {operandSegmentSizes = array<i32: 1, 1, 0, 3>} : (!shared3, memref<?x?x?xf32, strided<[?, ?, 2]>>, index, index, index) -> ()
  } {mapping = [#gpu.block<z>, #gpu.block<y>, #gpu.block<x>], tile.threads = 32 : i64}
  return
}

func.func @strided_ref(%X: memref<?x?xf32>, %Y: memref<?x?xf32>, %a: index, %b: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %one = arith.constant 1.0 : f32
  %r = memref.dim %X, %c0 : memref<?x?xf32>
  %cols = arith.muli %a, %b : index
  scf.for %i = %c0 to %r step %c1 {
    scf.for %k = %c0 to %cols step %c1 {
      %col = arith.muli %k, %c2 : index
      %v = memref.load %X[%i, %col] : memref<?x?xf32>
      %w = arith.addf %v, %one : f32
      memref.store %w, %Y[%i, %col] : memref<?x?xf32>
    }
  }
  return
}

// One dimension into three: a x 4 x b, the middle one static.
func.func @three(%X: memref<?xf32>, %Y: memref<?xf32>, %a: index, %b: index) {
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %one = arith.constant 1.0 : f32
  %x = memref.expand_shape %X [[0, 1, 2]] output_shape [%a, 4, %b] : memref<?xf32> into memref<?x4x?xf32>
  %y = memref.expand_shape %Y [[0, 1, 2]] output_shape [%a, 4, %b] : memref<?xf32> into memref<?x4x?xf32>
  %g0 = arith.ceildivui %a, %c2 : index
  %g2 = arith.ceildivui %b, %c16 : index
  scf.forall (%i, %k) in (%g0, %g2) {
    %o0 = arith.muli %i, %c2 : index
    %o2 = arith.muli %k, %c16 : index
    %t = "tile.alloc"() : () -> !shared3
    "tile.copy"(%x, %t, %o0, %c2, %o2) {operandSegmentSizes = array<i32: 1, 1, 3, 0>} : (memref<?x4x?xf32>, !shared3, index, index, index) -> ()
    scf.forall (%p, %q, %s) in (2, 4, 16) {
      %v = memref.load %t[%p, %q, %s] : !shared3
      %w = arith.addf %v, %one : f32
      memref.store %w, %t[%p, %q, %s] : !shared3
    }
    "tile.copy"(%t, %y, %o0, %c2, %o2) {operandSegmentSizes = array<i32: 1, 1, 0, 3>} : (!shared3, memref<?x4x?xf32>, index, index, index) -> ()
  } {mapping = [#gpu.block<y>, #gpu.block<x>], tile.threads = 32 : i64}
  return
}

// What @three changes: rows 2 and 3 of each of the a groups of 4 rows of b.
func.func @three_ref(%X: memref<?xf32>, %Y: memref<?xf32>, %a: index, %b: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %one = arith.constant 1.0 : f32
  scf.for %i = %c0 to %a step %c1 {
    scf.for %q = %c2 to %c4 step %c1 {
      scf.for %s = %c0 to %b step %c1 {
        %row = arith.muli %i, %c4 : index
        %r = arith.addi %row, %q : index
        %base = arith.muli %r, %b : index
        %at = arith.addi %base, %s : index
        %v = memref.load %X[%at] : memref<?xf32>
        %w = arith.addf %v, %one : f32
        memref.store %w, %Y[%at] : memref<?xf32>
      }
    }
  }
  return
}

// The other way: an r x c buffer as a vector of r*c elements, collapsed in
// the kernel (the vulkan target refused the sizes read through it).
!frag64 = memref<64xf32, #tile.fragment>
func.func @collapse(%X: memref<?x?xf32>, %Y: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %one = arith.constant 1.0 : f32
  %r = memref.dim %X, %c0 : memref<?x?xf32>
  %c = memref.dim %X, %c1 : memref<?x?xf32>
  %size = arith.muli %r, %c : index
  %g = arith.ceildivui %size, %c64 : index
  scf.forall (%i) in (%g) {
    %x = memref.collapse_shape %X [[0, 1]] : memref<?x?xf32> into memref<?xf32>
    %y = memref.collapse_shape %Y [[0, 1]] : memref<?x?xf32> into memref<?xf32>
    %o = arith.muli %i, %c64 : index
    %t = "tile.alloc"() : () -> !frag64
    "tile.copy"(%x, %t, %o) {operandSegmentSizes = array<i32: 1, 1, 1, 0>} : (memref<?xf32>, !frag64, index) -> ()
    scf.forall (%a) in (64) {
      %v = memref.load %t[%a] : !frag64
      %w = arith.addf %v, %one : f32
      memref.store %w, %t[%a] : !frag64
    }
    "tile.copy"(%t, %y, %o) {operandSegmentSizes = array<i32: 1, 1, 0, 1>} : (!frag64, memref<?xf32>, index) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @collapse_ref(%X: memref<?x?xf32>, %Y: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  %r = memref.dim %X, %c0 : memref<?x?xf32>
  %c = memref.dim %X, %c1 : memref<?x?xf32>
  scf.for %i = %c0 to %r step %c1 {
    scf.for %j = %c0 to %c step %c1 {
      %v = memref.load %X[%i, %j] : memref<?x?xf32>
      %w = arith.addf %v, %one : f32
      memref.store %w, %Y[%i, %j] : memref<?x?xf32>
    }
  }
  return
}
