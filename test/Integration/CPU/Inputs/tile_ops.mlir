// Kernels for the cpu integration tests of copies, fills, reductions and
// atomic adds, each followed by its plain-loop reference.

// Split-K GEMM: C += A * B. Blocks (bm, bn, s) multiply half of K each and
// add their partial tile into C atomically, so the two halves of every tile
// of C meet in global memory.
func.func @split_k(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %M = memref.dim %A, %c0 : memref<?x?xf32>
  %K = memref.dim %A, %c1 : memref<?x?xf32>
  %N = memref.dim %B, %c1 : memref<?x?xf32>
  %grid_m = arith.ceildivui %M, %c64 : index
  %grid_n = arith.ceildivui %N, %c64 : index
  %k_tiles = arith.ceildivui %K, %c32 : index
  %half = arith.ceildivui %k_tiles, %c2 : index
  scf.forall (%bm, %bn, %s) in (%grid_m, %grid_n, 2) {
    %A_s = "tile.alloc"() : () -> memref<64x32xf32, #gpu.address_space<workgroup>>
    %B_s = "tile.alloc"() : () -> memref<32x64xf32, #gpu.address_space<workgroup>>
    %acc = "tile.alloc"() : () -> memref<64x64xf32, #tile.fragment>
    %zero = arith.constant 0.0 : f32
    "tile.fill"(%acc, %zero) : (memref<64x64xf32, #tile.fragment>, f32) -> ()
    %m0 = arith.muli %bm, %c64 : index
    %n0 = arith.muli %bn, %c64 : index
    %first = arith.muli %s, %half : index
    %end = arith.addi %first, %half : index
    %last = arith.minui %end, %k_tiles : index
    scf.for %kt = %first to %last step %c1 {
      %k0 = arith.muli %kt, %c32 : index
      "tile.copy"(%A, %A_s, %m0, %k0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
          : (memref<?x?xf32>, memref<64x32xf32, #gpu.address_space<workgroup>>, index, index) -> ()
      "tile.copy"(%B, %B_s, %k0, %n0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
          : (memref<?x?xf32>, memref<32x64xf32, #gpu.address_space<workgroup>>, index, index) -> ()
      "tile.gemm"(%A_s, %B_s, %acc)
          : (memref<64x32xf32, #gpu.address_space<workgroup>>,
             memref<32x64xf32, #gpu.address_space<workgroup>>,
             memref<64x64xf32, #tile.fragment>) -> ()
    }
    "tile.atomic_add"(%acc, %C, %m0, %n0)
        : (memref<64x64xf32, #tile.fragment>, memref<?x?xf32>, index, index) -> ()
  } {mapping = [#gpu.block<z>, #gpu.block<y>, #gpu.block<x>], tile.threads = 128 : i64}
  return
}

func.func @split_k_ref(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %M = memref.dim %A, %c0 : memref<?x?xf32>
  %K = memref.dim %A, %c1 : memref<?x?xf32>
  %N = memref.dim %B, %c1 : memref<?x?xf32>
  scf.for %i = %c0 to %M step %c1 {
    scf.for %j = %c0 to %N step %c1 {
      %c = memref.load %C[%i, %j] : memref<?x?xf32>
      %sum = scf.for %k = %c0 to %K step %c1 iter_args(%acc = %c) -> (f32) {
        %a = memref.load %A[%i, %k] : memref<?x?xf32>
        %b = memref.load %B[%k, %j] : memref<?x?xf32>
        %p = arith.mulf %a, %b : f32
        %s = arith.addf %acc, %p : f32
        scf.yield %s : f32
      }
      memref.store %sum, %C[%i, %j] : memref<?x?xf32>
    }
  }
  return
}

// Y[i, j] = bf16(X[i + 1, j]), and 2.0 on the last row: a source window one
// row down reads the pad value past the end of X, f32 converts to bf16 in
// the copy, and the dest window drops what falls outside Y.
func.func @shift_convert(%X: memref<?x?xf32>, %Y: memref<?x?xbf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %c48 = arith.constant 48 : index
  %M = memref.dim %X, %c0 : memref<?x?xf32>
  %N = memref.dim %X, %c1 : memref<?x?xf32>
  %grid_m = arith.ceildivui %M, %c32 : index
  %grid_n = arith.ceildivui %N, %c48 : index
  scf.forall (%bm, %bn) in (%grid_m, %grid_n) {
    %t = "tile.alloc"() : () -> memref<32x48xbf16, #tile.fragment>
    %m0 = arith.muli %bm, %c32 : index
    %n0 = arith.muli %bn, %c48 : index
    %below = arith.addi %m0, %c1 : index
    "tile.copy"(%X, %t, %below, %n0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>, pad = 2.0 : f32}
        : (memref<?x?xf32>, memref<32x48xbf16, #tile.fragment>, index, index) -> ()
    "tile.copy"(%t, %Y, %m0, %n0) {operandSegmentSizes = array<i32: 1, 1, 0, 2>}
        : (memref<32x48xbf16, #tile.fragment>, memref<?x?xbf16>, index, index) -> ()
  } {mapping = [#gpu.block<y>, #gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @shift_convert_ref(%X: memref<?x?xf32>, %Y: memref<?x?xbf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %two = arith.constant 2.0 : bf16
  %M = memref.dim %X, %c0 : memref<?x?xf32>
  %N = memref.dim %X, %c1 : memref<?x?xf32>
  scf.for %i = %c0 to %M step %c1 {
    %r = arith.addi %i, %c1 : index
    %inside = arith.cmpi ult, %r, %M : index
    scf.for %j = %c0 to %N step %c1 {
      %y = scf.if %inside -> (bf16) {
        %x = memref.load %X[%r, %j] : memref<?x?xf32>
        %t = arith.truncf %x : f32 to bf16
        scf.yield %t : bf16
      } else {
        scf.yield %two : bf16
      }
      memref.store %y, %Y[%i, %j] : memref<?x?xbf16>
    }
  }
  return
}

// Column statistics of integers: colmin[j] = min_i X[i, j] and
// colabs[j] = max_i |X[i, j]|, kept across row tiles (clear = false) after
// fills. Rows past the end of X read the pad: the largest i32 for the
// minimum, 0 for the others. total[b] = the sum of block b's columns: the
// column sums reduced into a rank-0 tile and copied out.
func.func @col_stats_i32(%X: memref<?x?xi32>, %colmin: memref<?xi32>,
                         %colabs: memref<?xi32>, %total: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c40 = arith.constant 40 : index
  %zero = arith.constant 0 : i32
  %max = arith.constant 2147483647 : i32
  %M = memref.dim %X, %c0 : memref<?x?xi32>
  %N = memref.dim %X, %c1 : memref<?x?xi32>
  %grid = arith.ceildivui %N, %c40 : index
  %row_tiles = arith.ceildivui %M, %c16 : index
  scf.forall (%b) in (%grid) {
    %t = "tile.alloc"() : () -> memref<16x40xi32, #tile.fragment>
    %tmin = "tile.alloc"() : () -> memref<16x40xi32, #tile.fragment>
    %mn = "tile.alloc"() : () -> memref<40xi32, #tile.fragment>
    %ab = "tile.alloc"() : () -> memref<40xi32, #tile.fragment>
    %sums = "tile.alloc"() : () -> memref<40xi32, #tile.fragment>
    %tot = "tile.alloc"() : () -> memref<i32, #tile.fragment>
    "tile.fill"(%mn, %max) : (memref<40xi32, #tile.fragment>, i32) -> ()
    "tile.fill"(%ab, %zero) : (memref<40xi32, #tile.fragment>, i32) -> ()
    "tile.fill"(%sums, %zero) : (memref<40xi32, #tile.fragment>, i32) -> ()
    %n0 = arith.muli %b, %c40 : index
    scf.for %rt = %c0 to %row_tiles step %c1 {
      %m0 = arith.muli %rt, %c16 : index
      "tile.copy"(%X, %t, %m0, %n0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
          : (memref<?x?xi32>, memref<16x40xi32, #tile.fragment>, index, index) -> ()
      "tile.copy"(%X, %tmin, %m0, %n0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>, pad = 2147483647 : i32}
          : (memref<?x?xi32>, memref<16x40xi32, #tile.fragment>, index, index) -> ()
      "tile.reduce"(%tmin, %mn) {kind = "min", dim = 0 : i64, clear = false}
          : (memref<16x40xi32, #tile.fragment>, memref<40xi32, #tile.fragment>) -> ()
      "tile.reduce"(%t, %ab) {kind = "absmax", dim = 0 : i64, clear = false}
          : (memref<16x40xi32, #tile.fragment>, memref<40xi32, #tile.fragment>) -> ()
      "tile.reduce"(%t, %sums) {kind = "sum", dim = 0 : i64, clear = false}
          : (memref<16x40xi32, #tile.fragment>, memref<40xi32, #tile.fragment>) -> ()
    }
    "tile.reduce"(%sums, %tot) {kind = "sum", dim = 0 : i64}
        : (memref<40xi32, #tile.fragment>, memref<i32, #tile.fragment>) -> ()
    "tile.copy"(%mn, %colmin, %n0) {operandSegmentSizes = array<i32: 1, 1, 0, 1>}
        : (memref<40xi32, #tile.fragment>, memref<?xi32>, index) -> ()
    "tile.copy"(%ab, %colabs, %n0) {operandSegmentSizes = array<i32: 1, 1, 0, 1>}
        : (memref<40xi32, #tile.fragment>, memref<?xi32>, index) -> ()
    "tile.copy"(%tot, %total, %b) {operandSegmentSizes = array<i32: 1, 1, 0, 1>}
        : (memref<i32, #tile.fragment>, memref<?xi32>, index) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @col_stats_i32_ref(%X: memref<?x?xi32>, %colmin: memref<?xi32>,
                             %colabs: memref<?xi32>, %total: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c40 = arith.constant 40 : index
  %zero = arith.constant 0 : i32
  %max = arith.constant 2147483647 : i32
  %M = memref.dim %X, %c0 : memref<?x?xi32>
  %N = memref.dim %X, %c1 : memref<?x?xi32>
  %blocks = memref.dim %total, %c0 : memref<?xi32>
  scf.for %b = %c0 to %blocks step %c1 {
    memref.store %zero, %total[%b] : memref<?xi32>
  }
  scf.for %j = %c0 to %N step %c1 {
    %mn, %ab, %s = scf.for %i = %c0 to %M step %c1
        iter_args(%am = %max, %aa = %zero, %as = %zero) -> (i32, i32, i32) {
      %x = memref.load %X[%i, %j] : memref<?x?xi32>
      %m2 = arith.minsi %am, %x : i32
      %abs = math.absi %x : i32
      %a2 = arith.maxsi %aa, %abs : i32
      %s2 = arith.addi %as, %x : i32
      scf.yield %m2, %a2, %s2 : i32, i32, i32
    }
    memref.store %mn, %colmin[%j] : memref<?xi32>
    memref.store %ab, %colabs[%j] : memref<?xi32>
    %b = arith.divui %j, %c40 : index
    %t = memref.load %total[%b] : memref<?xi32>
    %t2 = arith.addi %t, %s : i32
    memref.store %t2, %total[%b] : memref<?xi32>
  }
  return
}

// Y = 1.5 everywhere: a fill of a global buffer of dynamic shape, outside
// any kernel.
func.func @fill_global(%Y: memref<?x?xf16>) {
  %v = arith.constant 1.5 : f16
  "tile.fill"(%Y, %v) : (memref<?x?xf16>, f16) -> ()
  return
}

func.func @fill_global_ref(%Y: memref<?x?xf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %v = arith.constant 1.5 : f16
  %M = memref.dim %Y, %c0 : memref<?x?xf16>
  %N = memref.dim %Y, %c1 : memref<?x?xf16>
  scf.for %i = %c0 to %M step %c1 {
    scf.for %j = %c0 to %N step %c1 {
      memref.store %v, %Y[%i, %j] : memref<?x?xf16>
    }
  }
  return
}
