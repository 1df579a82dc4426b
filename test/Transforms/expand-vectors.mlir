// tile-expand-vectors: the vector ops that MLIR 22's lowering to LLVM
// misses or mishandles become ones it lowers (each failed in LLVM's
// translation on an unrealized cast, or crashed convert-vector-to-scf).
// RUN: tile-opt --split-input-file --pass-pipeline='builtin.module(tile-expand-vectors)' %s | FileCheck %s
// Every op of each case on a target that ends in LLVM, through its
// translation (the crash and the failures came there):
// RUN: tile-opt --split-input-file --target=cpu --emit=llvm %s -o /dev/null
// RUN: tile-opt --split-input-file --target=cuda:sm_80 --emit=llvm %s -o /dev/null

// A vector.load of 2x4 lanes: a load per row, at the row's index in the
// memref's dimension the vector's first one maps to.
// CHECK-LABEL: func.func @load_rows
// CHECK: %[[Z:.*]] = arith.constant dense<0.000000e+00> : vector<2x4xf32>
// CHECK: %[[R0:.*]] = vector.load %arg0[%arg1, %arg1, %arg2] : memref<8x8x8xf32>, vector<4xf32>
// CHECK: %[[V0:.*]] = vector.insert %[[R0]], %[[Z]] [0]
// CHECK: %[[J:.*]] = arith.addi %arg1, %c1
// CHECK: %[[R1:.*]] = vector.load %arg0[%arg1, %[[J]], %arg2] : memref<8x8x8xf32>, vector<4xf32>
// CHECK: %[[V1:.*]] = vector.insert %[[R1]], %[[V0]] [1]
// CHECK: return %[[V1]]
func.func @load_rows(%A: memref<8x8x8xf32>, %i: index, %j: index) -> vector<2x4xf32> {
  %v = vector.load %A[%i, %i, %j] : memref<8x8x8xf32>, vector<2x4xf32>
  return %v : vector<2x4xf32>
}

// -----

// A vector.maskedstore of 2x4 lanes: each row with its row of the mask.
// CHECK-LABEL: func.func @masked_store_rows
// CHECK: %[[M0:.*]] = vector.extract %arg3[0] : vector<4xi1> from vector<2x4xi1>
// CHECK: %[[V0:.*]] = vector.extract %arg2[0] : vector<4xf32> from vector<2x4xf32>
// CHECK: vector.maskedstore %arg0[%arg1, %arg1], %[[M0]], %[[V0]]
// CHECK: %[[M1:.*]] = vector.extract %arg3[1]
// CHECK: %[[V1:.*]] = vector.extract %arg2[1]
// CHECK: vector.maskedstore %arg0[%{{.*}}, %arg1], %[[M1]], %[[V1]]
// CHECK-NOT: vector.maskedstore
func.func @masked_store_rows(%A: memref<?x?xf32>, %i: index, %v: vector<2x4xf32>, %m: vector<2x4xi1>) {
  vector.maskedstore %A[%i, %i], %m, %v : memref<?x?xf32>, vector<2x4xi1>, vector<2x4xf32>
  return
}

// -----

// Transfers of rank 0: a memref.load and a memref.store of the element,
// under scf.if where they have a mask.
// CHECK-LABEL: func.func @rank0
// CHECK: %[[X:.*]] = memref.load %arg0[%arg1] : memref<?xf32>
// CHECK-NEXT: %[[V:.*]] = vector.broadcast %[[X]] : f32 to vector<f32>
// CHECK-NEXT: %[[ON:.*]] = vector.extract %arg2[0] : i1 from vector<1xi1>
// CHECK-NEXT: %[[E:.*]] = vector.extract %[[V]][] : f32 from vector<f32>
// CHECK-NEXT: scf.if %[[ON]] {
// CHECK-NEXT: memref.store %[[E]], %arg0[%arg1] : memref<?xf32>
// CHECK-NOT: vector.transfer
func.func @rank0(%A: memref<?xf32>, %i: index, %m: vector<1xi1>) {
  %pad = arith.constant 0.0 : f32
  %x = vector.transfer_read %A[%i], %pad : memref<?xf32>, vector<f32>
  vector.transfer_write %x, %A[%i], %m : vector<f32>, memref<?xf32>
  return
}

// -----

// A transfer_read of two dimensions that a vector.insert inserts into: the
// insert takes the read's rows rebuilt into a vector of their own
// (convert-vector-to-scf{full-unroll} crashed on the read otherwise).
// CHECK-LABEL: func.func @insert_into_read
// CHECK: %[[T:.*]] = vector.transfer_read
// CHECK: %[[R0:.*]] = vector.extract %[[T]][0] : vector<8xf32> from vector<2x8xf32>
// CHECK: %[[W0:.*]] = vector.insert %[[R0]], %{{.*}} [0]
// CHECK: %[[R1:.*]] = vector.extract %[[T]][1]
// CHECK: %[[W1:.*]] = vector.insert %[[R1]], %[[W0]] [1]
// CHECK: vector.insert %arg2, %[[W1]] [1, 2] : f32 into vector<2x8xf32>
func.func @insert_into_read(%A: memref<64x64xf32>, %i: index, %p: f32) -> vector<2x8xf32> {
  %t = vector.transfer_read %A[%i, %i], %p : memref<64x64xf32>, vector<2x8xf32>
  %u = vector.insert %p, %t[1, 2] : f32 into vector<2x8xf32>
  return %u : vector<2x8xf32>
}

// -----

// vector.extract and vector.insert at a dynamic position before the last
// dimension: on the vector cast to one dimension, at i * 8 + j.
// CHECK-LABEL: func.func @dynamic_positions
// CHECK: %[[I8:.*]] = arith.muli %arg1, %c8
// CHECK: %[[L:.*]] = arith.addi %{{.*}}, %[[I8]]
// CHECK: %[[F:.*]] = vector.shape_cast %arg0 : vector<4x8xf32> to vector<32xf32>
// CHECK: %[[X:.*]] = vector.extract %[[F]][%[[L]]] : f32 from vector<32xf32>
// CHECK: %[[G:.*]] = vector.shape_cast %arg0 : vector<4x8xf32> to vector<32xf32>
// CHECK: %[[H:.*]] = vector.insert %[[X]], %[[G]] [%{{.*}}] : f32 into vector<32xf32>
// CHECK: vector.shape_cast %[[H]] : vector<32xf32> to vector<4x8xf32>
// The rows at a dynamic position: element by element.
// CHECK: vector.from_elements {{.*}} : vector<8xf32>
func.func @dynamic_positions(%v: vector<4x8xf32>, %i: index, %j: index) -> (vector<4x8xf32>, vector<8xf32>) {
  %x = vector.extract %v[%i, %j] : f32 from vector<4x8xf32>
  %w = vector.insert %x, %v[%j, %i] : f32 into vector<4x8xf32>
  %r = vector.extract %w[%i] : vector<8xf32> from vector<4x8xf32>
  return %w, %r : vector<4x8xf32>, vector<8xf32>
}
