// What tile-gpu-subgroup-ops refuses, at the op.
// RUN: tile-opt --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(gpu.module(tile-gpu-subgroup-ops{target=cuda chip=sm_90}))' %s

gpu.module @m {
  gpu.func @wide_cluster(%x: f32) -> f32 {
    // expected-error @+1 {{reduces clusters that span 64 lanes (size times stride), but cuda subgroups have at most 32}}
    %r = gpu.subgroup_reduce add %x cluster(size = 16, stride = 4) : (f32) -> f32
    gpu.return %r : f32
  }
}

// -----

gpu.module @m {
  gpu.func @wide_type(%x: i128) -> i128 {
    // expected-error @+1 {{reduces i128 values, but subgroup shuffles move values of at most 64 bits}}
    %r = gpu.subgroup_reduce add %x : (i128) -> i128
    gpu.return %r : i128
  }
}

