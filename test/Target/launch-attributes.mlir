// Launch attributes of a kernel below 1 are errors at the kernel on every
// GPU target: LLVM read them while compiling the kernel and ended the
// process on a negative one ("can't parse integer attribute -1 in
// nvvm.maxntid", with no location), and a vulkan kernel of known_block_size
// 0 compiled with a workgroup of no thread.
// RUN: tile-opt --split-input-file --verify-diagnostics --target=cuda:sm_90a --emit=ptx %s -o /dev/null
// RUN: tile-opt --split-input-file --verify-diagnostics --target=rocm:gfx942 --emit=isa %s -o /dev/null
// RUN: tile-opt --split-input-file --verify-diagnostics --target=vulkan --emit=spirv %s -o /dev/null

module attributes {gpu.container_module} {
  gpu.module @m {
    // expected-error @+1 {{'gpu.func' op states known_block_size with a count below 1; launch sizes, register and occupancy bounds are 1 or more}}
    gpu.func @k() kernel attributes {known_block_size = array<i32: 0, 1, 1>} {
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @m {
    // expected-error @+1 {{states known_grid_size with a count below 1}}
    gpu.func @k() kernel attributes {known_block_size = array<i32: 64, 1, 1>, known_grid_size = array<i32: -5, 1, 1>} {
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @m {
    // expected-error @+1 {{states nvvm.maxntid with a count below 1}}
    gpu.func @k() kernel attributes {known_block_size = array<i32: 64, 1, 1>, nvvm.maxntid = array<i32: -1>} {
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @m {
    // expected-error @+1 {{states nvvm.maxnreg with a count below 1}}
    gpu.func @k() kernel attributes {known_block_size = array<i32: 64, 1, 1>, nvvm.maxnreg = -3 : i32} {
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @m {
    // expected-error @+1 {{states rocdl.flat_work_group_size, which must be "min,max" with 1 <= min <= max}}
    gpu.func @k() kernel attributes {known_block_size = array<i32: 64, 1, 1>, rocdl.flat_work_group_size = "-1,5"} {
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @m {
    // expected-error @+1 {{states rocdl.waves_per_eu with a count below 1}}
    gpu.func @k() kernel attributes {known_block_size = array<i32: 64, 1, 1>, rocdl.waves_per_eu = 0 : i32} {
      gpu.return
    }
  }
}
