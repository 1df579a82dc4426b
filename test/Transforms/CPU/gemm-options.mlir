// RUN: tile-opt --verify-diagnostics --tile-cpu-gemm="rows=16 vectors=5" %s
// RUN: not tile-opt --tile-cpu-gemm="rows=-1" %s 2>&1 | FileCheck %s --check-prefix=NEGATIVE
// A factor too large on its own (rows x vectors overflowed, and the pass ran
// for ever):
// RUN: not tile-opt --tile-cpu-gemm="rows=9223372036854775807 vectors=2" %s 2>&1 | FileCheck %s --check-prefix=HUGE

// The micro-kernel keeps rows x vectors accumulators in registers (as
// loop-carried values): at most 64.
func.func @too_many_accumulators(%a: memref<16x8xf32>, %b: memref<8x80xf32>, %c: memref<16x80xf32>) {
  // expected-error @+1 {{'tile.gemm' op needs rows=16 x vectors=5 accumulators; the cpu micro-kernel holds at most 64}}
  "tile.gemm"(%a, %b, %c) : (memref<16x8xf32>, memref<8x80xf32>, memref<16x80xf32>) -> ()
  return
}

// NEGATIVE: error: 'func.func' op tile-cpu-gemm options rows, vectors and unroll must not be negative
// HUGE: error: 'tile.gemm' op needs rows=9223372036854775807 x vectors=2 accumulators; the cpu micro-kernel holds at most 64
