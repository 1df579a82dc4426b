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

func.func @outside_loop(%i: index) {
  scf.forall (%b) in (4) {
    %x = "tile.alloc"() : () -> memref<32xf32, #tile.fragment>
    // expected-error @+1 {{'memref.load' op accesses an element of a fragment outside a thread-parallel loop; only the threads holding it can}}
    %v = memref.load %x[%i] : memref<32xf32, #tile.fragment>
  } {mapping = [#gpu.block<x>], tile.threads = 32 : i64}
  return
}

// -----

func.func @transposed_access(%zero: f32) {
  scf.forall (%b) in (4) {
    %x = "tile.alloc"() : () -> memref<32x32xf32, #tile.fragment>
    scf.forall (%i, %j) in (32, 32) {
      // expected-error @+1 {{'memref.store' op accesses a fragment laid out over the thread grid at indices that the enclosing thread-parallel loop does not distribute that way}}
      memref.store %zero, %x[%j, %i] : memref<32x32xf32, #tile.fragment>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 32 : i64}
  return
}

// -----

func.func @rows_and_cols() {
  scf.forall (%b) in (4) {
    %x = "tile.alloc"() : () -> memref<32x32xf32, #tile.fragment>
    %v = "tile.alloc"() : () -> memref<32xf32, #tile.fragment>
    // expected-error @+1 {{'tile.reduce' op needs a rank-1 fragment laid out by rows, but another use needs it (or a fragment copied to or from it) laid out by columns}}
    "tile.reduce"(%x, %v) {kind = "sum", dim = 1 : i64}
        : (memref<32x32xf32, #tile.fragment>, memref<32xf32, #tile.fragment>) -> ()
    // expected-error @+1 {{'tile.reduce' op is the use that needs it laid out by columns}}
    "tile.reduce"(%x, %v) {kind = "sum", dim = 0 : i64, clear = false}
        : (memref<32x32xf32, #tile.fragment>, memref<32xf32, #tile.fragment>) -> ()
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

func.func @offset_loop(%zero: f32) {
  scf.forall (%b) in (4) {
    %x = "tile.alloc"() : () -> memref<64xf32, #tile.fragment>
    // expected-error @+1 {{'scf.forall' op accesses fragments, so its dimension 0 must start at 0 with step 1}}
    scf.forall (%i) = (1) to (64) step (1) {
      memref.store %zero, %x[%i] : memref<64xf32, #tile.fragment>
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
