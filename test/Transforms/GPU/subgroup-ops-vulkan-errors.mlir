// On vulkan a shuffle's lanes must lie in one subgroup, whose size the
// device chooses (4 to 128 lanes): its width must be a constant power of
// two of at most 128, which the runtime makes sure the kernel's subgroups
// hold (Integration/Vulkan/subgroup-ops.test).
// RUN: tile-opt --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(gpu.module(tile-gpu-subgroup-ops{target=vulkan}))' %s

gpu.module @m {
  gpu.func @unknown(%x: f32, %w: i32) -> f32 {
    %c1 = arith.constant 1 : i32
    // expected-error @+1 {{shuffles within a width the vulkan target cannot read at compile time}}
    %r, %ok = gpu.shuffle up %x, %c1, %w : f32
    gpu.return %r : f32
  }
}

// -----

gpu.module @m {
  gpu.func @too_wide(%x: f32) -> f32 {
    %c1 = arith.constant 1 : i32
    %w = arith.constant 256 : i32
    // expected-error @+1 {{shuffles within 256 lanes: on vulkan the width must be a power of two of at most 128 (the largest subgroup)}}
    %r, %ok = gpu.shuffle down %x, %c1, %w : f32
    gpu.return %r : f32
  }
}

// -----

gpu.module @m {
  gpu.func @odd(%x: f32) -> f32 {
    %c1 = arith.constant 1 : i32
    %w = arith.constant 12 : i32
    // expected-error @+1 {{shuffles within 12 lanes}}
    %r, %ok = gpu.shuffle idx %x, %c1, %w : f32
    gpu.return %r : f32
  }
}

// -----

// A cluster of 128 lanes fits the largest vulkan subgroup: the runtime
// asks for subgroups that wide (and refuses a device without them).
gpu.module @m {
  gpu.func @cluster(%x: f32) -> f32 {
    %r = gpu.subgroup_reduce add %x cluster(size = 128) : (f32) -> f32
    gpu.return %r : f32
  }
}
