// RUN: tile-opt --tile-gpu-layout --split-input-file --verify-diagnostics %s

// A fragment of rank 3 is kept in shared memory, so only tile ops and
// element loads and stores may use it.
func.func @rank3_view() {
  scf.forall (%b) in (4) {
    %x = "tile.alloc"() : () -> memref<2x4x8xf32, #tile.fragment>
    // expected-error @+1 {{'memref.collapse_shape' op uses a fragment of rank 3, which the GPU lowering keeps in shared memory, in a way it does not support (such fragments are used by tile ops and by memref.load/store)}}
    %y = memref.collapse_shape %x [[0, 1], [2]] : memref<2x4x8xf32, #tile.fragment> into memref<8x8xf32, #tile.fragment>
  } {mapping = [#gpu.block<x>], tile.threads = 32 : i64}
  return
}

// -----

// A fragment that no layout can hold is kept in shared memory
// (shared-fragments-fallback.mlir), but a gemm accumulator cannot be.
func.func @accumulator_transposed(%zero: f32) {
  scf.forall (%b) in (4) {
    %a = "tile.alloc"() : () -> memref<32x16xf16, #gpu.address_space<workgroup>>
    %bb = "tile.alloc"() : () -> memref<16x32xf16, #gpu.address_space<workgroup>>
    %c = "tile.alloc"() : () -> memref<32x32xf32, #tile.fragment>
    "tile.gemm"(%a, %bb, %c) : (memref<32x16xf16, #gpu.address_space<workgroup>>, memref<16x32xf16, #gpu.address_space<workgroup>>, memref<32x32xf32, #tile.fragment>) -> ()
    scf.forall (%i, %j) in (32, 32) {
      // expected-error @+1 {{'memref.store' op accesses a fragment laid out over the thread grid at indices that the enclosing thread-parallel loop does not distribute that way}}
      memref.store %zero, %c[%j, %i] : memref<32x32xf32, #tile.fragment>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 32 : i64}
  return
}

// -----

func.func @nested(%zero: f32) {
  scf.forall (%b) in (4) {
    scf.forall (%i) in (32) {
      // expected-error @+1 {{'scf.forall' op is a thread-parallel loop nested in another one, which the GPU lowering does not distribute}}
      scf.forall (%j) in (32) {
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 32 : i64}
  return
}

// -----

func.func @scalar_store(%zero: f32) {
  scf.forall (%b) in (4) {
    %s = "tile.alloc"() : () -> memref<f32, #tile.fragment>
    scf.forall (%i) in (32) {
      // expected-error @+1 {{'memref.store' op stores into a rank-0 fragment inside a thread-parallel loop, whose iterations run on different threads}}
      memref.store %zero, %s[] : memref<f32, #tile.fragment>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 32 : i64}
  return
}

// -----

func.func @other_use() {
  scf.forall (%b) in (4) {
    %x = "tile.alloc"() : () -> memref<32xf32, #tile.fragment>
    // expected-error @+1 {{'memref.cast' op uses a fragment in a way the GPU lowering does not support}}
    %y = memref.cast %x : memref<32xf32, #tile.fragment> to memref<?xf32, #tile.fragment>
  } {mapping = [#gpu.block<x>], tile.threads = 32 : i64}
  return
}

// -----

// Input that breaks the tile rules is reported, not lowered: a copy without
// offsets has no static extent to distribute over the threads.
func.func @unverified(%X: memref<?x?xf32>, %Y: memref<?x?xf32>) {
  scf.forall (%b) in (4) {
    // expected-error @+1 {{'tile.copy' op without offsets, source and dest must have the same static shape}}
    "tile.copy"(%X, %Y) {operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (memref<?x?xf32>, memref<?x?xf32>) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 32 : i64}
  return
}
