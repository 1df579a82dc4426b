// RUN: tile-opt --tile-gpu-shared-bytes %s | FileCheck %s

// Each launch gets the bytes of its kernel's workgroup attributions (f16:
// 2 bytes, i1: 1), whichever module holds the kernel; a kernel without any
// gets 0, and one that is never launched changes nothing.
module attributes {gpu.container_module} {
  // CHECK-LABEL: func.func @host
  func.func @host(%n: index) {
    %c1 = arith.constant 1 : index
    // CHECK: gpu.launch_func @m::@k {{.*}} {tile.shared_bytes = 2072 : i64}
    gpu.launch_func @m::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%n : index)
    // CHECK: gpu.launch_func @m::@k {{.*}} {tile.shared_bytes = 2072 : i64}
    gpu.launch_func @m::@k blocks in (%n, %c1, %c1) threads in (%c1, %c1, %c1) args(%n : index)
    // CHECK: gpu.launch_func @m::@none {{.*}} {tile.shared_bytes = 0 : i64}
    gpu.launch_func @m::@none blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    return
  }
  gpu.module @m {
    gpu.func @k(%n: index) workgroup(%a : memref<32x32xf16, #gpu.address_space<workgroup>>, %b : memref<24xi1, #gpu.address_space<workgroup>>) kernel {
      gpu.return
    }
    gpu.func @none() kernel {
      gpu.return
    }
    gpu.func @unlaunched() workgroup(%a : memref<8xf32, #gpu.address_space<workgroup>>) kernel {
      gpu.return
    }
  }
}
