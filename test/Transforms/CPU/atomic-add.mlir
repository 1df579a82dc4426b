// RUN: tile-opt --split-input-file --tile-cpu-atomic-add=cpu=x86-64-v4 --canonicalize --cse %s | FileCheck %s

// Into a global buffer: one atomic read-modify-write per element (blocks
// run on several threads); elements outside the buffer are dropped.
// CHECK-LABEL: func.func @global
// CHECK-SAME:    (%[[S:.*]]: memref<4x20xf32>, %[[G:.*]]: memref<?x?xf32>, %[[I:.*]]: index, %[[J:.*]]: index)
// CHECK:         scf.if %{{.*}} {
// CHECK:           scf.for %[[A:.*]] = %c0 to %c4 step %c1 {
// CHECK:             scf.for %[[B:.*]] = %c0 to %c20 step %c1 {
// CHECK:               %[[V:.*]] = memref.load %[[S]][%[[A]], %[[B]]]
// CHECK:               memref.atomic_rmw addf %[[V]], %[[G]][%{{.*}}, %{{.*}}] : (f32, memref<?x?xf32>) -> f32
// CHECK:         } else {
// CHECK:               %[[IN:.*]] = arith.andi
// CHECK:               scf.if %[[IN]] {
// CHECK:                 memref.atomic_rmw addf
func.func @global(%src: memref<4x20xf32>, %G: memref<?x?xf32>, %i: index, %j: index) {
  "tile.atomic_add"(%src, %G, %i, %j) : (memref<4x20xf32>, memref<?x?xf32>, index, index) -> ()
  return
}

// -----

// Integers add with addi.
// CHECK-LABEL: func.func @integers
// CHECK:         memref.atomic_rmw addi %{{.*}} : (i32, memref<?xi32>) -> i32
func.func @integers(%src: memref<8xi32>, %G: memref<?xi32>, %i: index) {
  "tile.atomic_add"(%src, %G, %i) : (memref<8xi32>, memref<?xi32>, index) -> ()
  return
}

// -----

// Into the block's own buffer (a shared tile is a stack array of the
// block): masked vector adds, no atomics.
// CHECK-LABEL: func.func @block_local
// CHECK-NOT:     atomic_rmw
// CHECK:         %[[MASK:.*]] = arith.xori %{{.*}}, %{{.*}} : vector<16xi1>
// CHECK:         %[[OLD:.*]] = vector.maskedload %[[SH:.*]][%{{.*}}, %{{.*}}], %[[MASK]], %{{.*}} : memref<8x32xf32>
// CHECK:         %[[NEW:.*]] = arith.addf %[[OLD]], %{{.*}} : vector<16xf32>
// CHECK:         vector.maskedstore %[[SH]][%{{.*}}, %{{.*}}], %[[MASK]], %[[NEW]]
func.func @block_local(%src: memref<4x20xf32>, %G: memref<?x?xf32>, %i: index, %j: index) {
  %sh = memref.alloca() : memref<8x32xf32>
  "tile.atomic_add"(%src, %sh, %i, %j) : (memref<4x20xf32>, memref<8x32xf32>, index, index) -> ()
  %v = memref.load %sh[%i, %j] : memref<8x32xf32>
  memref.store %v, %G[%i, %j] : memref<?x?xf32>
  return
}
