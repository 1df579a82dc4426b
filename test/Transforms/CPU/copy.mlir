// RUN: tile-opt --split-input-file --tile-cpu-copy=cpu=x86-64-v4 --canonicalize --cse %s | FileCheck %s
// RUN: tile-opt --split-input-file --tile-cpu-copy=cpu=x86-64-v3 --canonicalize --cse %s | FileCheck %s --check-prefix=AVX2

// A source window: when it lies in A, rows are copied with unchecked vector
// loads (16 f32 lanes for AVX-512, then a tail of 8), converted on the way.
// Otherwise rows past the end read the pad value and the end of each row is
// masked, reading the pad value past the end of A.
// CHECK-LABEL: func.func @read
// CHECK-SAME:    (%[[A:.*]]: memref<?x?xf16>, %[[M:.*]]: index, %[[K:.*]]: index)
// CHECK-DAG:     %[[PADF:.*]] = arith.constant dense<1.000000e+00> : vector<16xf32>
// CHECK-DAG:     %[[PADH:.*]] = arith.constant dense<1.000000e+00> : vector<16xf16>
// CHECK-DAG:     %[[T:.*]] = memref.alloca() : memref<4x40xf32>
// CHECK-DAG:     %[[ROWS:.*]] = memref.dim %[[A]], %c0
// CHECK-DAG:     %[[COLS:.*]] = memref.dim %[[A]], %c1
// CHECK:         scf.if %{{.*}} {
// CHECK:           scf.for %[[I:.*]] = %c0 to %c4 step %c1 {
// CHECK:             scf.for %[[J:.*]] = %c0 to %c32 step %c16 {
// CHECK:               %[[V:.*]] = vector.load %[[A]][%{{.*}}, %{{.*}}] : memref<?x?xf16>, vector<16xf16>
// CHECK:               %[[W:.*]] = arith.extf %[[V]] : vector<16xf16> to vector<16xf32>
// CHECK:               vector.store %[[W]], %[[T]][%[[I]], %[[J]]] : memref<4x40xf32>, vector<16xf32>
// CHECK:             vector.load %[[A]][%{{.*}}, %{{.*}}] : memref<?x?xf16>, vector<8xf16>
// CHECK:             vector.store %{{.*}}, %[[T]][%[[I]], %c32] : memref<4x40xf32>, vector<8xf32>
// CHECK:         } else {
// CHECK:           scf.for %[[I:.*]] = %c0 to %c4 step %c1 {
// CHECK:             %[[ROW:.*]] = arith.addi %[[M]], %[[I]]
// CHECK:             %[[VALID:.*]] = arith.cmpi ult, %[[ROW]], %[[ROWS]]
// CHECK:             scf.if %[[VALID]] {
// CHECK:               scf.for %[[J:.*]] = %c0 to %c32 step %c16 {
// CHECK:                 %[[COL:.*]] = arith.addi %[[K]], %[[J]]
// CHECK:                 %[[LEFT:.*]] = arith.subi %[[COLS]], %[[COL]]
// The lanes before the row's start (a negative offset) are off too.
// CHECK:                 arith.subi %{{.*}}, %[[COL]]
// CHECK:                 %[[BELOW:.*]] = vector.create_mask %{{.*}} : vector<16xi1>
// CHECK:                 %[[BEFORE:.*]] = vector.create_mask %{{.*}} : vector<16xi1>
// CHECK:                 %[[MASK:.*]] = arith.xori %[[BELOW]], %[[BEFORE]] : vector<16xi1>
// CHECK:                 vector.maskedload %[[A]][%[[ROW]], %[[COL]]], %[[MASK]], %[[PADH]]
// CHECK:             } else {
// CHECK:               scf.for %[[J:.*]] = %c0 to %c32 step %c16 {
// CHECK:                 vector.store %[[PADF]], %[[T]][%[[I]], %[[J]]]
// CHECK-NOT:     tile.copy
// AVX2-LABEL:  func.func @read
// AVX2-NOT:      vector<16x
// AVX2:          vector.load %{{.*}} : memref<?x?xf16>, vector<8xf16>
// AVX2-LABEL:  func.func @write
func.func @read(%A: memref<?x?xf16>, %m: index, %k: index) {
  %t = memref.alloca() : memref<4x40xf32>
  "tile.copy"(%A, %t, %m, %k) {operandSegmentSizes = array<i32: 1, 1, 2, 0>, pad = 1.0 : f16}
      : (memref<?x?xf16>, memref<4x40xf32>, index, index) -> ()
  return
}

