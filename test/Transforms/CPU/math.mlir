// RUN: tile-opt --split-input-file --tile-cpu-math %s | FileCheck %s

// f32 exp inside kernels becomes arithmetic that vectorises: k = round(x /
// ln 2) (adding and subtracting 1.5 * 2^23), r = x - k ln 2 in two parts, a
// polynomial in r (multiply-adds LLVM may fuse), and 2^k in two halves
// built from exponent bits; out-of-range inputs give 0 or +inf and NaN
// stays NaN. No math.roundeven or math.fma: on chips without SSE4.1 or FMA
// they would be calls to libm per element.
// CHECK-LABEL: func.func @kernel
// CHECK:         scf.forall
// CHECK:           %[[X:.*]] = memref.load
// CHECK:           %[[XC:.*]] = arith.minimumf %{{.*}}, %{{.*}} : f32
// CHECK:           %[[SHIFT:.*]] = arith.constant 0x4B400000 : f32
// CHECK:           %[[BIASED:.*]] = arith.addf %{{.*}}, %[[SHIFT]] : f32
// CHECK:           %[[K:.*]] = arith.subf %[[BIASED]], %[[SHIFT]] : f32
// CHECK:           arith.mulf %{{.*}}, %{{.*}} fastmath<contract> : f32
// CHECK-NEXT:      arith.addf %{{.*}}, %{{.*}} fastmath<contract> : f32
// CHECK:           %[[KI:.*]] = arith.fptosi %[[K]] : f32 to i32
// CHECK:           arith.shrsi %[[KI]], %{{.*}} : i32
// CHECK:           arith.bitcast %{{.*}} : i32 to f32
// CHECK:           arith.bitcast %{{.*}} : i32 to f32
// CHECK:           arith.cmpf olt, %[[X]]
// CHECK:           arith.cmpf ogt, %[[X]]
// CHECK:           %[[NAN:.*]] = arith.cmpf uno, %[[X]], %[[X]] : f32
// CHECK:           %[[Y:.*]] = arith.select %[[NAN]], %[[X]], %{{.*}} : f32
// CHECK:           memref.store %[[Y]]
// CHECK-NOT:     math.exp
// CHECK-NOT:     math.roundeven
// CHECK-NOT:     math.fma
func.func @kernel(%X: memref<?xf32>) {
  scf.forall (%b) in (4) {
    scf.forall (%i) in (8) {
      %x = memref.load %X[%i] : memref<?xf32>
      %y = math.exp %x : f32
      memref.store %y, %X[%i] : memref<?xf32>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 8 : i64}
  return
}

// -----

// Vectors of f32 too; f64 and code outside kernels keep math.exp.
// CHECK-LABEL: func.func @others
// CHECK:         math.exp %{{.*}} : f32
// CHECK:         scf.forall
// CHECK:           arith.subf %{{.*}}, %{{.*}} : vector<16xf32>
// CHECK:           vector.fma %{{.*}} : vector<16xf32>
// CHECK:           arith.bitcast %{{.*}} : vector<16xi32> to vector<16xf32>
// CHECK:           math.exp %{{.*}} : f64
func.func @others(%x: f32, %v: vector<16xf32>, %d: f64, %out: memref<?xf32>) {
  %host = math.exp %x : f32
  %c0 = arith.constant 0 : index
  memref.store %host, %out[%c0] : memref<?xf32>
  scf.forall (%b) in (4) {
    %y = math.exp %v : vector<16xf32>
    %z = math.exp %d : f64
    %e = vector.extract %y[0] : f32 from vector<16xf32>
    memref.store %e, %out[%b] : memref<?xf32>
  } {mapping = [#gpu.block<x>], tile.threads = 8 : i64}
  return
}
