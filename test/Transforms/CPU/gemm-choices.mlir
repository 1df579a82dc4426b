// tile-cpu-gemm obeys a kernel's tile_cpu ops and erases them (the
// refusals are in test/Target/CPU/extension-errors.mlir).
// RUN: tile-opt --split-input-file --tile-cpu-verify --tile-cpu-gemm=cpu=x86-64-v4 --canonicalize --cse %s | FileCheck %s

// Neither operand packed: no panels; B's vectors are loaded from the B tile
// (the last one, past N = 20, with a mask of its 4 lanes), A's elements
// from the A tile. 2 x 1 blocks of 16 lanes, 2 steps of K per iteration.
// CHECK-LABEL: func.func @in_place
// CHECK-SAME:    (%[[A:.*]]: memref<3x4xf32>, %[[B:.*]]: memref<4x20xf32>, %[[C:.*]]: memref<3x20xf32>)
// CHECK-NOT:     tile_cpu
// CHECK-NOT:     memref.alloca
// CHECK:         scf.for %[[K:.*]] = %c0 to %c4 step %c2 iter_args(%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) -> (vector<16xf32>, vector<16xf32>) {
// CHECK-NEXT:      %[[BV:.*]] = vector.load %[[B]][%[[K]], %c0] : memref<4x20xf32>, vector<16xf32>
// CHECK-NEXT:      %[[A0:.*]] = memref.load %[[A]][%c0, %[[K]]] : memref<3x4xf32>
// CHECK-NEXT:      %[[A0V:.*]] = vector.broadcast %[[A0]]
// CHECK-NEXT:      vector.fma %[[A0V]], %[[BV]]
// CHECK-NEXT:      memref.load %[[A]][%c1, %[[K]]] : memref<3x4xf32>
// CHECK:         %[[MASK:.*]] = vector.constant_mask [4] : vector<16xi1>
// CHECK:         scf.for %[[K:.*]] = %c0 to %c4 step %c2 iter_args(
// CHECK-NEXT:      vector.maskedload %[[B]][%[[K]], %c16], %[[MASK]], %{{.*}} : memref<4x20xf32>, vector<16xi1>, vector<16xf32> into vector<16xf32>
// CHECK-NOT:     memref.alloca
// CHECK-NOT:     tile.gemm
func.func @in_place(%a: memref<3x4xf32>, %b: memref<4x20xf32>, %c: memref<3x20xf32>) {
  scf.forall (%i) in (2) {
    "tile_cpu.micro_kernel"() {rows = 2 : i64, vectors = 1 : i64, unroll = 2 : i64} : () -> ()
    "tile_cpu.packing"() {a = false, b = false} : () -> ()
    "tile.gemm"(%a, %b, %c) : (memref<3x4xf32>, memref<4x20xf32>, memref<3x20xf32>) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 1 : i64}
  return
}

// -----

// A stored K x M (transpose_a) is read in place along its columns; B is
// packed into panels of one vector.
// CHECK-LABEL: func.func @in_place_transposed_a
// CHECK-SAME:    (%[[A:.*]]: memref<4x3xf32>,
// CHECK:         %[[BP:.*]] = memref.alloca() {alignment = 64 : i64} : memref<2x4x16xf32>
// CHECK-NOT:     memref.alloca
// CHECK:         scf.for %[[K:.*]] = %c0 to %c4 step %c1 iter_args(
// CHECK-NEXT:      vector.load %[[BP]][%c0, %[[K]], %c0]
// CHECK-NEXT:      memref.load %[[A]][%[[K]], %c0] : memref<4x3xf32>
// CHECK-NOT:     tile_cpu
func.func @in_place_transposed_a(%a: memref<4x3xf32>, %b: memref<4x20xf32>, %c: memref<3x20xf32>) {
  scf.forall (%i) in (2) {
    "tile_cpu.micro_kernel"() {rows = 3 : i64, vectors = 1 : i64, unroll = 1 : i64} : () -> ()
    "tile_cpu.packing"() {a = false, b = true} : () -> ()
    "tile.gemm"(%a, %b, %c) {transpose_a = true} : (memref<4x3xf32>, memref<4x20xf32>, memref<3x20xf32>) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 1 : i64}
  return
}

// -----

// A GEMM outside a kernel keeps the backend's choices (8 x 2 blocks on
// AVX-512): a kernel's ops apply to that kernel only.
// CHECK-LABEL: func.func @other_kernel
// CHECK:         %[[BP:.*]] = memref.alloca() {alignment = 64 : i64} : memref<1x4x32xf32>
// CHECK:         %[[AP:.*]] = memref.alloca() {alignment = 64 : i64} : memref<1x8x4xf32>
// CHECK:         scf.forall
// CHECK-NOT:       %[[AP]]
// CHECK:           memref.load %{{.*}} : memref<3x4xf32>
// CHECK-NOT:       %[[AP]]
// CHECK:         } {mapping
// CHECK:         vector.store %{{.*}}, %[[AP]]
// CHECK:         memref.load %[[AP]]
func.func @other_kernel(%a: memref<3x4xf32>, %b: memref<4x20xf32>, %c: memref<3x20xf32>) {
  scf.forall (%i) in (2) {
    "tile_cpu.packing"() {a = false, b = false} : () -> ()
    "tile.gemm"(%a, %b, %c) : (memref<3x4xf32>, memref<4x20xf32>, memref<3x20xf32>) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 1 : i64}
  "tile.gemm"(%a, %b, %c) : (memref<3x4xf32>, memref<4x20xf32>, memref<3x20xf32>) -> ()
  return
}