// -----

// A dest window: rows past the end of C are not written, and the end of each
// row is a masked store.
// CHECK-LABEL: func.func @write
// CHECK-SAME:    (%[[C:.*]]: memref<?x?xf32>,
// CHECK:         scf.if
// CHECK:           vector.store %{{.*}}, %[[C]][%{{.*}}, %{{.*}}] : memref<?x?xf32>, vector<16xf32>
// CHECK:         } else {
// CHECK:           scf.if
// CHECK:             %[[MASK:.*]] = arith.xori %{{.*}}, %{{.*}} : vector<16xi1>
// CHECK:             vector.maskedstore %[[C]][%{{.*}}, %{{.*}}], %[[MASK]], %{{.*}} : memref<?x?xf32>, vector<16xi1>, vector<16xf32>
// CHECK-NOT:       else
func.func @write(%C: memref<?x?xf32>, %m: index, %n: index) {
  %t = memref.alloca() : memref<2x16xf32>
  "tile.copy"(%t, %C, %m, %n) {operandSegmentSizes = array<i32: 1, 1, 0, 2>}
      : (memref<2x16xf32>, memref<?x?xf32>, index, index) -> ()
  return
}

// -----

// A rank-reducing window: the leading offset selects one index, checked
// against the leading size like the rows.
// CHECK-LABEL: func.func @rank_reducing
// CHECK-SAME:    (%[[X:.*]]: memref<?x?x?xbf16>, %[[B:.*]]: index, %[[R:.*]]: index)
// CHECK:         %[[LEAD:.*]] = memref.dim %[[X]], %c0
// CHECK:         scf.if
// CHECK:           vector.load %[[X]][%[[B]], %{{.*}}, %{{.*}}] : memref<?x?x?xbf16>, vector<32xbf16>
// CHECK:         } else {
// CHECK:           arith.cmpi ult, %[[B]], %[[LEAD]]
func.func @rank_reducing(%X: memref<?x?x?xbf16>, %b: index, %r: index) {
  %c0 = arith.constant 0 : index
  %t = memref.alloca() : memref<8x32xbf16>
  "tile.copy"(%X, %t, %b, %r, %c0) {operandSegmentSizes = array<i32: 1, 1, 3, 0>}
      : (memref<?x?x?xbf16>, memref<8x32xbf16>, index, index, index) -> ()
  return
}

// -----

// Tile to tile: nothing to check; f32 -> f16 rounds.
// CHECK-LABEL: func.func @tiles
// CHECK-NOT:     scf.if
// CHECK:         scf.for
// CHECK:           vector.load %{{.*}} : memref<4x8xf32>, vector<8xf32>
// CHECK:           arith.truncf %{{.*}} : vector<8xf32> to vector<8xf16>
// CHECK:           vector.store %{{.*}} : memref<4x8xf16>, vector<8xf16>
func.func @tiles(%b: memref<4x8xf16>) {
  %a = memref.alloca() : memref<4x8xf32>
  "tile.copy"(%a, %b) {operandSegmentSizes = array<i32: 1, 1, 0, 0>}
      : (memref<4x8xf32>, memref<4x8xf16>) -> ()
  return
}

// -----

// A rank-0 tile: one checked element; integers widen with sign extension.
// CHECK-LABEL: func.func @scalar
// CHECK-SAME:    (%[[X:.*]]: memref<?xi32>, %[[I:.*]]: index, %[[T:.*]]: memref<i64>)
// CHECK:         %[[N:.*]] = memref.dim %[[X]], %c0
// CHECK:         %[[IN:.*]] = arith.cmpi ult, %[[I]], %[[N]]
// CHECK:         scf.if %[[IN]] {
// CHECK:           %[[V:.*]] = memref.load %[[X]][%[[I]]]
// CHECK:           %[[W:.*]] = arith.extsi %[[V]] : i32 to i64
// CHECK:           memref.store %[[W]], %[[T]][]
// CHECK:         } else {
// CHECK:           memref.store %c0_i64, %[[T]][]
func.func @scalar(%X: memref<?xi32>, %i: index, %t: memref<i64>) {
  "tile.copy"(%X, %t, %i) {operandSegmentSizes = array<i32: 1, 1, 1, 0>}
      : (memref<?xi32>, memref<i64>, index) -> ()
  return
}
