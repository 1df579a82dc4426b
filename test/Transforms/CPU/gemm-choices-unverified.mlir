// tile-cpu-gemm run without tile-cpu-verify before it checks a kernel's
// tile_cpu ops by their own rules first: a block of 0 rows divided by zero.
// RUN: tile-opt --split-input-file --verify-diagnostics --tile-cpu-gemm=cpu=x86-64-v4 %s

func.func @zero_block(%a: memref<3x4xf32>, %b: memref<4x20xf32>, %c: memref<3x20xf32>) {
  scf.forall (%i) in (2) {
    // expected-error @+3 {{'tile_cpu.micro_kernel' op expects 'rows' to be at least 1, got 0}}
    // expected-error @+2 {{'tile_cpu.micro_kernel' op expects 'vectors' to be at least 1, got 0}}
    // expected-error @+1 {{'tile_cpu.micro_kernel' op expects 'unroll' to be at least 1, got 0}}
    "tile_cpu.micro_kernel"() {rows = 0 : i64, vectors = 0 : i64, unroll = 0 : i64} : () -> ()
    "tile_cpu.packing"() {a = false, b = false} : () -> ()
    "tile.gemm"(%a, %b, %c) : (memref<3x4xf32>, memref<4x20xf32>, memref<3x20xf32>) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 1 : i64}
  return
}

// -----

func.func @not_a_bool(%a: memref<3x4xf32>, %b: memref<4x20xf32>, %c: memref<3x20xf32>) {
  scf.forall (%i) in (2) {
    // expected-error @+1 {{'tile_cpu.packing' op expects 'a' to be a bool attribute (true or false)}}
    "tile_cpu.packing"() {a = 1 : i64, b = false} : () -> ()
    "tile.gemm"(%a, %b, %c) : (memref<3x4xf32>, memref<4x20xf32>, memref<3x20xf32>) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 1 : i64}
  return
}
