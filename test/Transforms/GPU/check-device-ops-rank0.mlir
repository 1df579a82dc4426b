// tile-gpu-check-device-ops{target=vulkan} takes a vector of rank 0 for its
// one element, as SPIR-V's conversion does: no error (it crashed reading
// the first dimension of every vector to count its lanes). A vector of
// 8 lanes is still refused.
// RUN: not tile-opt --pass-pipeline='builtin.module(gpu.module(tile-gpu-check-device-ops{target=vulkan}))' %s 2>&1 | FileCheck %s
// CHECK-NOT: error
// CHECK: check-device-ops-rank0.mlir:18:10: error: 'vector.broadcast' op works on vector<8xf32>, which the vulkan target does not lower
// CHECK: check-device-ops-rank0.mlir:19:10: error: 'math.exp' op works on vector<8xf32>
// CHECK: check-device-ops-rank0.mlir:20:5: error: 'vector.print' op works on vector<8xf32>
// CHECK-NOT: error
gpu.module @m {
  gpu.func @rank0(%A: memref<?xf32>, %i: index) kernel {
    %x = vector.load %A[%i] : memref<?xf32>, vector<f32>
    %e = math.exp %x : vector<f32>
    vector.store %e, %A[%i] : memref<?xf32>, vector<f32>
    %pad = arith.constant 0.0 : f32
    %r = vector.transfer_read %A[%i], %pad : memref<?xf32>, vector<f32>
    %w = vector.broadcast %r : vector<f32> to vector<8xf32>
    %y = math.exp %w : vector<8xf32>
    vector.print %y : vector<8xf32>
    gpu.return
  }
}
