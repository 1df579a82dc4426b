// RUN: tile-opt --pass-pipeline='builtin.module(gpu.module(tile-gpu-outline-ops{max-ops=2}))' %s | FileCheck %s
// RUN: tile-opt --pass-pipeline='builtin.module(gpu.module(tile-gpu-outline-ops))' %s | FileCheck %s --check-prefix=WHOLE

// A kernel block with more loop nests than max-ops: each moves into a
// private device function that LLVM does not inline, called in program
// order with what it uses from outside (the buffer, the thread id); constants
// are copied in. With the default bound (512) the kernel stays whole.

// CHECK-LABEL: gpu.func @k(
// CHECK-SAME: %[[A:.*]]: memref<?xf32>
// CHECK: %[[T:.*]] = gpu.thread_id x
// CHECK-NEXT: func.call @k_part(%[[T]], %[[A]]) : (index, memref<?xf32>) -> ()
// CHECK-NEXT: func.call @k_part_0(%[[T]], %[[A]])
// CHECK-NEXT: func.call @k_part_1(%[[T]], %[[A]])
// CHECK-NEXT: gpu.return
// CHECK: func.func private @k_part(%{{.*}}: index, %{{.*}}: memref<?xf32>) attributes {llvm.linkage = #llvm.linkage<internal>, passthrough = ["noinline"]}
// CHECK: arith.constant 1.000000e+00
// CHECK: func.func private @k_part_0(
// CHECK: arith.constant 2.000000e+00
// CHECK: func.func private @k_part_1(
// CHECK: arith.constant 3.000000e+00

// WHOLE-NOT: call
// WHOLE-NOT: func.func
gpu.module @m {
  gpu.func @k(%A: memref<?xf32>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %one = arith.constant 1.0 : f32
    %two = arith.constant 2.0 : f32
    %three = arith.constant 3.0 : f32
    %t = gpu.thread_id x
    scf.for %i = %c0 to %c4 step %c1 {
      %j = arith.addi %t, %i : index
      memref.store %one, %A[%j] : memref<?xf32>
    }
    scf.for %i = %c0 to %c4 step %c1 {
      %j = arith.addi %t, %i : index
      memref.store %two, %A[%j] : memref<?xf32>
    }
    scf.for %i = %c0 to %c4 step %c1 {
      %j = arith.addi %i, %t : index
      memref.store %three, %A[%j] : memref<?xf32>
    }
    gpu.return
  }
}
