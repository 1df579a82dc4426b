// tile-gpu-transfer-masks: transfers of rank 0 become memref.load and
// memref.store of their element, under scf.if where they have a mask (a
// masked one failed in LLVM's translation on cuda and rocm, at an
// unrealized cast reported at the kernel).
// RUN: tile-opt --pass-pipeline='builtin.module(gpu.module(tile-gpu-transfer-masks))' %s | FileCheck %s
// CHECK-LABEL: gpu.func @rank0
// CHECK: %[[X:.*]] = memref.load %arg0[%arg1] : memref<?xf32>
// CHECK-NEXT: %[[V:.*]] = vector.broadcast %[[X]] : f32 to vector<f32>
// CHECK-NEXT: %[[ON:.*]] = vector.extract %arg2[0] : i1 from vector<1xi1>
// CHECK-NEXT: %[[E:.*]] = vector.extract %[[V]][] : f32 from vector<f32>
// CHECK-NEXT: scf.if %[[ON]] {
// CHECK-NEXT: memref.store %[[E]], %arg0[%arg1] : memref<?xf32>
// CHECK-NOT: vector.transfer
gpu.module @m {
  gpu.func @rank0(%A: memref<?xf32>, %i: index, %m: vector<1xi1>) kernel {
    %pad = arith.constant 0.0 : f32
    %x = vector.transfer_read %A[%i], %pad : memref<?xf32>, vector<f32>
    vector.transfer_write %x, %A[%i], %m : vector<f32>, memref<?xf32>
    gpu.return
  }
}
