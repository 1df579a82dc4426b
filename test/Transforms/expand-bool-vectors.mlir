// RUN: tile-opt --split-input-file --verify-diagnostics --tile-expand-bool-vectors %s | FileCheck %s

// Vector loads and stores of i1 memory move a lane at a time; those of
// other memory stay.
// CHECK-LABEL: func.func @lanes
// CHECK: %[[A:.*]] = memref.load %arg0[%arg2, %arg3] : memref<?x?xi1>
// CHECK: %[[NEXT:.*]] = arith.addi %arg3, %c1 : index
// CHECK: %[[B:.*]] = memref.load %arg0[%arg2, %[[NEXT]]] : memref<?x?xi1>
// CHECK: %[[V:.*]] = vector.from_elements %[[A]], %[[B]] : vector<2xi1>
// CHECK: %[[L0:.*]] = vector.extract %[[V]][0] : i1 from vector<2xi1>
// CHECK: memref.store %[[L0]], %arg1[%arg2] : memref<?xi1>
// CHECK: %[[L1:.*]] = vector.extract %[[V]][1] : i1 from vector<2xi1>
// CHECK: memref.store %[[L1]], %arg1[%{{.*}}] : memref<?xi1>
// CHECK: vector.load %arg4[%arg2] : memref<?xi8>, vector<2xi8>
// CHECK-NOT: vector.load
// CHECK-NOT: vector.store {{.*}}xi1
func.func @lanes(%M: memref<?x?xi1>, %O: memref<?xi1>, %i: index, %j: index, %B: memref<?xi8>) {
  %v = vector.load %M[%i, %j] : memref<?x?xi1>, vector<2xi1>
  vector.store %v, %O[%i] : memref<?xi1>, vector<2xi1>
  %w = vector.load %B[%i] : memref<?xi8>, vector<2xi8>
  vector.store %w, %B[%j] : memref<?xi8>, vector<2xi8>
  return
}

// -----

func.func @masked(%M: memref<?xi1>, %mask: vector<4xi1>, %pass: vector<4xi1>, %i: index) -> vector<4xi1> {
  // expected-error @+1 {{'vector.maskedload' op accesses memory of integers narrower than a byte, which the cpu target does not support with this op: memory holds a byte per element, LLVM's vectors pack them into bits (vector.load and vector.store work, a lane at a time)}}
  %v = vector.maskedload %M[%i], %mask, %pass : memref<?xi1>, vector<4xi1>, vector<4xi1> into vector<4xi1>
  return %v : vector<4xi1>
}

// -----

func.func @two_dims(%M: memref<?x?xi1>, %i: index) -> vector<2x2xi1> {
  // expected-error @+1 {{'vector.load' op loads a vector of i1 of more than one dimension (or of a scalable size), which the cpu target cannot: memory holds a byte per element}}
  %v = vector.load %M[%i, %i] : memref<?x?xi1>, vector<2x2xi1>
  return %v : vector<2x2xi1>
}

// -----

// So do vectors of i4, whose elements take a byte of memory each too.
// CHECK-LABEL: func.func @nibbles
// CHECK-COUNT-4: memref.load %arg0
// CHECK: vector.from_elements
// CHECK-COUNT-4: memref.store
func.func @nibbles(%M: memref<?xi4>, %i: index, %j: index) {
  %v = vector.load %M[%i] : memref<?xi4>, vector<4xi4>
  vector.store %v, %M[%j] : memref<?xi4>, vector<4xi4>
  return
}
