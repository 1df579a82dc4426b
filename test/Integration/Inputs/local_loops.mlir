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
