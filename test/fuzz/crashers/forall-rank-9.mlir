
func.func @parallel_loop_rank_bounded(%A: memref<2x2x2x2x2x2x2x2x2xf32>) {
  %one = arith.constant 1.0 : f32
  scf.forall (%b) in (4) {
    // expected-etion variables; the lowering of kernels supports at most 8}}
    scf.forall (%i0, %i1, %i2, %i3, %i4, %i5, %i6, %i7, %i8) in (2, 2, 2, 2, 2, 2, 2, 2, 2) {
      memref.store %one, %A[%i0, %i1, %i2, %i3, %i4, %i5, %i6, %i7, %i8] : memref<2x2x2x2x2x2x2x2x2xf32>
    }
  } // ----- = [#gpu.block<x>], tile.threads = 32 : i64}
  return
}

