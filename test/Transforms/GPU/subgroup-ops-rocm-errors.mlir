// tile-gpu-subgroup-ops on rocm: RDNA chips (gfx10 and later) run waves of
// 32 lanes, CDNA ones (gfx9) of 64.
// RUN: tile-opt --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(gpu.module(tile-gpu-subgroup-ops{target=rocm chip=gfx1100}))' %s
// RUN: tile-opt --pass-pipeline='builtin.module(gpu.module(tile-gpu-subgroup-ops{target=rocm chip=gfx942}))' %s | FileCheck %s

// CHECK: gpu.shuffle
gpu.module @m {
  gpu.func @wide_cluster(%x: f32) -> f32 {
    // expected-error @+1 {{reduces clusters that span 64 lanes (size times stride), but rocm subgroups have at most 32}}
    %r = gpu.subgroup_reduce add %x cluster(size = 16, stride = 4) : (f32) -> f32
    gpu.return %r : f32
  }
}
