// tile-math-expand's isnormal compares |x| with the smallest normal value of
// its type (f80's and f128's written as bits: no double holds them) and
// with infinity; clampf is maximumf(minimumf(x, hi), lo) by the formulas
// of the two; vector-ops expands an op only where it takes vectors.
// Integration/Vulkan/double-math.test runs them.
// RUN: tile-opt --tile-math-expand="ops=isnormal,clampf vector-ops=fpowi" %s | FileCheck %s

func.func @isnormal(%a: f16, %b: bf16, %c: f32, %d: f64, %e: f80, %f: f128, %v: vector<2xf64>) -> (i1, i1, i1, i1, i1, i1, vector<2xi1>) {
  %0 = math.isnormal %a : f16
  %1 = math.isnormal %b : bf16
  %2 = math.isnormal %c : f32
  %3 = math.isnormal %d : f64
  %4 = math.isnormal %e : f80
  %5 = math.isnormal %f : f128
  %6 = math.isnormal %v : vector<2xf64>
  return %0, %1, %2, %3, %4, %5, %6 : i1, i1, i1, i1, i1, i1, vector<2xi1>
}
func.func @clampf(%x: f32, %lo: f32, %hi: f32) -> f32 {
  %0 = math.clampf %x to [%lo, %hi] : f32
  return %0 : f32
}
func.func @fpowi(%x: f32, %v: vector<2xf32>, %n: i32, %m: vector<2xi32>) -> (f32, vector<2xf32>) {
  %0 = math.fpowi %x, %n : f32, i32
  %1 = math.fpowi %v, %m : vector<2xf32>, vector<2xi32>
  return %0, %1 : f32, vector<2xf32>
}

// CHECK-LABEL: func.func @isnormal
// CHECK: math.absf %{{.*}} : f16
// CHECK: arith.constant 0x7C00 : f16
// CHECK: arith.constant 6.103520e-05 : f16
// CHECK: arith.cmpf oge
// CHECK: arith.constant 1.175490e-38 : bf16
// CHECK: arith.constant 1.17549435E-38 : f32
// CHECK: arith.constant 2.2250738585072014E-308 : f64
// CHECK: arith.constant 3.36210314311209350626E-4932 : f80
// CHECK: arith.constant 3.3621031431120935062626778173217526E-4932 : f128
// CHECK: arith.constant dense<2.2250738585072014E-308> : vector<2xf64>
// CHECK-NOT: math.isnormal

// CHECK-LABEL: func.func @clampf
// CHECK-SAME: (%[[X:.*]]: f32, %[[LO:.*]]: f32, %[[HI:.*]]: f32)
// CHECK: %[[LT:.*]] = arith.cmpf olt, %[[X]], %[[HI]]
// CHECK: %[[MIN:.*]] = arith.select %[[LT]], %[[X]], %[[HI]]
// CHECK: arith.cmpf uno, %[[X]], %[[HI]]
// CHECK: %[[UPPER:.*]] = arith.select
// CHECK: %[[GT:.*]] = arith.cmpf ogt, %[[UPPER]], %[[LO]]
// CHECK: arith.select %[[GT]], %[[UPPER]], %[[LO]]
// CHECK: arith.cmpf uno, %[[UPPER]], %[[LO]]
// CHECK-NOT: math.clampf

// CHECK-LABEL: func.func @fpowi
// CHECK: math.fpowi %{{.*}}, %{{.*}} : f32, i32
// CHECK-NOT: math.fpowi
// CHECK: scf.for
// CHECK-NOT: math.fpowi
