// A vulkan kernel's workgroup size is fixed in its SPIR-V: a kernel without
// known_block_size or spirv.entry_point_abi takes the constant block size
// of its launches; launches that do not give one are errors at the launch.
// RUN: tile-opt --split-input-file --verify-diagnostics --target=vulkan --emit=mlir %s -o /dev/null

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%C: memref<256xf32>) kernel {
      gpu.return
    }
  }
  func.func @two_sizes(%C: memref<256xf32>) {
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c32, %c1, %c1) args(%C : memref<256xf32>)
    // expected-error @+1 {{'gpu.launch_func' op launches a vulkan kernel with blocks of 64 x 1 x 1 threads, and another launch with 32 x 1 x 1; SPIR-V fixes one workgroup size per kernel}}
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c64, %c1, %c1) args(%C : memref<256xf32>)
    return
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%C: memref<256xf32>) kernel {
      gpu.return
    }
  }
  func.func @dynamic(%C: memref<256xf32>, %n: index) {
    %c1 = arith.constant 1 : index
    // expected-error @+1 {{'gpu.launch_func' op launches a vulkan kernel with a block size that is not constant, which SPIR-V fixes in the kernel: launch it with constant block sizes, or give the kernel known_block_size}}
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%n, %c1, %c1) args(%C : memref<256xf32>)
    return
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    // expected-error @+1 {{'gpu.func' op needs a workgroup size, which SPIR-V fixes in the kernel: give it known_block_size (or spirv.entry_point_abi), or launch it with constant block sizes}}
    gpu.func @never_launched(%C: memref<256xf32>) kernel {
      gpu.return
    }
  }
  func.func @none(%C: memref<256xf32>) {
    return
  }
}
