// C = 2 * (every other row of A, from its second column on): the kernel
// reads A through a strided view (row stride 2 N, offset 1) and writes C.
func.func @rows(%A: memref<?x?xf32>, %C: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %two = arith.constant 2.0 : f32
  %M = memref.dim %C, %c0 : memref<?x?xf32>
  %N = memref.dim %C, %c1 : memref<?x?xf32>
  %V = memref.subview %A[0, 1] [%M, %N] [2, 1]
      : memref<?x?xf32> to memref<?x?xf32, strided<[?, 1], offset: 1>>
  %gm = arith.ceildivui %M, %c16 : index
  %gn = arith.ceildivui %N, %c16 : index
  scf.forall (%bm, %bn) in (%gm, %gn) {
    scf.forall (%ti, %tj) in (16, 16) {
      %i0 = arith.muli %bm, %c16 : index
      %j0 = arith.muli %bn, %c16 : index
      %i = arith.addi %i0, %ti : index
      %j = arith.addi %j0, %tj : index
      %in_i = arith.cmpi ult, %i, %M : index
      %in_j = arith.cmpi ult, %j, %N : index
      %in = arith.andi %in_i, %in_j : i1
      scf.if %in {
        %x = memref.load %V[%i, %j] : memref<?x?xf32, strided<[?, 1], offset: 1>>
        %y = arith.mulf %x, %two : f32
        memref.store %y, %C[%i, %j] : memref<?x?xf32>
      }
    }
  } {mapping = [#gpu.block<y>, #gpu.block<x>], tile.threads = 256 : i64}
  return
}

func.func @rows_ref(%A: memref<?x?xf32>, %C: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %two = arith.constant 2.0 : f32
  %M = memref.dim %C, %c0 : memref<?x?xf32>
  %N = memref.dim %C, %c1 : memref<?x?xf32>
  scf.for %i = %c0 to %M step %c1 {
    scf.for %j = %c0 to %N step %c1 {
      %r = arith.muli %i, %c2 : index
      %k = arith.addi %j, %c1 : index
      %x = memref.load %A[%r, %k] : memref<?x?xf32>
      %y = arith.mulf %x, %two : f32
      memref.store %y, %C[%i, %j] : memref<?x?xf32>
    }
  }
  return
}

// C[i][j] = A[r0 + i][c0 + j] + B[j][i]: A read through a window at a
// dynamic offset, B through memref.transpose (strides [1, ?]).
func.func @window(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>, %r0: index, %c0: index) {
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %M = memref.dim %C, %i0 : memref<?x?xf32>
  %N = memref.dim %C, %i1 : memref<?x?xf32>
  %V = memref.subview %A[%r0, %c0] [%M, %N] [1, 1]
      : memref<?x?xf32> to memref<?x?xf32, strided<[?, 1], offset: ?>>
  %T = memref.transpose %B (i, j) -> (j, i)
      : memref<?x?xf32> to memref<?x?xf32, strided<[1, ?]>>
  %gm = arith.ceildivui %M, %c16 : index
  %gn = arith.ceildivui %N, %c16 : index
  scf.forall (%bm, %bn) in (%gm, %gn) {
    scf.forall (%ti, %tj) in (16, 16) {
      %a = arith.muli %bm, %c16 : index
      %b = arith.muli %bn, %c16 : index
      %i = arith.addi %a, %ti : index
      %j = arith.addi %b, %tj : index
      %in_i = arith.cmpi ult, %i, %M : index
      %in_j = arith.cmpi ult, %j, %N : index
      %in = arith.andi %in_i, %in_j : i1
      scf.if %in {
        %x = memref.load %V[%i, %j] : memref<?x?xf32, strided<[?, 1], offset: ?>>
        %y = memref.load %T[%i, %j] : memref<?x?xf32, strided<[1, ?]>>
        %z = arith.addf %x, %y : f32
        memref.store %z, %C[%i, %j] : memref<?x?xf32>
      }
    }
  } {mapping = [#gpu.block<y>, #gpu.block<x>], tile.threads = 256 : i64}
  return
}

func.func @window_ref(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>, %r0: index, %c0: index) {
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %M = memref.dim %C, %i0 : memref<?x?xf32>
  %N = memref.dim %C, %i1 : memref<?x?xf32>
  scf.for %i = %i0 to %M step %i1 {
    scf.for %j = %i0 to %N step %i1 {
      %r = arith.addi %i, %r0 : index
      %k = arith.addi %j, %c0 : index
      %x = memref.load %A[%r, %k] : memref<?x?xf32>
      %y = memref.load %B[%j, %i] : memref<?x?xf32>
      %z = arith.addf %x, %y : f32
      memref.store %z, %C[%i, %j] : memref<?x?xf32>
    }
  }
  return
}

// out[i] = V[i] for the n-element view of A of stride s: a stride below 0,
// or a view that reaches 2^31 elements or more from its base, is refused
// before the launch (kernels index with 32 bits).
func.func @stride(%A: memref<?xf32>, %out: memref<?xf32>, %s: index) {
  %c0 = arith.constant 0 : index
  %n = memref.dim %out, %c0 : memref<?xf32>
  %V = memref.reinterpret_cast %A to offset: [0], sizes: [%n], strides: [%s]
      : memref<?xf32> to memref<?xf32, strided<[?]>>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %in = arith.cmpi ult, %i, %n : index
      scf.if %in {
        %x = memref.load %V[%i] : memref<?xf32, strided<[?]>>
        memref.store %x, %out[%i] : memref<?xf32>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @stride_ref(%A: memref<?xf32>, %out: memref<?xf32>, %s: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %out, %c0 : memref<?xf32>
  scf.for %i = %c0 to %n step %c1 {
    %k = arith.muli %i, %s : index
    %x = memref.load %A[%k] : memref<?xf32>
    memref.store %x, %out[%i] : memref<?xf32>
  }
  return
}

// C = the 8 x 8 view of A from (4, 8) in steps of 2 rows and 3 columns:
// static strides [128, 3] and offset 264, no words.
func.func @corner(%A: memref<64x64xf32>, %C: memref<8x8xf32>) {
  %V = memref.subview %A[4, 8] [8, 8] [2, 3] : memref<64x64xf32> to memref<8x8xf32, strided<[128, 3], offset: 264>>
  scf.forall (%b) in (1) {
    scf.forall (%i, %j) in (8, 8) {
      %x = memref.load %V[%i, %j] : memref<8x8xf32, strided<[128, 3], offset: 264>>
      memref.store %x, %C[%i, %j] : memref<8x8xf32>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}
func.func @corner_ref(%A: memref<64x64xf32>, %C: memref<8x8xf32>) {
  %V = memref.subview %A[4, 8] [8, 8] [2, 3] : memref<64x64xf32> to memref<8x8xf32, strided<[128, 3], offset: 264>>
  memref.copy %V, %C : memref<8x8xf32, strided<[128, 3], offset: 264>> to memref<8x8xf32>
  return
}

// In place through two interleaved views of one buffer: the odd columns of
// A become twice the even ones plus one (odd_from_even, which writes its
// odd view first, so that it is the kernel's first argument), or the even
// ones twice the odd ones plus one (even_from_odd). The two views' spans
// overlap almost entirely.
func.func @odd_from_even(%A: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %M = memref.dim %A, %c0 : memref<?x?xf32>
  %N = memref.dim %A, %c1 : memref<?x?xf32>
  %H = arith.divui %N, %c2 : index
  %E = memref.subview %A[0, 0] [%M, %H] [1, 2]
      : memref<?x?xf32> to memref<?x?xf32, strided<[?, 2]>>
  %O = memref.subview %A[0, 1] [%M, %H] [1, 2]
      : memref<?x?xf32> to memref<?x?xf32, strided<[?, 2], offset: 1>>
  scf.forall (%b) in (%M) {
    scf.forall (%j) in (32) {
      %in = arith.cmpi ult, %j, %H : index
      scf.if %in {
        %zero = arith.constant 0.0 : f32
        memref.store %zero, %O[%b, %j] : memref<?x?xf32, strided<[?, 2], offset: 1>>
        %x = memref.load %E[%b, %j] : memref<?x?xf32, strided<[?, 2]>>
        %y = arith.addf %x, %x : f32
        %one = arith.constant 1.0 : f32
        %z = arith.addf %y, %one : f32
        memref.store %z, %O[%b, %j] : memref<?x?xf32, strided<[?, 2], offset: 1>>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 32 : i64}
  return
}

func.func @odd_from_even_ref(%A: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %one = arith.constant 1.0 : f32
  %M = memref.dim %A, %c0 : memref<?x?xf32>
  %N = memref.dim %A, %c1 : memref<?x?xf32>
  %H = arith.divui %N, %c2 : index
  scf.for %i = %c0 to %M step %c1 {
    scf.for %j = %c0 to %H step %c1 {
      %e = arith.muli %j, %c2 : index
      %o = arith.addi %e, %c1 : index
      %x = memref.load %A[%i, %e] : memref<?x?xf32>
      %y = arith.addf %x, %x : f32
      %z = arith.addf %y, %one : f32
      memref.store %z, %A[%i, %o] : memref<?x?xf32>
    }
  }
  return
}

func.func @even_from_odd(%A: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %M = memref.dim %A, %c0 : memref<?x?xf32>
  %N = memref.dim %A, %c1 : memref<?x?xf32>
  %H = arith.divui %N, %c2 : index
  %E = memref.subview %A[0, 0] [%M, %H] [1, 2]
      : memref<?x?xf32> to memref<?x?xf32, strided<[?, 2]>>
  %O = memref.subview %A[0, 1] [%M, %H] [1, 2]
      : memref<?x?xf32> to memref<?x?xf32, strided<[?, 2], offset: 1>>
  scf.forall (%b) in (%M) {
    scf.forall (%j) in (32) {
      %in = arith.cmpi ult, %j, %H : index
      scf.if %in {
        %x = memref.load %O[%b, %j] : memref<?x?xf32, strided<[?, 2], offset: 1>>
        %y = arith.addf %x, %x : f32
        %one = arith.constant 1.0 : f32
        %z = arith.addf %y, %one : f32
        memref.store %z, %E[%b, %j] : memref<?x?xf32, strided<[?, 2]>>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 32 : i64}
  return
}

func.func @even_from_odd_ref(%A: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %one = arith.constant 1.0 : f32
  %M = memref.dim %A, %c0 : memref<?x?xf32>
  %N = memref.dim %A, %c1 : memref<?x?xf32>
  %H = arith.divui %N, %c2 : index
  scf.for %i = %c0 to %M step %c1 {
    scf.for %j = %c0 to %H step %c1 {
      %e = arith.muli %j, %c2 : index
      %o = arith.addi %e, %c1 : index
      %x = memref.load %A[%i, %o] : memref<?x?xf32>
      %y = arith.addf %x, %x : f32
      %z = arith.addf %y, %one : f32
      memref.store %z, %A[%i, %e] : memref<?x?xf32>
    }
  }
  return
}
