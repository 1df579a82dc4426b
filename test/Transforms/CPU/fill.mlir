// RUN: tile-opt --split-input-file --tile-cpu-fill=cpu=x86-64-v4 --canonicalize --cse %s | FileCheck %s

// A static tile: each row is vector stores of the broadcast value, 16 f32
// lanes and then the tail of the row.
// CHECK-LABEL: func.func @tile
// CHECK-SAME:    (%[[T:.*]]: memref<3x20xf32>, %[[V:.*]]: f32)
// CHECK:         scf.for %[[I:.*]] = %c0 to %c3 step %c1 {
// CHECK:           %[[B16:.*]] = vector.broadcast %[[V]] : f32 to vector<16xf32>
// CHECK:           vector.store %[[B16]], %[[T]][%[[I]], %c0] : memref<3x20xf32>, vector<16xf32>
// CHECK:           %[[B4:.*]] = vector.broadcast %[[V]] : f32 to vector<4xf32>
// CHECK:           vector.store %[[B4]], %[[T]][%[[I]], %c16] : memref<3x20xf32>, vector<4xf32>
// CHECK-NOT:     tile.fill
func.func @tile(%t: memref<3x20xf32>, %v: f32) {
  "tile.fill"(%t, %v) : (memref<3x20xf32>, f32) -> ()
  return
}

// -----

// A dynamically shaped buffer: masked stores (32 f16 lanes) up to the end of
// each row.
// CHECK-LABEL: func.func @dynamic
// CHECK-SAME:    (%[[X:.*]]: memref<?x?xf16>, %[[V:.*]]: f16)
// CHECK:         %[[ROWS:.*]] = memref.dim %[[X]], %c0
// CHECK:         scf.for %[[I:.*]] = %c0 to %[[ROWS]] step %c1 {
// CHECK:           %[[COLS:.*]] = memref.dim %[[X]], %c1
// CHECK:           scf.for %[[J:.*]] = %c0 to %[[COLS]] step %c32 {
// CHECK:             %[[MASK:.*]] = vector.create_mask %{{.*}} : vector<32xi1>
// CHECK:             vector.maskedstore %[[X]][%[[I]], %[[J]]], %[[MASK]], %{{.*}} : memref<?x?xf16>, vector<32xi1>, vector<32xf16>
func.func @dynamic(%X: memref<?x?xf16>, %v: f16) {
  "tile.fill"(%X, %v) : (memref<?x?xf16>, f16) -> ()
  return
}

// -----

// A rank-0 buffer: one store.
// CHECK-LABEL: func.func @scalar
// CHECK-NEXT:    memref.store %{{.*}}, %{{.*}}[] : memref<i32>
// CHECK-NEXT:    return
func.func @scalar(%t: memref<i32>, %v: i32) {
  "tile.fill"(%t, %v) : (memref<i32>, i32) -> ()
  return
}
