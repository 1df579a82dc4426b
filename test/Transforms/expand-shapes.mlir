// RUN: tile-opt --tile-expand-shapes --split-input-file %s | FileCheck %s
// RUN: tile-opt --tile-expand-shapes --expand-strided-metadata --split-input-file %s | FileCheck %s --check-prefix=LOWERED

// A dimension split into two of dynamic size: a cast of the source's base
// with the sizes of output_shape, strides (s * n, s) from the source's
// stride s, and its offset; static ones as constants. MLIR 22's
// expand-strided-metadata crashed on the expand_shape itself.
// CHECK-LABEL: func.func @two
// CHECK: %[[BASE:.*]], %[[OFF:.*]], %[[SIZE:.*]], %[[STRIDE:.*]] = memref.extract_strided_metadata %arg0
// CHECK: %[[OUTER:.*]] = arith.muli %[[STRIDE]], %arg2 : index
// CHECK: memref.reinterpret_cast %[[BASE]] to offset: [0], sizes: [%arg1, %arg2], strides: [%[[OUTER]], 1] : memref<f32> to memref<?x?xf32>
// CHECK-NOT: expand_shape
// LOWERED-LABEL: func.func @two
// LOWERED: memref.reinterpret_cast %{{.*}} to offset: [0], sizes: [%arg1, %arg2], strides: [%arg2, 1]
func.func @two(%X: memref<?xf32>, %m: index, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %x = memref.expand_shape %X [[0, 1]] output_shape [%m, %n] : memref<?xf32> into memref<?x?xf32>
  %v = memref.load %x[%c0, %c0] : memref<?x?xf32>
  return %v : f32
}

// -----

// Three out of the columns of a strided view: strides (2 * 4 * b, 2 * b,
// 2) of its column stride 2, the offset from the view.
// CHECK-LABEL: func.func @strided
// CHECK: %[[BASE:.*]], %[[OFF:.*]], %[[SIZES:.*]]:2, %[[STRIDES:.*]]:2 = memref.extract_strided_metadata %arg0
// CHECK: %[[MID:.*]] = arith.muli %[[STRIDES]]#1, %arg3 : index
// CHECK: %[[OUTER:.*]] = arith.muli %[[MID]], %c4 : index
// CHECK: memref.reinterpret_cast %[[BASE]] to offset: [%[[OFF]]], sizes: [%arg1, %arg2, 4, %arg3], strides: [%[[STRIDES]]#0, %[[OUTER]], %[[MID]], 2]
// CHECK-SAME: memref<f32> to memref<?x?x4x?xf32, strided<[?, ?, ?, 2], offset: ?>>
func.func @strided(%X: memref<?x?xf32, strided<[?, 2], offset: ?>>, %r: index, %a: index, %b: index) -> memref<?x?x4x?xf32, strided<[?, ?, ?, 2], offset: ?>> {
  %x = memref.expand_shape %X [[0], [1, 2, 3]] output_shape [%r, %a, 4, %b] : memref<?x?xf32, strided<[?, 2], offset: ?>> into memref<?x?x4x?xf32, strided<[?, ?, ?, 2], offset: ?>>
  return %x : memref<?x?x4x?xf32, strided<[?, ?, ?, 2], offset: ?>>
}

// -----

// One dynamic size per group is expand-strided-metadata's own case: left
// as it is.
// CHECK-LABEL: func.func @one_dynamic
// CHECK: memref.expand_shape %arg0 {{\[\[}}0, 1]] output_shape [%arg1, 8]
// CHECK-NOT: reinterpret_cast
func.func @one_dynamic(%X: memref<?xf32>, %m: index) -> memref<?x8xf32> {
  %x = memref.expand_shape %X [[0, 1]] output_shape [%m, 8] : memref<?xf32> into memref<?x8xf32>
  return %x : memref<?x8xf32>
}

// -----

// Workgroup memory keeps its space, in device code too.
// CHECK-LABEL: gpu.func @shared
// CHECK: memref.extract_strided_metadata %arg0 : memref<?xf16, #gpu.address_space<workgroup>> -> memref<f16, #gpu.address_space<workgroup>>
// CHECK: memref.reinterpret_cast {{.*}} : memref<f16, #gpu.address_space<workgroup>> to memref<?x?xf16, #gpu.address_space<workgroup>>
gpu.module @kernels {
  gpu.func @shared(%X: memref<?xf16, #gpu.address_space<workgroup>>, %m: index, %n: index) {
    %c0 = arith.constant 0 : index
    %x = memref.expand_shape %X [[0, 1]] output_shape [%m, %n] : memref<?xf16, #gpu.address_space<workgroup>> into memref<?x?xf16, #gpu.address_space<workgroup>>
    %v = memref.load %x[%c0, %c0] : memref<?x?xf16, #gpu.address_space<workgroup>>
    gpu.return
  }
}
