// RUN: tile-opt --split-input-file --tile-cpu-reduce=cpu=x86-64-v4 --canonicalize --cse %s | FileCheck %s

// Along the innermost dimension: a vector accumulator per row, folded to a
// scalar with the tail of the row, then combined with what dest holds
// (clear = false).
// CHECK-LABEL: func.func @row_max
// CHECK-SAME:    (%[[X:.*]]: memref<4x40xf32>, %[[R:.*]]: memref<4xf32>)
// CHECK-DAG:     %[[NINF:.*]] = arith.constant dense<0xFF800000> : vector<16xf32>
// CHECK:         scf.for %[[I:.*]] = %c0 to %c4 step %c1 {
// CHECK:           %[[ACC:.*]] = scf.for %[[J:.*]] = %c0 to %c32 step %c16 iter_args(%[[A:.*]] = %[[NINF]]) -> (vector<16xf32>) {
// CHECK:             %[[V:.*]] = vector.load %[[X]][%[[I]], %[[J]]] : memref<4x40xf32>, vector<16xf32>
// CHECK:             %[[M:.*]] = arith.maximumf %[[A]], %[[V]] : vector<16xf32>
// CHECK:             scf.yield %[[M]]
// CHECK:           %[[S:.*]] = vector.reduction <maximumf>, %[[ACC]] : vector<16xf32> into f32
// CHECK:           %[[T:.*]] = vector.load %[[X]][%[[I]], %c32] : memref<4x40xf32>, vector<8xf32>
// CHECK:           %[[TS:.*]] = vector.reduction <maximumf>, %[[T]] : vector<8xf32> into f32
// CHECK:           %[[ROW:.*]] = arith.maximumf %[[S]], %[[TS]] : f32
// CHECK:           %[[OLD:.*]] = memref.load %[[R]][%[[I]]]
// CHECK:           %[[NEW:.*]] = arith.maximumf %[[OLD]], %[[ROW]] : f32
// CHECK:           memref.store %[[NEW]], %[[R]][%[[I]]]
func.func @row_max(%x: memref<4x40xf32>, %r: memref<4xf32>) {
  "tile.reduce"(%x, %r) {kind = "max", dim = 1 : i64, clear = false}
      : (memref<4x40xf32>, memref<4xf32>) -> ()
  return
}

// -----

// Along an outer dimension: whole vectors of the innermost dimension
// accumulate |x| (absmax); clear (the default) starts from zero.
// CHECK-LABEL: func.func @column_absmax
// CHECK:         scf.for %[[J:.*]] = %c0 to %c32 step %c16 {
// CHECK:           %[[ACC:.*]] = scf.for %[[I:.*]] = %c0 to %c4 step %c1 iter_args(%{{.*}} = %cst{{.*}}) -> (vector<16xf32>) {
// CHECK:             vector.load %{{.*}}[%[[I]], %[[J]]] : memref<4x40xf32>, vector<16xf32>
// CHECK:             math.absf %{{.*}} : vector<16xf32>
// CHECK:             arith.maximumf %{{.*}} : vector<16xf32>
// CHECK:           vector.store %[[ACC]], %{{.*}}[%[[J]]] : memref<40xf32>, vector<16xf32>
// CHECK:         scf.for %{{.*}} iter_args(%{{.*}}) -> (vector<8xf32>) {
func.func @column_absmax(%x: memref<4x40xf32>, %c: memref<40xf32>) {
  "tile.reduce"(%x, %c) {kind = "absmax", dim = 0 : i64}
      : (memref<4x40xf32>, memref<40xf32>) -> ()
  return
}

// -----

// abssum: |x| added, integers too (math.absi), combined with dest.
// CHECK-LABEL: func.func @column_abssum_i32
// CHECK:         %[[INIT:.*]] = vector.load %{{.*}}[%{{.*}}] : memref<40xi32>, vector<16xi32>
// CHECK:         scf.for %{{.*}} iter_args(%[[A:.*]] = %[[INIT]]) -> (vector<16xi32>) {
// CHECK:           %[[ABS:.*]] = math.absi %{{.*}} : vector<16xi32>
// CHECK:           arith.addi %[[A]], %[[ABS]] : vector<16xi32>
func.func @column_abssum_i32(%s: memref<4x40xi32>, %d: memref<40xi32>) {
  "tile.reduce"(%s, %d) {kind = "abssum", dim = 0 : i64, clear = false}
      : (memref<4x40xi32>, memref<40xi32>) -> ()
  return
}

// -----

// Integers: signed minimum, combined with dest.
// CHECK-LABEL: func.func @column_min_i32
// CHECK:         %[[INIT:.*]] = vector.load %{{.*}}[%{{.*}}] : memref<40xi32>, vector<16xi32>
// CHECK:         scf.for %{{.*}} iter_args(%[[A:.*]] = %[[INIT]]) -> (vector<16xi32>) {
// CHECK:           arith.minsi %[[A]], %{{.*}} : vector<16xi32>
func.func @column_min_i32(%s: memref<4x40xi32>, %d: memref<40xi32>) {
  "tile.reduce"(%s, %d) {kind = "min", dim = 0 : i64, clear = false}
      : (memref<4x40xi32>, memref<40xi32>) -> ()
  return
}

// -----

// A rank-1 source gives a rank-0 dest; float sums fold the lanes as a tree.
// CHECK-LABEL: func.func @sum
// CHECK:         vector.reduction <add>, %{{.*}} fastmath<reassoc> : vector<16xf32> into f32
// CHECK:         vector.reduction <add>, %{{.*}} fastmath<reassoc> : vector<4xf32> into f32
// CHECK:         memref.store %{{.*}}, %{{.*}}[] : memref<f32>
func.func @sum(%v: memref<20xf32>, %z: memref<f32>) {
  "tile.reduce"(%v, %z) {kind = "sum", dim = 0 : i64}
      : (memref<20xf32>, memref<f32>) -> ()
  return
}
