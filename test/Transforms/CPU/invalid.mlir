// RUN: tile-opt --split-input-file --verify-diagnostics --tile-cpu-alloc --tile-cpu-gemm --tile-cpu-copy --tile-cpu-fill --tile-cpu-reduce --tile-cpu-atomic-add --tile-cpu-kernels %s

// Block and thread buffers are made by tile.alloc inside kernels: on the
// cpu an argument cannot be one.
// expected-error @+1 {{'func.func' op argument #0 is a shared buffer; on the cpu target arguments and results are global buffers (no memory space)}}
func.func @shared_argument(%s: memref<8xf32, #gpu.address_space<workgroup>>) {
  return
}

// -----

func.func @f8_copy(%X: memref<?xf8E4M3FN>, %i: index) {
  scf.forall (%b) in (2) {
    %t = "tile.alloc"() : () -> memref<16xf8E4M3FN, #tile.fragment>
    // expected-error @+1 {{'tile.copy' op source has f8E4M3FN elements, which the cpu target does not support (f16, bf16, f32, f64, i8, i16, i32 and i64 are)}}
    "tile.copy"(%X, %t, %i) {operandSegmentSizes = array<i32: 1, 1, 1, 0>}
        : (memref<?xf8E4M3FN>, memref<16xf8E4M3FN, #tile.fragment>, index) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 32 : i64}
  return
}

// -----

func.func @f8_gemm() {
  scf.forall (%b) in (2) {
    %a = "tile.alloc"() : () -> memref<16x16xf8E5M2, #gpu.address_space<workgroup>>
    %w = "tile.alloc"() : () -> memref<16x16xf8E5M2, #gpu.address_space<workgroup>>
    %c = "tile.alloc"() : () -> memref<16x16xf32, #tile.fragment>
    // expected-error @+1 {{'tile.gemm' op A has f8E5M2 elements, which the cpu target does not support (f16, bf16, f32, f64, i8, i16, i32 and i64 are)}}
    "tile.gemm"(%a, %w, %c)
        : (memref<16x16xf8E5M2, #gpu.address_space<workgroup>>,
           memref<16x16xf8E5M2, #gpu.address_space<workgroup>>,
           memref<16x16xf32, #tile.fragment>) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 32 : i64}
  return
}

// -----

func.func @f8_fill(%v: f8E4M3FN) {
  scf.forall (%b) in (2) {
    %t = "tile.alloc"() : () -> memref<16xf8E4M3FN, #tile.fragment>
    // expected-error @+1 {{'tile.fill' op dest has f8E4M3FN elements, which the cpu target does not support}}
    "tile.fill"(%t, %v) : (memref<16xf8E4M3FN, #tile.fragment>, f8E4M3FN) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 32 : i64}
  return
}

// -----

func.func @f8_reduce() {
  scf.forall (%b) in (2) {
    %x = "tile.alloc"() : () -> memref<4x16xf8E4M3FN, #tile.fragment>
    %r = "tile.alloc"() : () -> memref<4xf8E4M3FN, #tile.fragment>
    // expected-error @+1 {{'tile.reduce' op source has f8E4M3FN elements, which the cpu target does not support}}
    "tile.reduce"(%x, %r) {kind = "max", dim = 1 : i64}
        : (memref<4x16xf8E4M3FN, #tile.fragment>, memref<4xf8E4M3FN, #tile.fragment>) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 32 : i64}
  return
}

// -----

func.func @thread_loop_results(%X: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %zero = arith.constant 0.0 : f32
  scf.forall (%b) in (2) {
    // expected-error @+1 {{'scf.parallel' op has results; a thread-parallel loop writes through memrefs on the cpu target}}
    %s = scf.parallel (%i) = (%c0) to (%c8) step (%c1) init (%zero) -> f32 {
      %x = memref.load %X[%i] : memref<?xf32>
      scf.reduce(%x : f32) {
      ^bb0(%l: f32, %r: f32):
        %y = arith.addf %l, %r : f32
        scf.reduce.return %y : f32
      }
    }
    memref.store %s, %X[%b] : memref<?xf32>
  } {mapping = [#gpu.block<x>], tile.threads = 32 : i64}
  return
}

// -----

// Passes run on input that tile-verify rejects report what they rely on
// instead of crashing.
func.func @unverified_copy(%X: memref<?x?xf32>, %i: index) {
  %t = memref.alloca() : memref<4x4xf32>
  // expected-error @+1 {{'tile.copy' op cannot be lowered for the cpu: the offsets do not match the rank of the windowed buffer (tile-verify reports the rules it breaks)}}
  "tile.copy"(%X, %t, %i) {operandSegmentSizes = array<i32: 1, 1, 1, 0>}
      : (memref<?x?xf32>, memref<4x4xf32>, index) -> ()
  return
}

// -----

func.func @unverified_gemm(%a: memref<4x8xf32>, %b: memref<4x8xf32>, %c: memref<4x8xf32>) {
  // expected-error @+1 {{'tile.gemm' op cannot be lowered for the cpu: the shapes of A, B and C do not agree}}
  "tile.gemm"(%a, %b, %c) : (memref<4x8xf32>, memref<4x8xf32>, memref<4x8xf32>) -> ()
  return
}

// -----

func.func @unverified_reduce(%x: memref<4x8xf32>, %r: memref<8xf32>) {
  // expected-error @+1 {{'tile.reduce' op cannot be lowered for the cpu: dest is not the source's shape without dim}}
  "tile.reduce"(%x, %r) {kind = "sum", dim = 1 : i64} : (memref<4x8xf32>, memref<8xf32>) -> ()
  return
}

// -----

func.func @unverified_atomic(%x: memref<?x8xf32>, %g: memref<?x?xf32>, %i: index) {
  // expected-error @+1 {{'tile.atomic_add' op cannot be lowered for the cpu: the tile side is not statically shaped}}
  "tile.atomic_add"(%x, %g, %i, %i) : (memref<?x8xf32>, memref<?x?xf32>, index, index) -> ()
  return
}

// -----

func.func @unverified_alloc() {
  // expected-error @+1 {{'tile.alloc' op cannot be lowered for the cpu: a tile buffer is statically shaped with at most 8 dimensions}}
  %t = "tile.alloc"() : () -> memref<?xf32, #tile.fragment>
  return
}

// -----

// tile-cpu-kernels run without tile-verify refuses a thread-parallel loop of
// more induction variables than its arrays hold (it overflowed them), and a
// kernel of more than 3.
func.func @forall_rank(%A: memref<2x2x2x2x2x2x2x2x2xf32>) {
  %one = arith.constant 1.0 : f32
  scf.forall (%b) in (4) {
    // expected-error @+1 {{'scf.forall' op has 9 induction variables; its lowering supports at most 8}}
    scf.forall (%i0, %i1, %i2, %i3, %i4, %i5, %i6, %i7, %i8) in (2, 2, 2, 2, 2, 2, 2, 2, 2) {
      memref.store %one, %A[%i0, %i1, %i2, %i3, %i4, %i5, %i6, %i7, %i8] : memref<2x2x2x2x2x2x2x2x2xf32>
    }
  }
  return
}

// -----

func.func @kernel_rank(%A: memref<2x2x2x2x2x2x2x2x2xf32>) {
  %one = arith.constant 1.0 : f32
  // expected-error @+1 {{'scf.forall' op has 9 induction variables; its lowering supports at most 3}}
  scf.forall (%i0, %i1, %i2, %i3, %i4, %i5, %i6, %i7, %i8) in (2, 2, 2, 2, 2, 2, 2, 2, 2) {
    memref.store %one, %A[%i0, %i1, %i2, %i3, %i4, %i5, %i6, %i7, %i8] : memref<2x2x2x2x2x2x2x2x2xf32>
  } {mapping = [#gpu.block<linear_dim_0>, #gpu.block<linear_dim_1>, #gpu.block<linear_dim_2>, #gpu.block<linear_dim_3>, #gpu.block<linear_dim_4>, #gpu.block<linear_dim_5>, #gpu.block<linear_dim_6>, #gpu.block<linear_dim_7>, #gpu.block<linear_dim_8>], tile.threads = 32 : i64}
  return
}
