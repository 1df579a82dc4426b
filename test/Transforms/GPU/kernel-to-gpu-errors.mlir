// tile-kernel-to-gpu run without tile-verify refuses loops of more
// induction variables than its lowering holds (9 overflowed its arrays).
// RUN: tile-opt --split-input-file --verify-diagnostics --tile-kernel-to-gpu %s

func.func @kernel_rank(%A: memref<2x2x2x2x2x2x2x2x2xf32>) {
  %one = arith.constant 1.0 : f32
  // expected-error @+1 {{'scf.forall' op has 9 induction variables; its lowering supports at most 3}}
  scf.forall (%i0, %i1, %i2, %i3, %i4, %i5, %i6, %i7, %i8) in (2, 2, 2, 2, 2, 2, 2, 2, 2) {
    memref.store %one, %A[%i0, %i1, %i2, %i3, %i4, %i5, %i6, %i7, %i8] : memref<2x2x2x2x2x2x2x2x2xf32>
  } {mapping = [#gpu.block<linear_dim_0>, #gpu.block<linear_dim_1>, #gpu.block<linear_dim_2>, #gpu.block<linear_dim_3>, #gpu.block<linear_dim_4>, #gpu.block<linear_dim_5>, #gpu.block<linear_dim_6>, #gpu.block<linear_dim_7>, #gpu.block<linear_dim_8>], tile.threads = 32 : i64}
  return
}

// -----

func.func @thread_loop_rank(%A: memref<2x2x2x2x2x2x2x2x2xf32>) {
  %one = arith.constant 1.0 : f32
  scf.forall (%b) in (4) {
    // expected-error @+1 {{'scf.forall' op has 9 induction variables; its lowering supports at most 8}}
    scf.forall (%i0, %i1, %i2, %i3, %i4, %i5, %i6, %i7, %i8) in (2, 2, 2, 2, 2, 2, 2, 2, 2) {
      memref.store %one, %A[%i0, %i1, %i2, %i3, %i4, %i5, %i6, %i7, %i8] : memref<2x2x2x2x2x2x2x2x2xf32>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 32 : i64}
  return
}
