// Fragments that no GPU layout can hold, which the GPU targets keep in
// shared memory (tile-gpu-shared-fragments), and host references of what
// each kernel computes.

// Y = X^T: a grid fragment read at [j, i] in a loop over (i, j).
func.func @transposed(%X: memref<32x32xf32>, %Y: memref<32x32xf32>) {
  scf.forall (%b) in (1) {
    %f = "tile.alloc"() : () -> memref<32x32xf32, #tile.fragment>
    "tile.copy"(%X, %f) {operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (memref<32x32xf32>, memref<32x32xf32, #tile.fragment>) -> ()
    scf.forall (%i, %j) in (32, 32) {
      %v = memref.load %f[%j, %i] : memref<32x32xf32, #tile.fragment>
      memref.store %v, %Y[%i, %j] : memref<32x32xf32>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @transposed_ref(%X: memref<32x32xf32>, %Y: memref<32x32xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  scf.for %i = %c0 to %c32 step %c1 {
    scf.for %j = %c0 to %c32 step %c1 {
      %v = memref.load %X[%j, %i] : memref<32x32xf32>
      memref.store %v, %Y[%i, %j] : memref<32x32xf32>
    }
  }
  return
}

// Y[i] = the sum of row i plus the sum of column i: one vector reduced into
// by rows and then by columns.
func.func @rows_and_cols(%X: memref<32x32xf32>, %Y: memref<32xf32>) {
  scf.forall (%b) in (1) {
    %f = "tile.alloc"() : () -> memref<32x32xf32, #tile.fragment>
    %v = "tile.alloc"() : () -> memref<32xf32, #tile.fragment>
    "tile.copy"(%X, %f) {operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (memref<32x32xf32>, memref<32x32xf32, #tile.fragment>) -> ()
    "tile.reduce"(%f, %v) {kind = "sum", dim = 1 : i64} : (memref<32x32xf32, #tile.fragment>, memref<32xf32, #tile.fragment>) -> ()
    "tile.reduce"(%f, %v) {kind = "sum", dim = 0 : i64, clear = false} : (memref<32x32xf32, #tile.fragment>, memref<32xf32, #tile.fragment>) -> ()
    "tile.copy"(%v, %Y) {operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (memref<32xf32, #tile.fragment>, memref<32xf32>) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @rows_and_cols_ref(%X: memref<32x32xf32>, %Y: memref<32xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %zero = arith.constant 0.0 : f32
  scf.for %i = %c0 to %c32 step %c1 {
    %s = scf.for %j = %c0 to %c32 step %c1 iter_args(%acc = %zero) -> (f32) {
      %r = memref.load %X[%i, %j] : memref<32x32xf32>
      %c = memref.load %X[%j, %i] : memref<32x32xf32>
      %a = arith.addf %acc, %r : f32
      %b = arith.addf %a, %c : f32
      scf.yield %b : f32
    }
    memref.store %s, %Y[%i] : memref<32xf32>
  }
  return
}

// Y = [0, 2 X[1], ..., 2 X[63]]: a loop over a fragment that starts at 1.
func.func @offset_loop(%X: memref<64xf32>, %Y: memref<64xf32>) {
  %zero = arith.constant 0.0 : f32
  %two = arith.constant 2.0 : f32
  scf.forall (%b) in (1) {
    %v = "tile.alloc"() : () -> memref<64xf32, #tile.fragment>
    "tile.fill"(%v, %zero) : (memref<64xf32, #tile.fragment>, f32) -> ()
    scf.forall (%i) = (1) to (64) step (1) {
      %x = memref.load %X[%i] : memref<64xf32>
      %y = arith.mulf %x, %two : f32
      memref.store %y, %v[%i] : memref<64xf32, #tile.fragment>
    }
    "tile.copy"(%v, %Y) {operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (memref<64xf32, #tile.fragment>, memref<64xf32>) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 32 : i64}
  return
}

func.func @offset_loop_ref(%X: memref<64xf32>, %Y: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %zero = arith.constant 0.0 : f32
  %two = arith.constant 2.0 : f32
  memref.store %zero, %Y[%c0] : memref<64xf32>
  scf.for %i = %c1 to %c64 step %c1 {
    %x = memref.load %X[%i] : memref<64xf32>
    %y = arith.mulf %x, %two : f32
    memref.store %y, %Y[%i] : memref<64xf32>
  }
  return
}

// Y[i] = the sum over k of L[k, i] (a 2-d fragment read at [k, i] in a 1-d
// loop, as flash decoding combines its splits), plus L[k0, 3] read outside
// any loop.
func.func @combine(%L: memref<4x32xf32>, %Y: memref<32xf32>, %k0: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %zero = arith.constant 0.0 : f32
  scf.forall (%b) in (1) {
    %l = "tile.alloc"() : () -> memref<4x32xf32, #tile.fragment>
    %acc = "tile.alloc"() : () -> memref<32xf32, #tile.fragment>
    "tile.copy"(%L, %l) {operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (memref<4x32xf32>, memref<4x32xf32, #tile.fragment>) -> ()
    "tile.fill"(%acc, %zero) : (memref<32xf32, #tile.fragment>, f32) -> ()
    scf.for %k = %c0 to %c4 step %c1 {
      scf.forall (%i) in (32) {
        %a = memref.load %acc[%i] : memref<32xf32, #tile.fragment>
        %x = memref.load %l[%k, %i] : memref<4x32xf32, #tile.fragment>
        %s = arith.addf %a, %x : f32
        memref.store %s, %acc[%i] : memref<32xf32, #tile.fragment>
      }
    }
    %e = memref.load %l[%k0, %c3] : memref<4x32xf32, #tile.fragment>
    scf.forall (%i) in (32) {
      %a = memref.load %acc[%i] : memref<32xf32, #tile.fragment>
      %s = arith.addf %a, %e : f32
      memref.store %s, %Y[%i] : memref<32xf32>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @combine_ref(%L: memref<4x32xf32>, %Y: memref<32xf32>, %k0: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c32 = arith.constant 32 : index
  %zero = arith.constant 0.0 : f32
  %e = memref.load %L[%k0, %c3] : memref<4x32xf32>
  scf.for %i = %c0 to %c32 step %c1 {
    %s = scf.for %k = %c0 to %c4 step %c1 iter_args(%acc = %zero) -> (f32) {
      %x = memref.load %L[%k, %i] : memref<4x32xf32>
      %a = arith.addf %acc, %x : f32
      scf.yield %a : f32
    }
    %t = arith.addf %s, %e : f32
    memref.store %t, %Y[%i] : memref<32xf32>
  }
  return
}
