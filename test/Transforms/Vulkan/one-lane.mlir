// tile-vulkan-unroll-vectors: arith and math ops on vectors of one element
// (rank 0 or every dimension 1), vector.fma, and transfers of rank 0
// (under scf.if where they have a mask) become the same ops on the element,
// between a vector.extract and a vector.broadcast (canonicalize folds the
// pairs).
// RUN: tile-opt --pass-pipeline='builtin.module(gpu.module(tile-vulkan-unroll-vectors))' %s | FileCheck %s

// CHECK-LABEL: gpu.func @one_lane
// CHECK: %[[X:.*]] = memref.load %arg0[%arg1] : memref<?xf32>
// CHECK-NEXT: %[[X0:.*]] = vector.broadcast %[[X]] : f32 to vector<f32>
// CHECK-NEXT: %[[E:.*]] = vector.extract %[[X0]][] : f32 from vector<f32>
// CHECK-NEXT: %[[EXP:.*]] = math.exp %[[E]] fastmath<afn> : f32
// CHECK-NEXT: %[[EXP0:.*]] = vector.broadcast %[[EXP]] : f32 to vector<f32>
// CHECK-NEXT: %[[W:.*]] = vector.extract %[[EXP0]][] : f32 from vector<f32>
// CHECK-NEXT: memref.store %[[W]], %arg0[%arg1] : memref<?xf32>
// The rows of vector<1x1xf16> are the step after.
// CHECK: %[[C:.*]] = arith.cmpf olt, %{{.*}}, %{{.*}} : f16
// CHECK-NEXT: vector.broadcast %[[C]] : i1 to vector<1x1xi1>
// CHECK: math.fma %{{.*}}, %{{.*}}, %{{.*}} : f32
// CHECK-NEXT: vector.broadcast %{{.*}} : f32 to vector<1xf32>
// With a mask, the element is read under scf.if (else the padding).
// CHECK: %[[ON:.*]] = vector.extract %arg3[0] : i1 from vector<1xi1>
// CHECK-NEXT: %[[M:.*]] = scf.if %[[ON]] -> (f32) {
// CHECK-NEXT: %[[L:.*]] = memref.load %arg0[%arg1] : memref<?xf32>
// CHECK-NEXT: scf.yield %[[L]] : f32
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %cst : f32
// CHECK: vector.broadcast %[[M]] : f32 to vector<f32>
// A vector of two lanes is left to the later steps.
// CHECK: arith.addf %{{.*}}, %{{.*}} : vector<2xf32>
gpu.module @m {
  gpu.func @one_lane(%A: memref<?xf32>, %i: index, %h: memref<?x?xf16>, %m: vector<1xi1>) kernel {
    %pad = arith.constant 0.0 : f32
    %x = vector.transfer_read %A[%i], %pad : memref<?xf32>, vector<f32>
    %e = math.exp %x fastmath<afn> : vector<f32>
    vector.transfer_write %e, %A[%i] : vector<f32>, memref<?xf32>
    %hpad = arith.constant 0.0 : f16
    %y = vector.transfer_read %h[%i, %i], %hpad : memref<?x?xf16>, vector<1x1xf16>
    %c = arith.cmpf olt, %y, %y : vector<1x1xf16>
    vector.print %c : vector<1x1xi1>
    %z = vector.load %A[%i] : memref<?xf32>, vector<1xf32>
    %f = vector.fma %z, %z, %z : vector<1xf32>
    vector.print %f : vector<1xf32>
    %masked = vector.transfer_read %A[%i], %pad, %m : memref<?xf32>, vector<f32>
    vector.print %masked : vector<f32>
    %two = vector.load %A[%i] : memref<?xf32>, vector<2xf32>
    %s = arith.addf %two, %two : vector<2xf32>
    vector.print %s : vector<2xf32>
    gpu.return
  }
}

