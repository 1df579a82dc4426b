// Thread-parallel loops that write a thread's own buffers: a local tile,
// a view of it and a memref.alloca, all made outside the loops. Such a
// loop runs every iteration on every thread, so every copy gets every
// value (the cpu's one buffer does so too); one of the loops also stores
// into a shared tile. For a row b of X:
//   t[i] = 2 X[b, i];  t[32 + i] += 1 (i < 32);  a[j] = 3 t[j] (j < 2)
//   Y[b, i] = Z[b, i] = t[i] + a[i % 2]
// Y is copied out of the shared tile, Z out of the local one.
#local = #gpu.address_space<private>
#smem = #gpu.address_space<workgroup>
func.func @local_loops(%X: memref<?x64xf32>, %Y: memref<?x64xf32>,
                       %Z: memref<?x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %three = arith.constant 3.0 : f32
  %rows = memref.dim %X, %c0 : memref<?x64xf32>
  scf.forall (%b) in (%rows) {
    %t = "tile.alloc"() : () -> memref<64xf32, #local>
    %s = "tile.alloc"() : () -> memref<64xf32, #smem>
    %a = memref.alloca() : memref<2xf32>
    scf.forall (%i) in (64) {
      %x = memref.load %X[%b, %i] : memref<?x64xf32>
      %y = arith.mulf %x, %two : f32
      memref.store %y, %t[%i] : memref<64xf32, #local>
    }
    %high = memref.subview %t[32] [32] [1]
        : memref<64xf32, #local> to memref<32xf32, strided<[1], offset: 32>, #local>
    scf.forall (%i) in (32) {
      %v = memref.load %high[%i] : memref<32xf32, strided<[1], offset: 32>, #local>
      %w = arith.addf %v, %one : f32
      memref.store %w, %high[%i] : memref<32xf32, strided<[1], offset: 32>, #local>
    }
    scf.parallel (%j) = (%c0) to (%c2) step (%c1) {
      %v = memref.load %t[%j] : memref<64xf32, #local>
      %w = arith.mulf %v, %three : f32
      memref.store %w, %a[%j] : memref<2xf32>
      scf.reduce
    }
    scf.forall (%i) in (64) {
      %v = memref.load %t[%i] : memref<64xf32, #local>
      %j = arith.remui %i, %c2 : index
      %u = memref.load %a[%j] : memref<2xf32>
      %w = arith.addf %v, %u : f32
      memref.store %w, %t[%i] : memref<64xf32, #local>
      memref.store %w, %s[%i] : memref<64xf32, #smem>
    }
    "tile.copy"(%s, %Y, %b, %c0) {operandSegmentSizes = array<i32: 1, 1, 0, 2>}
        : (memref<64xf32, #smem>, memref<?x64xf32>, index, index) -> ()
    "tile.copy"(%t, %Z, %b, %c0) {operandSegmentSizes = array<i32: 1, 1, 0, 2>}
        : (memref<64xf32, #local>, memref<?x64xf32>, index, index) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 32 : i64}
  return
}

func.func @local_loops_ref(%X: memref<?x64xf32>, %Y: memref<?x64xf32>,
                           %Z: memref<?x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %three = arith.constant 3.0 : f32
  %rows = memref.dim %X, %c0 : memref<?x64xf32>
  scf.for %b = %c0 to %rows step %c1 {
    scf.for %i = %c0 to %c64 step %c1 {
      %x = memref.load %X[%b, %i] : memref<?x64xf32>
      %t = arith.mulf %x, %two : f32
      %isHigh = arith.cmpi uge, %i, %c32 : index
      %bump = arith.select %isHigh, %one, %zero : f32
      %t2 = arith.addf %t, %bump : f32
      %j = arith.remui %i, %c2 : index
      %xj = memref.load %X[%b, %j] : memref<?x64xf32>
      %tj = arith.mulf %xj, %two : f32
      %aj = arith.mulf %tj, %three : f32
      %w = arith.addf %t2, %aj : f32
      memref.store %w, %Y[%b, %i] : memref<?x64xf32>
      memref.store %w, %Z[%b, %i] : memref<?x64xf32>
    }
  }
  return
}

// Fragments copied into local tiles (each thread holds part of a fragment;
// a local tile is a whole copy per thread): in a loop, with a conversion,
// from a 2-d and a 1-d fragment. For a block b of 32 rows:
//   Y[32 b + i, j] = sum over k < 3 of f32(f16(X[32 b + i + k, j]))
//   R[32 b + i] = X[32 b + i, 0]
// (rows of X past its end read 0).
func.func @fragment_to_local(%X: memref<?x16xf32>, %Y: memref<?x16xf32>,
                             %R: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c32 = arith.constant 32 : index
  %zero = arith.constant 0.0 : f32
  %rows = memref.dim %X, %c0 : memref<?x16xf32>
  %blocks = arith.ceildivui %rows, %c32 : index
  scf.forall (%b) in (%blocks) {
    %f = "tile.alloc"() : () -> memref<32x16xf32, #tile.fragment>
    %t = "tile.alloc"() : () -> memref<32x16xf16, #local>
    %s = "tile.alloc"() : () -> memref<32x16xf32, #smem>
    %r = "tile.alloc"() : () -> memref<32xf32, #tile.fragment>
    %u = "tile.alloc"() : () -> memref<32xf32, #local>
    %m0 = arith.muli %b, %c32 : index
    "tile.fill"(%s, %zero) : (memref<32x16xf32, #smem>, f32) -> ()
    scf.for %k = %c0 to %c3 step %c1 {
      %row = arith.addi %m0, %k : index
      "tile.copy"(%X, %f, %row, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
          : (memref<?x16xf32>, memref<32x16xf32, #tile.fragment>, index, index) -> ()
      "tile.copy"(%f, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0>}
          : (memref<32x16xf32, #tile.fragment>, memref<32x16xf16, #local>) -> ()
      scf.forall (%i, %j) in (32, 16) {
        %v = memref.load %t[%i, %j] : memref<32x16xf16, #local>
        %w = arith.extf %v : f16 to f32
        %acc = memref.load %s[%i, %j] : memref<32x16xf32, #smem>
        %sum = arith.addf %acc, %w : f32
        memref.store %sum, %s[%i, %j] : memref<32x16xf32, #smem>
      }
    }
    %col = memref.subview %X[0, 0] [%rows, 1] [1, 1]
        : memref<?x16xf32> to memref<?xf32, strided<[16]>>
    "tile.copy"(%col, %r, %m0) {operandSegmentSizes = array<i32: 1, 1, 1, 0>}
        : (memref<?xf32, strided<[16]>>, memref<32xf32, #tile.fragment>, index) -> ()
    "tile.copy"(%r, %u) {operandSegmentSizes = array<i32: 1, 1, 0, 0>}
        : (memref<32xf32, #tile.fragment>, memref<32xf32, #local>) -> ()
    "tile.copy"(%s, %Y, %m0, %c0) {operandSegmentSizes = array<i32: 1, 1, 0, 2>}
        : (memref<32x16xf32, #smem>, memref<?x16xf32>, index, index) -> ()
    "tile.copy"(%u, %R, %m0) {operandSegmentSizes = array<i32: 1, 1, 0, 1>}
        : (memref<32xf32, #local>, memref<?xf32>, index) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @fragment_to_local_ref(%X: memref<?x16xf32>, %Y: memref<?x16xf32>,
                                 %R: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c16 = arith.constant 16 : index
  %zero = arith.constant 0.0 : f32
  %rows = memref.dim %X, %c0 : memref<?x16xf32>
  scf.for %i = %c0 to %rows step %c1 {
    scf.for %j = %c0 to %c16 step %c1 {
      %sum = scf.for %k = %c0 to %c3 step %c1 iter_args(%acc = %zero) -> (f32) {
        %row = arith.addi %i, %k : index
        %inside = arith.cmpi ult, %row, %rows : index
        %x = scf.if %inside -> (f32) {
          %v = memref.load %X[%row, %j] : memref<?x16xf32>
          scf.yield %v : f32
        } else {
          scf.yield %zero : f32
        }
        %h = arith.truncf %x : f32 to f16
        %w = arith.extf %h : f16 to f32
        %next = arith.addf %acc, %w : f32
        scf.yield %next : f32
      }
      memref.store %sum, %Y[%i, %j] : memref<?x16xf32>
    }
    %first = memref.load %X[%i, %c0] : memref<?x16xf32>
    memref.store %first, %R[%i] : memref<?xf32>
  }
  return
}

// Grid fragments reduced into local tiles (every thread needs every line):
// for a block b of 32 rows of X (rows past its end read 0),
//   S[32 b + i] = sum over j of X[32 b + i, j]
//   M[b, j] = max over i of X[32 b + i, j]
//   T[b] = max over i of S[32 b + i] (a rows vector into a local scalar)
func.func @reduce_to_local(%X: memref<?x16xi32>, %S: memref<?xi32>,
                           %M: memref<?x16xi32>, %T: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %rows = memref.dim %X, %c0 : memref<?x16xi32>
  %blocks = arith.ceildivui %rows, %c32 : index
  scf.forall (%b) in (%blocks) {
    %f = "tile.alloc"() : () -> memref<32x16xi32, #tile.fragment>
    %s = "tile.alloc"() : () -> memref<32xi32, #local>
    %m = "tile.alloc"() : () -> memref<16xi32, #local>
    %r = "tile.alloc"() : () -> memref<32xi32, #tile.fragment>
    %t = "tile.alloc"() : () -> memref<i32, #local>
    %m0 = arith.muli %b, %c32 : index
    "tile.copy"(%X, %f, %m0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
        : (memref<?x16xi32>, memref<32x16xi32, #tile.fragment>, index, index) -> ()
    "tile.reduce"(%f, %s) {kind = "sum", dim = 1 : i64}
        : (memref<32x16xi32, #tile.fragment>, memref<32xi32, #local>) -> ()
    "tile.reduce"(%f, %m) {kind = "max", dim = 0 : i64}
        : (memref<32x16xi32, #tile.fragment>, memref<16xi32, #local>) -> ()
    "tile.reduce"(%f, %r) {kind = "sum", dim = 1 : i64}
        : (memref<32x16xi32, #tile.fragment>, memref<32xi32, #tile.fragment>) -> ()
    "tile.reduce"(%r, %t) {kind = "max", dim = 0 : i64}
        : (memref<32xi32, #tile.fragment>, memref<i32, #local>) -> ()
    "tile.copy"(%s, %S, %m0) {operandSegmentSizes = array<i32: 1, 1, 0, 1>}
        : (memref<32xi32, #local>, memref<?xi32>, index) -> ()
    "tile.copy"(%m, %M, %b, %c0) {operandSegmentSizes = array<i32: 1, 1, 0, 2>}
        : (memref<16xi32, #local>, memref<?x16xi32>, index, index) -> ()
    %v = memref.load %t[] : memref<i32, #local>
    memref.store %v, %T[%b] : memref<?xi32>
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @reduce_to_local_ref(%X: memref<?x16xi32>, %S: memref<?xi32>,
                               %M: memref<?x16xi32>, %T: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %zero = arith.constant 0 : i32
  %lowest = arith.constant -2147483648 : i32
  %rows = memref.dim %X, %c0 : memref<?x16xi32>
  %blocks = arith.ceildivui %rows, %c32 : index
  scf.for %b = %c0 to %blocks step %c1 {
    %m0 = arith.muli %b, %c32 : index
    %top = scf.for %i = %c0 to %c32 step %c1 iter_args(%best = %lowest) -> (i32) {
      %row = arith.addi %m0, %i : index
      %inside = arith.cmpi ult, %row, %rows : index
      %sum = scf.for %j = %c0 to %c16 step %c1 iter_args(%acc = %zero) -> (i32) {
        %x = scf.if %inside -> (i32) {
          %v = memref.load %X[%row, %j] : memref<?x16xi32>
          scf.yield %v : i32
        } else {
          scf.yield %zero : i32
        }
        %next = arith.addi %acc, %x : i32
        scf.yield %next : i32
      }
      scf.if %inside {
        memref.store %sum, %S[%row] : memref<?xi32>
      }
      %better = arith.maxsi %best, %sum : i32
      scf.yield %better : i32
    }
    memref.store %top, %T[%b] : memref<?xi32>
    scf.for %j = %c0 to %c16 step %c1 {
      %most = scf.for %i = %c0 to %c32 step %c1 iter_args(%best = %lowest) -> (i32) {
        %row = arith.addi %m0, %i : index
        %inside = arith.cmpi ult, %row, %rows : index
        %x = scf.if %inside -> (i32) {
          %v = memref.load %X[%row, %j] : memref<?x16xi32>
          scf.yield %v : i32
        } else {
          scf.yield %zero : i32
        }
        %better = arith.maxsi %best, %x : i32
        scf.yield %better : i32
      }
      memref.store %most, %M[%b, %j] : memref<?x16xi32>
    }
  }
  return
}
