// On the GPU targets, shared, fragment and local buffers exist only on the
// device: a tile scope in host code (a memref.alloca of local memory in a
// host function) is reported at the op by tile-check-memory-spaces at the
// start of the host pipeline. It failed the host's conversion to LLVM with
// "<unknown>:0: error: conversion of memref memory space ... failed". A
// function only kernels call is device code: its host copy is dropped
// (symbol-dce), and it compiles (it failed the same way). The cpu runs host
// code and kernels in the same memory: it compiles both.
// RUN: tile-opt --split-input-file --verify-diagnostics --target=cuda:sm_80 --emit=llvm %s -o /dev/null
// RUN: tile-opt --split-input-file --verify-diagnostics --target=rocm:gfx942 --emit=llvm %s -o /dev/null
// RUN: tile-opt --split-input-file --verify-diagnostics --target=vulkan --emit=llvm %s -o /dev/null
// RUN: tile-opt --split-input-file --target=cpu --emit=llvm %s -o /dev/null
// The host code calls the kernel, not the function (the first part fails).
// RUN: not tile-opt --target=cuda:sm_80 --emit=llvm %s -o - --split-input-file 2>/dev/null | FileCheck %s

func.func @host(%out: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'memref.alloca' op result #0 is a local buffer (memref<8xf32, #gpu.address_space<private>>) in host code; on the}}
  %a = memref.alloca() : memref<8xf32, #gpu.address_space<private>>
  %x = memref.load %out[%c0] : memref<8xf32>
  memref.store %x, %a[%c0] : memref<8xf32, #gpu.address_space<private>>
  %y = memref.load %a[%c0] : memref<8xf32, #gpu.address_space<private>>
  memref.store %y, %out[%c0] : memref<8xf32>
  return
}

// -----

// CHECK: define {{.*}}@kernel(
// CHECK-NOT: @device_only
func.func private @device_only(%out: memref<8xf32>, %i: index) {
  %c0 = arith.constant 0 : index
  %a = memref.alloca() : memref<8xf32, #gpu.address_space<private>>
  %x = memref.load %out[%i] : memref<8xf32>
  memref.store %x, %a[%c0] : memref<8xf32, #gpu.address_space<private>>
  %y = memref.load %a[%c0] : memref<8xf32, #gpu.address_space<private>>
  memref.store %y, %out[%i] : memref<8xf32>
  return
}
func.func @kernel(%out: memref<8xf32>) {
  scf.forall (%b) in (1) {
    scf.forall (%t) in (8) {
      func.call @device_only(%out, %t) : (memref<8xf32>, index) -> ()
    }
  } {mapping = [#gpu.block<x>], tile.threads = 8 : i64}
  return
}
