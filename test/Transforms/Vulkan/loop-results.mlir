// RUN: tile-opt --tile-vulkan-loop-results %s | FileCheck %s

// An scf.for that carries values runs under an scf.if on whether it makes
// an iteration; the else branch yields the initial values. Loops without
// results are left as they are; unsigned loops compare unsigned.
// CHECK-LABEL: func.func @carried
// CHECK: %[[RUNS:.*]] = arith.cmpi slt, %arg0, %arg1 : index
// CHECK: %[[R:.*]]:2 = scf.if %[[RUNS]] -> (f32, i32) {
// CHECK:   %[[L:.*]]:2 = scf.for %{{.*}} = %arg0 to %arg1 step %arg2 iter_args(%{{.*}} = %arg3, %{{.*}} = %arg4) -> (f32, i32) {
// CHECK:   scf.yield %[[L]]#0, %[[L]]#1 : f32, i32
// CHECK: } else {
// CHECK:   scf.yield %arg3, %arg4 : f32, i32
// CHECK: }
// CHECK: return %[[R]]#0, %[[R]]#1
func.func @carried(%lb: index, %ub: index, %step: index, %x: f32, %k: i32) -> (f32, i32) {
  %r:2 = scf.for %i = %lb to %ub step %step iter_args(%a = %x, %b = %k) -> (f32, i32) {
    %a1 = arith.addf %a, %a : f32
    %b1 = arith.addi %b, %b : i32
    scf.yield %a1, %b1 : f32, i32
  }
  return %r#0, %r#1 : f32, i32
}

// CHECK-LABEL: func.func @plain
// CHECK-NOT: scf.if
// CHECK: scf.for
func.func @plain(%lb: index, %ub: index, %m: memref<?xf32>, %x: f32) {
  %c1 = arith.constant 1 : index
  scf.for %i = %lb to %ub step %c1 {
    memref.store %x, %m[%i] : memref<?xf32>
  }
  return
}

// CHECK-LABEL: func.func @unsigned_loop
// CHECK: arith.cmpi ult, %arg0, %arg1 : i32
func.func @unsigned_loop(%lb: i32, %ub: i32, %x: f32) -> f32 {
  %c1 = arith.constant 1 : i32
  %r = scf.for unsigned %i = %lb to %ub step %c1 iter_args(%a = %x) -> f32 : i32 {
    %a1 = arith.addf %a, %a : f32
    scf.yield %a1 : f32
  }
  return %r : f32
}
