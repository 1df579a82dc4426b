// RUN: tile-opt --tile-rocm-relu %s | FileCheck %s

// tile-rocm-relu: arith.maximumf(x, +0.0) in a kernel, either operand
// order, on f32, f16 and bf16, becomes integer ops on x's bits: x & ~(its
// sign mask & its not-a-NaN mask), both arithmetic shifts.

// CHECK-LABEL: func.func @relu
// CHECK: %[[X:.*]] = memref.load
// CHECK: %[[B:.*]] = arith.bitcast %[[X]] : f32 to i32
// CHECK-DAG: %[[MAG:.*]] = arith.andi %[[B]], %c2147483647_i32
// CHECK-DAG: %[[T:.*]] = arith.subi %[[MAG]], %c2139095041_i32
// CHECK-DAG: %[[NN:.*]] = arith.shrsi %[[T]], %c31_i32
// CHECK-DAG: %[[NEG:.*]] = arith.shrsi %[[B]], %c31_i32
// CHECK: %[[CLEAR:.*]] = arith.andi %[[NN]], %[[NEG]]
// CHECK: %[[KEEP:.*]] = arith.xori %[[CLEAR]], %c-1_i32
// CHECK: %[[R:.*]] = arith.andi %[[B]], %[[KEEP]]
// CHECK: %[[F:.*]] = arith.bitcast %[[R]] : i32 to f32
// CHECK: memref.store %[[F]]
// CHECK: arith.bitcast %{{.*}} : f16 to i16
// CHECK: arith.subi %{{.*}}, %c31745_i16
// CHECK: arith.bitcast %{{.*}} : bf16 to i16
// CHECK: arith.subi %{{.*}}, %c32641_i16
// CHECK-NOT: arith.maximumf
// CHECK: return
func.func @relu(%X: memref<4xf32>, %H: memref<4xf16>, %G: memref<4xbf16>) {
  %zero = arith.constant 0.0 : f32
  %zero16 = arith.constant 0.0 : f16
  %zerob = arith.constant 0.0 : bf16
  scf.forall (%b) in (1) {
    scf.forall (%t) in (4) {
      %x = memref.load %X[%t] : memref<4xf32>
      %y = arith.maximumf %x, %zero : f32
      memref.store %y, %X[%t] : memref<4xf32>
      %h = memref.load %H[%t] : memref<4xf16>
      %hy = arith.maximumf %zero16, %h : f16
      memref.store %hy, %H[%t] : memref<4xf16>
      %g = memref.load %G[%t] : memref<4xbf16>
      %gy = arith.maximumf %g, %zerob : bf16
      memref.store %gy, %G[%t] : memref<4xbf16>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 4 : i64}
  return
}

// Left alone: another constant (1.0, -0.0), two variables and f64 in a
// kernel, and maximumf with +0.0 outside any kernel.
// CHECK-LABEL: func.func @kept
// CHECK: scf.forall
// CHECK-COUNT-4: arith.maximumf
// CHECK: } {mapping
// CHECK: arith.maximumf
// CHECK-NOT: arith.bitcast
// CHECK: return
func.func @kept(%X: memref<4xf32>, %D: memref<4xf64>, %a: f32) -> f32 {
  %one = arith.constant 1.0 : f32
  %nzero = arith.constant -0.0 : f32
  %zero = arith.constant 0.0 : f32
  %zero64 = arith.constant 0.0 : f64
  %c0 = arith.constant 0 : index
  scf.forall (%b) in (1) {
    %x = memref.load %X[%c0] : memref<4xf32>
    %y1 = arith.maximumf %x, %one : f32
    %y2 = arith.maximumf %x, %nzero : f32
    %y3 = arith.maximumf %y1, %y2 : f32
    memref.store %y3, %X[%c0] : memref<4xf32>
    %d = memref.load %D[%c0] : memref<4xf64>
    %d1 = arith.maximumf %d, %zero64 : f64
    memref.store %d1, %D[%c0] : memref<4xf64>
  } {mapping = [#gpu.block<x>], tile.threads = 4 : i64}
  %r = arith.maximumf %a, %zero : f32
  return %r : f32
}
