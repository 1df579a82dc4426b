// Tiles moved through views whose rows are strided (innermost stride other
// than 1): transposed views of global buffers and of shared tiles, and a
// view that takes every other column. Each kernel is followed by its
// plain-loop reference.

// Ct += (A * B)^T for A = At^T and B = Bt^T: A is copied from a transposed
// view of At (K x M), B multiplied through a transposed view of its shared
// tile (Bt is N x K), and the product added into a transposed view of Ct
// (N x M).
func.func @gemm_t(%At: memref<?x?xf32>, %Bt: memref<?x?xf32>, %Ct: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %A = memref.transpose %At (i, j) -> (j, i) : memref<?x?xf32> to memref<?x?xf32, strided<[1, ?]>>
  %C = memref.transpose %Ct (i, j) -> (j, i) : memref<?x?xf32> to memref<?x?xf32, strided<[1, ?]>>
  %M = memref.dim %At, %c1 : memref<?x?xf32>
  %K = memref.dim %At, %c0 : memref<?x?xf32>
  %N = memref.dim %Bt, %c0 : memref<?x?xf32>
  %gm = arith.ceildivui %M, %c32 : index
  %gn = arith.ceildivui %N, %c32 : index
  %kt = arith.ceildivui %K, %c32 : index
  scf.forall (%bm, %bn) in (%gm, %gn) {
    %A_s = "tile.alloc"() : () -> memref<32x32xf32, #gpu.address_space<workgroup>>
    %Bt_s = "tile.alloc"() : () -> memref<32x32xf32, #gpu.address_space<workgroup>>
    %acc = "tile.alloc"() : () -> memref<32x32xf32, #tile.fragment>
    %zero = arith.constant 0.0 : f32
    "tile.fill"(%acc, %zero) : (memref<32x32xf32, #tile.fragment>, f32) -> ()
    %m0 = arith.muli %bm, %c32 : index
    %n0 = arith.muli %bn, %c32 : index
    scf.for %k = %c0 to %kt step %c1 {
      %k0 = arith.muli %k, %c32 : index
      "tile.copy"(%A, %A_s, %m0, %k0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
          : (memref<?x?xf32, strided<[1, ?]>>, memref<32x32xf32, #gpu.address_space<workgroup>>, index, index) -> ()
      "tile.copy"(%Bt, %Bt_s, %n0, %k0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
          : (memref<?x?xf32>, memref<32x32xf32, #gpu.address_space<workgroup>>, index, index) -> ()
      %B_s = memref.transpose %Bt_s (i, j) -> (j, i)
          : memref<32x32xf32, #gpu.address_space<workgroup>> to memref<32x32xf32, strided<[1, 32]>, #gpu.address_space<workgroup>>
      "tile.gemm"(%A_s, %B_s, %acc)
          : (memref<32x32xf32, #gpu.address_space<workgroup>>, memref<32x32xf32, strided<[1, 32]>, #gpu.address_space<workgroup>>, memref<32x32xf32, #tile.fragment>) -> ()
    }
    "tile.atomic_add"(%acc, %C, %m0, %n0)
        : (memref<32x32xf32, #tile.fragment>, memref<?x?xf32, strided<[1, ?]>>, index, index) -> ()
  } {mapping = [#gpu.block<y>, #gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @gemm_t_ref(%At: memref<?x?xf32>, %Bt: memref<?x?xf32>, %Ct: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %M = memref.dim %At, %c1 : memref<?x?xf32>
  %K = memref.dim %At, %c0 : memref<?x?xf32>
  %N = memref.dim %Bt, %c0 : memref<?x?xf32>
  scf.for %i = %c0 to %M step %c1 {
    scf.for %j = %c0 to %N step %c1 {
      %c = memref.load %Ct[%j, %i] : memref<?x?xf32>
      %s = scf.for %k = %c0 to %K step %c1 iter_args(%acc = %c) -> f32 {
        %a = memref.load %At[%k, %i] : memref<?x?xf32>
        %b = memref.load %Bt[%j, %k] : memref<?x?xf32>
        %p = arith.mulf %a, %b : f32
        %q = arith.addf %acc, %p : f32
        scf.yield %q : f32
      }
      memref.store %s, %Ct[%j, %i] : memref<?x?xf32>
    }
  }
  return
}

// Y = transpose(X), f16 to f32, through a transposed view of X whose
// windows start 3 rows and 5 columns before each block's (negative
// offsets: the lanes of a row before its start are masked). The grid
// covers the end.
func.func @tr(%X: memref<?x?xf16>, %Y: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c16 = arith.constant 16 : index
  %M = memref.dim %Y, %c0 : memref<?x?xf32>
  %N = memref.dim %Y, %c1 : memref<?x?xf32>
  %XT = memref.transpose %X (i, j) -> (j, i) : memref<?x?xf16> to memref<?x?xf16, strided<[1, ?]>>
  %M3 = arith.addi %M, %c3 : index
  %N5 = arith.addi %N, %c5 : index
  %gm = arith.ceildivui %M3, %c16 : index
  %gn = arith.ceildivui %N5, %c16 : index
  scf.forall (%bm, %bn) in (%gm, %gn) {
    %m1 = arith.muli %bm, %c16 : index
    %n1 = arith.muli %bn, %c16 : index
    %m0 = arith.subi %m1, %c3 : index
    %n0 = arith.subi %n1, %c5 : index
    %t = "tile.alloc"() : () -> memref<16x16xf32, #tile.fragment>
    "tile.copy"(%XT, %t, %m0, %n0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>, pad = 7.0 : f16}
        : (memref<?x?xf16, strided<[1, ?]>>, memref<16x16xf32, #tile.fragment>, index, index) -> ()
    "tile.copy"(%t, %Y, %m0, %n0) {operandSegmentSizes = array<i32: 1, 1, 0, 2>}
        : (memref<16x16xf32, #tile.fragment>, memref<?x?xf32>, index, index) -> ()
  } {mapping = [#gpu.block<y>, #gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @tr_ref(%X: memref<?x?xf16>, %Y: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %M = memref.dim %Y, %c0 : memref<?x?xf32>
  %N = memref.dim %Y, %c1 : memref<?x?xf32>
  scf.for %i = %c0 to %M step %c1 {
    scf.for %j = %c0 to %N step %c1 {
      %x = memref.load %X[%j, %i] : memref<?x?xf16>
      %y = arith.extf %x : f16 to f32
      memref.store %y, %Y[%i, %j] : memref<?x?xf32>
    }
  }
  return
}

// Y[:, 2j] = X[:, j]: tiles written through a view of Y that takes every
// other column, from 8 x 16 windows of X.
func.func @every_other(%X: memref<?x?xi32>, %Y: memref<?x?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %M = memref.dim %X, %c0 : memref<?x?xi32>
  %N = memref.dim %X, %c1 : memref<?x?xi32>
  %Y2 = memref.subview %Y[0, 0] [%M, %N] [1, 2] : memref<?x?xi32> to memref<?x?xi32, strided<[?, 2]>>
  %gm = arith.ceildivui %M, %c8 : index
  %gn = arith.ceildivui %N, %c16 : index
  scf.forall (%bm, %bn) in (%gm, %gn) {
    %m0 = arith.muli %bm, %c8 : index
    %n0 = arith.muli %bn, %c16 : index
    %t = "tile.alloc"() : () -> memref<8x16xi32, #tile.fragment>
    "tile.copy"(%X, %t, %m0, %n0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
        : (memref<?x?xi32>, memref<8x16xi32, #tile.fragment>, index, index) -> ()
    "tile.copy"(%t, %Y2, %m0, %n0) {operandSegmentSizes = array<i32: 1, 1, 0, 2>}
        : (memref<8x16xi32, #tile.fragment>, memref<?x?xi32, strided<[?, 2]>>, index, index) -> ()
  } {mapping = [#gpu.block<y>, #gpu.block<x>], tile.threads = 32 : i64}
  return
}

func.func @every_other_ref(%X: memref<?x?xi32>, %Y: memref<?x?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %M = memref.dim %X, %c0 : memref<?x?xi32>
  %N = memref.dim %X, %c1 : memref<?x?xi32>
  scf.for %i = %c0 to %M step %c1 {
    scf.for %j = %c0 to %N step %c1 {
      %x = memref.load %X[%i, %j] : memref<?x?xi32>
      %j2 = arith.muli %j, %c2 : index
      memref.store %x, %Y[%i, %j2] : memref<?x?xi32>
    }
  }
  return
}

// Column sums and row maxima of X (M x 16 per block) read through a
// transposed view of a shared tile: the reduced tile's rows are strided.
func.func @rd(%X: memref<?x16xf32>, %S: memref<?xf32>, %R: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %M = memref.dim %X, %c0 : memref<?x16xf32>
  %g = arith.ceildivui %M, %c16 : index
  scf.forall (%b) in (%g) {
    %m0 = arith.muli %b, %c16 : index
    %t = "tile.alloc"() : () -> memref<16x16xf32, #gpu.address_space<workgroup>>
    "tile.copy"(%X, %t, %m0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
        : (memref<?x16xf32>, memref<16x16xf32, #gpu.address_space<workgroup>>, index, index) -> ()
    %tt = memref.transpose %t (i, j) -> (j, i) : memref<16x16xf32, #gpu.address_space<workgroup>> to memref<16x16xf32, strided<[1, 16]>, #gpu.address_space<workgroup>>
    %rows = "tile.alloc"() : () -> memref<16xf32, #tile.fragment>
    %cols = "tile.alloc"() : () -> memref<16xf32, #tile.fragment>
    "tile.reduce"(%tt, %rows) {kind = "max", dim = 0 : i64}
        : (memref<16x16xf32, strided<[1, 16]>, #gpu.address_space<workgroup>>, memref<16xf32, #tile.fragment>) -> ()
    "tile.reduce"(%tt, %cols) {kind = "sum", dim = 1 : i64}
        : (memref<16x16xf32, strided<[1, 16]>, #gpu.address_space<workgroup>>, memref<16xf32, #tile.fragment>) -> ()
    "tile.copy"(%rows, %R, %m0) {operandSegmentSizes = array<i32: 1, 1, 0, 1>}
        : (memref<16xf32, #tile.fragment>, memref<?xf32>, index) -> ()
    %sb = arith.muli %b, %c16 : index
    "tile.copy"(%cols, %S, %sb) {operandSegmentSizes = array<i32: 1, 1, 0, 1>}
        : (memref<16xf32, #tile.fragment>, memref<?xf32>, index) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 32 : i64}
  return
}
func.func @rd_ref(%X: memref<?x16xf32>, %S: memref<?xf32>, %R: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %M = memref.dim %X, %c0 : memref<?x16xf32>
  scf.for %i = %c0 to %M step %c1 {
    %m = scf.for %j = %c0 to %c16 step %c1 iter_args(%a = %ninf) -> f32 {
      %x = memref.load %X[%i, %j] : memref<?x16xf32>
      %y = arith.maximumf %a, %x : f32
      scf.yield %y : f32
    }
    memref.store %m, %R[%i] : memref<?xf32>
  }
  %g = arith.ceildivui %M, %c16 : index
  scf.for %b = %c0 to %g step %c1 {
    %m0 = arith.muli %b, %c16 : index
    scf.for %j = %c0 to %c16 step %c1 {
      %s = scf.for %i = %c0 to %c16 step %c1 iter_args(%a = %zero) -> f32 {
        %r = arith.addi %m0, %i : index
        %in = arith.cmpi ult, %r, %M : index
        %x = scf.if %in -> f32 {
          %v = memref.load %X[%r, %j] : memref<?x16xf32>
          scf.yield %v : f32
        } else {
          scf.yield %zero : f32
        }
        %y = arith.addf %a, %x : f32
        scf.yield %y : f32
      }
      %o = arith.addi %m0, %j : index
      memref.store %s, %S[%o] : memref<?xf32>
    }
  }
  return
}

// Fills through a view of every other column of a global buffer (dynamic
// sizes: masked runs) and of a shared tile (static), against plain loops.
func.func @fl(%Y: memref<?x?xf32>, %Z: memref<16x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %five = arith.constant 5.0 : f32
  %two = arith.constant 2.0 : f32
  %M = memref.dim %Y, %c0 : memref<?x?xf32>
  %N = memref.dim %Y, %c1 : memref<?x?xf32>
  %n2 = arith.constant 2 : index
  %half = arith.ceildivui %N, %n2 : index
  %Y2 = memref.subview %Y[0, 0] [%M, %half] [1, 2] : memref<?x?xf32> to memref<?x?xf32, strided<[?, 2]>>
  scf.forall (%b) in (1) {
    "tile.fill"(%Y2, %five) : (memref<?x?xf32, strided<[?, 2]>>, f32) -> ()
    %s = "tile.alloc"() : () -> memref<16x16xf32, #gpu.address_space<workgroup>>
    "tile.fill"(%s, %two) : (memref<16x16xf32, #gpu.address_space<workgroup>>, f32) -> ()
    %st = memref.subview %s[0, 0] [16, 8] [1, 2] : memref<16x16xf32, #gpu.address_space<workgroup>> to memref<16x8xf32, strided<[16, 2]>, #gpu.address_space<workgroup>>
    "tile.fill"(%st, %five) : (memref<16x8xf32, strided<[16, 2]>, #gpu.address_space<workgroup>>, f32) -> ()
    "tile.copy"(%s, %Z) {operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (memref<16x16xf32, #gpu.address_space<workgroup>>, memref<16x16xf32>) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 32 : i64}
  return
}
func.func @fl_ref(%Y: memref<?x?xf32>, %Z: memref<16x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %five = arith.constant 5.0 : f32
  %two = arith.constant 2.0 : f32
  %M = memref.dim %Y, %c0 : memref<?x?xf32>
  %N = memref.dim %Y, %c1 : memref<?x?xf32>
  scf.for %i = %c0 to %M step %c1 {
    scf.for %j = %c0 to %N step %c2 {
      memref.store %five, %Y[%i, %j] : memref<?x?xf32>
    }
  }
  scf.for %i = %c0 to %c16 step %c1 {
    scf.for %j = %c0 to %c16 step %c1 {
      %r = arith.remui %j, %c2 : index
      %e = arith.cmpi eq, %r, %c0 : index
      %v = arith.select %e, %five, %two : f32
      memref.store %v, %Z[%i, %j] : memref<16x16xf32>
    }
  }
  return
}
