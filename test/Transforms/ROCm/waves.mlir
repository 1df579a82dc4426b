// tile-rocm-waves: the tile_rocm.waves_per_eu op left in an outlined
// kernel becomes its rocdl.waves_per_eu; a count the chip's SIMD cannot
// hold, or none at all, is reported at the op (also when tile-rocm-verify
// did not run).
// RUN: tile-opt --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(gpu.module(tile-rocm-waves{chip=gfx908}))' %s | FileCheck %s

// CHECK: gpu.func @k() kernel attributes {rocdl.waves_per_eu = 10 : i32}
// CHECK-NOT: tile_rocm
gpu.module @m {
  gpu.func @k() kernel {
    "tile_rocm.waves_per_eu"() {waves = 10 : i64} : () -> ()
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k() kernel {
    // expected-error @+1 {{'tile_rocm.waves_per_eu' op cannot be honoured: a SIMD of gfx908 holds at most 10 waves}}
    "tile_rocm.waves_per_eu"() {waves = 11 : i64} : () -> ()
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k() kernel {
    // expected-error @+1 {{'tile_rocm.waves_per_eu' op expects 'waves' to be at least 1, got -3}}
    "tile_rocm.waves_per_eu"() {waves = -3 : i64} : () -> ()
    gpu.return
  }
}
