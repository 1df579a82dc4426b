// RUN: tile-opt --tile-gpu-layout --split-input-file %s | FileCheck %s

// A gemm accumulator gets a grid shaped for square per-thread tiles, wider
// in tc: 128x128 over 128 threads is 8 x 16 (16x8 elements per thread).
// CHECK-LABEL: func.func @gemm
// CHECK: "tile.alloc"() {simt.layout = "grid"} : () -> memref<128x128xf32, #tile.fragment>
// CHECK: simt.grid = array<i64: 8, 16>
func.func @gemm(%zero: f32) {
  scf.forall (%b) in (4) {
    %a = "tile.alloc"() : () -> memref<128x32xf16, #gpu.address_space<workgroup>>
    %bt = "tile.alloc"() : () -> memref<32x128xf16, #gpu.address_space<workgroup>>
    %acc = "tile.alloc"() : () -> memref<128x128xf32, #tile.fragment>
    "tile.fill"(%acc, %zero) : (memref<128x128xf32, #tile.fragment>, f32) -> ()
    "tile.gemm"(%a, %bt, %acc)
        : (memref<128x32xf16, #gpu.address_space<workgroup>>,
           memref<32x128xf16, #gpu.address_space<workgroup>>,
           memref<128x128xf32, #tile.fragment>) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 128 : i64}
  return
}

// -----

// A fragment used as the A operand of a gemm needs whole rows on each
// thread: tc = 1. Its row statistics are rows vectors, and the loops over
// the fragments are distributed like them.
// CHECK-LABEL: func.func @attention
// CHECK-DAG: "tile.alloc"() {simt.layout = "grid"} : () -> memref<32x32xf32, #tile.fragment>
// CHECK-DAG: "tile.alloc"() {simt.layout = "rows"} : () -> memref<32xf32, #tile.fragment>
// CHECK: scf.forall
// CHECK: } {simt.distribute = "grid"}
// CHECK: scf.forall
// CHECK: } {simt.distribute = "rows"}
// CHECK: simt.grid = array<i64: 64, 1>
func.func @attention(%zero: f32) {
  scf.forall (%b) in (4) {
    %v = "tile.alloc"() : () -> memref<32x64xf32, #gpu.address_space<workgroup>>
    %p = "tile.alloc"() : () -> memref<32x32xf32, #tile.fragment>
    %o = "tile.alloc"() : () -> memref<32x64xf32, #tile.fragment>
    %m = "tile.alloc"() : () -> memref<32xf32, #tile.fragment>
    "tile.reduce"(%p, %m) {kind = "max", dim = 1 : i64}
        : (memref<32x32xf32, #tile.fragment>, memref<32xf32, #tile.fragment>) -> ()
    scf.forall (%i, %j) in (32, 32) {
      %x = memref.load %p[%i, %j] : memref<32x32xf32, #tile.fragment>
      %y = memref.load %m[%i] : memref<32xf32, #tile.fragment>
      %d = arith.subf %x, %y : f32
      memref.store %d, %p[%i, %j] : memref<32x32xf32, #tile.fragment>
    }
    scf.forall (%i) in (32) {
      memref.store %zero, %m[%i] : memref<32xf32, #tile.fragment>
    }
    "tile.gemm"(%p, %v, %o)
        : (memref<32x32xf32, #tile.fragment>, memref<32x64xf32, #gpu.address_space<workgroup>>,
           memref<32x64xf32, #tile.fragment>) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

// -----

// A fragment B operand needs whole columns: tr = 1. A column reduction
// gives a cols vector, and a vector reduction a scalar.
// CHECK-LABEL: func.func @columns
// CHECK-DAG: "tile.alloc"() {simt.layout = "cols"} : () -> memref<32xf32, #tile.fragment>
// CHECK-DAG: "tile.alloc"() {simt.layout = "scalar"} : () -> memref<f32, #tile.fragment>
// CHECK: simt.grid = array<i64: 1, 64>
func.func @columns() {
  scf.forall (%b) in (4) {
    %a = "tile.alloc"() : () -> memref<32x8xf32, #gpu.address_space<workgroup>>
    %bf = "tile.alloc"() : () -> memref<8x32xf32, #tile.fragment>
    %c = "tile.alloc"() : () -> memref<32x32xf32, #tile.fragment>
    %col = "tile.alloc"() : () -> memref<32xf32, #tile.fragment>
    %all = "tile.alloc"() : () -> memref<f32, #tile.fragment>
    "tile.gemm"(%a, %bf, %c)
        : (memref<32x8xf32, #gpu.address_space<workgroup>>, memref<8x32xf32, #tile.fragment>,
           memref<32x32xf32, #tile.fragment>) -> ()
    "tile.reduce"(%c, %col) {kind = "sum", dim = 0 : i64}
        : (memref<32x32xf32, #tile.fragment>, memref<32xf32, #tile.fragment>) -> ()
    "tile.reduce"(%col, %all) {kind = "sum", dim = 0 : i64}
        : (memref<32xf32, #tile.fragment>, memref<f32, #tile.fragment>) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

// -----

// A rows vector copied to another takes it along; a loop without fragments
// spreads its iterations over all threads. Without 2-d fragments, rows
// vectors spread over all threads (grid T x 1).
// CHECK-LABEL: func.func @vectors
// CHECK-COUNT-2: {simt.layout = "rows"}
// CHECK: } {simt.distribute = "threads"}
// CHECK: simt.grid = array<i64: 96, 1>
func.func @vectors(%X: memref<?xf32>) {
  scf.forall (%b) in (4) {
    %x = "tile.alloc"() : () -> memref<256xf32, #tile.fragment>
    %y = "tile.alloc"() : () -> memref<256xf32, #tile.fragment>
    "tile.copy"(%x, %y) {operandSegmentSizes = array<i32: 1, 1, 0, 0>}
        : (memref<256xf32, #tile.fragment>, memref<256xf32, #tile.fragment>) -> ()
    scf.forall (%i) in (256) {
      %v = memref.load %X[%i] : memref<?xf32>
      memref.store %v, %X[%i] : memref<?xf32>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 96 : i64}
  return
}

// -----

// A loop that writes a thread's own buffer made outside it (a local tile,
// directly, through a view or a call, or a memref.alloca) runs every
// iteration on every thread; scratch made inside the loop does not count.
// CHECK-LABEL: func.func @private_writes
// CHECK: } {simt.distribute = "replicated"}
// CHECK: } {simt.distribute = "replicated"}
// CHECK: } {simt.distribute = "replicated"}
// CHECK: } {simt.distribute = "replicated"}
// CHECK: } {simt.distribute = "threads"}
func.func private @fill(memref<8xf32, #gpu.address_space<private>>)
func.func @private_writes(%x: f32, %out: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  scf.forall (%b) in (4) {
    %t = "tile.alloc"() : () -> memref<8xf32, #gpu.address_space<private>>
    %a = memref.alloca() : memref<8xf32>
    scf.forall (%i) in (8) {
      memref.store %x, %t[%i] : memref<8xf32, #gpu.address_space<private>>
    }
    %v = memref.subview %t[2] [4] [1]
        : memref<8xf32, #gpu.address_space<private>>
          to memref<4xf32, strided<[1], offset: 2>, #gpu.address_space<private>>
    scf.forall (%i) in (4) {
      memref.store %x, %v[%i] : memref<4xf32, strided<[1], offset: 2>, #gpu.address_space<private>>
    }
    scf.forall (%i) in (8) {
      func.call @fill(%t) : (memref<8xf32, #gpu.address_space<private>>) -> ()
    }
    scf.forall (%i) in (8) {
      memref.store %x, %a[%i] : memref<8xf32>
    }
    scf.forall (%i) in (8) {
      %s = memref.alloca() : memref<8xf32>
      memref.store %x, %s[%i] : memref<8xf32>
      %y = memref.load %t[%i] : memref<8xf32, #gpu.address_space<private>>
      memref.store %y, %out[%i] : memref<?xf32>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

// -----

// Fragments of rank 3 or more are kept in shared memory.
// CHECK-LABEL: func.func @rank3
// CHECK: %[[T:.*]] = "tile.alloc"() : () -> memref<2x4x8xf32, #gpu.address_space<workgroup>>
// CHECK: "tile.fill"(%[[T]], %{{.*}}) : (memref<2x4x8xf32, #gpu.address_space<workgroup>>, f32) -> ()
// CHECK: memref.load %[[T]]
// CHECK: } {simt.distribute = "threads"}
func.func @rank3(%x: f32, %out: memref<?xf32>) {
  scf.forall (%b) in (4) {
    %t = "tile.alloc"() : () -> memref<2x4x8xf32, #tile.fragment>
    "tile.fill"(%t, %x) : (memref<2x4x8xf32, #tile.fragment>, f32) -> ()
    scf.forall (%i) in (8) {
      %c0 = arith.constant 0 : index
      %v = memref.load %t[%c0, %c0, %i] : memref<2x4x8xf32, #tile.fragment>
      memref.store %v, %out[%i] : memref<?xf32>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 32 : i64}
  return
}
