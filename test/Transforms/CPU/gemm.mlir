// RUN: tile-opt --split-input-file --tile-cpu-gemm="cpu=x86-64-v4 rows=2 vectors=1 unroll=2" --canonicalize --cse %s | FileCheck %s
// RUN: tile-opt --split-input-file --tile-cpu-gemm=cpu=x86-64-v4 --canonicalize --cse %s | FileCheck %s --check-prefix=AVX512
// RUN: tile-opt --split-input-file --tile-cpu-gemm=cpu=x86-64-v3 --canonicalize --cse %s | FileCheck %s --check-prefix=AVX2

// Operands that are read elsewhere are packed right before the GEMM: A into
// panels of `rows` rows, kept as rows ([panel][row][k]) since the A tile is
// stored that way, B into panels of `vectors` vectors ([panel][k][column]);
// rows and lanes past the end of the tile are zeros.
// Blocks of C stay in registers (scf.for iter_args) for the whole K, fed
// by one broadcast of A per row and one vector of B per step. C = 3 x 20
// gives a full block, a block of the last row, and both again on the last
// 4 columns with masked loads and stores of C.
// CHECK-LABEL: func.func @kernel
// CHECK-SAME:    (%[[A:.*]]: memref<3x4xf32>, %[[B:.*]]: memref<4x20xf32>, %[[C:.*]]: memref<3x20xf32>)
// CHECK-DAG:     %[[BP:.*]] = memref.alloca() {alignment = 64 : i64} : memref<2x4x16xf32>
// CHECK-DAG:     %[[AP:.*]] = memref.alloca() {alignment = 64 : i64} : memref<2x2x4xf32>
// CHECK:         scf.for %[[R:.*]] = %c0 to %c2 step %c1 {
// CHECK-NEXT:      %[[ROW:.*]] = vector.load %[[A]][%[[R]], %c0] : memref<3x4xf32>, vector<4xf32>
// CHECK-NEXT:      vector.store %[[ROW]], %[[AP]][%c0, %[[R]], %c0]
// CHECK:         %[[LAST:.*]] = vector.load %[[A]][%c2, %c0] : memref<3x4xf32>, vector<4xf32>
// CHECK:         vector.store %[[LAST]], %[[AP]][%c1, %c0, %c0]
// CHECK:         vector.store %{{.*}}, %[[AP]][%c1, %c1, %c0] : memref<2x2x4xf32>, vector<4xf32>
// B packs step by step of K, all panels of a step from one source row.
// CHECK:         scf.for %[[K:.*]] = %c0 to %c4 step %c1 {
// CHECK-NEXT:      %[[ROW:.*]] = vector.load %[[B]][%[[K]], %c0] : memref<4x20xf32>, vector<16xf32>
// CHECK-NEXT:      vector.store %[[ROW]], %[[BP]][%c0, %[[K]], %c0]
// CHECK-NEXT:      %[[REST:.*]] = vector.load %[[B]][%[[K]], %c16] : memref<4x20xf32>, vector<4xf32>
// CHECK-NEXT:      vector.store %[[REST]], %[[BP]][%c1, %[[K]], %c0]
// CHECK-NEXT:      vector.store %{{.*}}, %[[BP]][%c1, %[[K]], %c4] : memref<2x4x16xf32>, vector<12xf32>
// CHECK:         %[[C0:.*]] = vector.load %[[C]][%c0, %c0] : memref<3x20xf32>, vector<16xf32>
// CHECK:         %[[C1:.*]] = vector.load %[[C]][%c1, %c0] : memref<3x20xf32>, vector<16xf32>
// CHECK:         %[[R:.*]]:2 = scf.for %[[K:.*]] = %c0 to %c4 step %c2 iter_args(%[[X0:.*]] = %[[C0]], %[[X1:.*]] = %[[C1]]) -> (vector<16xf32>, vector<16xf32>) {
// CHECK:           %[[BV:.*]] = vector.load %[[BP]][%c0, %[[K]], %c0] : memref<2x4x16xf32>, vector<16xf32>
// CHECK:           %[[A0:.*]] = memref.load %[[AP]][%c0, %c0, %[[K]]]
// CHECK:           %[[A0V:.*]] = vector.broadcast %[[A0]] : f32 to vector<16xf32>
// CHECK:           vector.fma %[[A0V]], %[[BV]], %[[X0]] : vector<16xf32>
// CHECK:           %[[A1:.*]] = memref.load %[[AP]][%c0, %c1, %[[K]]]
// CHECK:           %[[A1V:.*]] = vector.broadcast %[[A1]] : f32 to vector<16xf32>
// CHECK:           vector.fma %[[A1V]], %[[BV]], %[[X1]] : vector<16xf32>
// CHECK:           scf.yield
// CHECK:         vector.store %[[R]]#0, %[[C]][%c0, %c0]
// CHECK:         vector.store %[[R]]#1, %[[C]][%c1, %c0]
// CHECK:         scf.for %{{.*}} iter_args(%{{.*}}) -> (vector<16xf32>) {
// CHECK:         vector.store %{{.*}}, %[[C]][%c2, %c0]
// CHECK:         %[[MASK:.*]] = vector.constant_mask [4] : vector<16xi1>
// CHECK:         vector.maskedload %[[C]][%c0, %c16], %[[MASK]]
// CHECK:         vector.maskedstore %[[C]][%c1, %c16], %[[MASK]]
// CHECK:         vector.maskedstore %[[C]][%c2, %c16], %[[MASK]]
// CHECK-NOT:     tile.gemm
// The default block for 32 vector registers is 8 rows x 2 vectors.
// AVX512-LABEL: func.func @kernel
// AVX512:         memref.alloca() {alignment = 64 : i64} : memref<1x4x32xf32>
// AVX512:         memref.alloca() {alignment = 64 : i64} : memref<1x8x4xf32>
// And 6 x 2 vectors of 8 lanes for 16 registers (AVX2).
// AVX2-LABEL:   func.func @kernel
// AVX2:           memref.alloca() {alignment = 64 : i64} : memref<2x4x16xf32>
// AVX2:           memref.alloca() {alignment = 64 : i64} : memref<1x6x4xf32>
// AVX2:           vector.fma %{{.*}} : vector<8xf32>
func.func @kernel(%a: memref<3x4xf32>, %b: memref<4x20xf32>, %c: memref<3x20xf32>) {
  "tile.gemm"(%a, %b, %c) : (memref<3x4xf32>, memref<4x20xf32>, memref<3x20xf32>) -> ()
  return
}

// -----

// Tiles that only copies fill and GEMMs read are replaced by their panels:
// the copies pack straight from global memory, converting f16 to the f32 of
// the accumulator, and the tiles disappear. Rows of a window are far apart
// in memory: reading one prefetches the row 8 further.
// CHECK-LABEL: func.func @packing_copies
// CHECK-SAME:    (%[[A:.*]]: memref<?x?xf16>, %[[B:.*]]: memref<?x?xf16>,
// CHECK-NOT:     memref<4x2xf16>
// CHECK-NOT:     memref<2x16xf16>
// CHECK-DAG:     %[[AP:.*]] = memref.alloca() {alignment = 64 : i64} : memref<2x2x2xf32>
// CHECK-DAG:     %[[BP:.*]] = memref.alloca() {alignment = 64 : i64} : memref<1x2x16xf32>
// CHECK:         scf.if
// CHECK:           memref.prefetch %[[A]][%{{.*}}, %{{.*}}], read, locality<3>, data
// CHECK:           %[[X:.*]] = vector.load %[[A]][%{{.*}}, %{{.*}}] : memref<?x?xf16>, vector<2xf16>
// CHECK:           %[[Y:.*]] = arith.extf %[[X]] : vector<2xf16> to vector<2xf32>
// CHECK:           vector.store %[[Y]], %[[AP]]
// CHECK:         } else {
// CHECK:           vector.maskedload %[[A]]
// CHECK:         scf.if
// CHECK:           vector.load %[[B]][%{{.*}}, %{{.*}}] : memref<?x?xf16>, vector<16xf16>
// CHECK:           arith.extf %{{.*}} : vector<16xf16> to vector<16xf32>
// CHECK:         } else {
// CHECK:           vector.maskedload %[[B]]
// CHECK:         vector.fma
// CHECK-NOT:     tile.copy
func.func @packing_copies(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<4x16xf32>,
                          %m: index, %k: index) {
  %a = memref.alloca() : memref<4x2xf16>
  %b = memref.alloca() : memref<2x16xf16>
  "tile.copy"(%A, %a, %m, %k) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
      : (memref<?x?xf16>, memref<4x2xf16>, index, index) -> ()
  "tile.copy"(%B, %b, %k, %m) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
      : (memref<?x?xf16>, memref<2x16xf16>, index, index) -> ()
  "tile.gemm"(%a, %b, %C) : (memref<4x2xf16>, memref<2x16xf16>, memref<4x16xf32>) -> ()
  return
}

// -----

// transpose_b: B is stored N x K, so its panels gather a column per step
// of K; clear_accum starts the accumulators at zero instead of loading C.
// CHECK-LABEL: func.func @transposed_clear
// CHECK-SAME:    (%[[A:.*]]: memref<2x4xf32>, %[[B:.*]]: memref<16x4xf32>, %[[C:.*]]: memref<2x16xf32>)
// CHECK-DAG:     %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : vector<16xf32>
// CHECK:         scf.for %[[K:.*]] = %c0 to %c4 step %c1 {
// CHECK:           memref.load %[[B]][%c0, %[[K]]]
// CHECK:           memref.load %[[B]][%c15, %[[K]]]
// CHECK-NOT:     vector.load %[[C]]
// CHECK:         scf.for %{{.*}} iter_args(%{{.*}} = %[[ZERO]], %{{.*}} = %[[ZERO]]) -> (vector<16xf32>, vector<16xf32>)
func.func @transposed_clear(%a: memref<2x4xf32>, %b: memref<16x4xf32>, %c: memref<2x16xf32>) {
  "tile.gemm"(%a, %b, %c) {transpose_b = true, clear_accum = true}
      : (memref<2x4xf32>, memref<16x4xf32>, memref<2x16xf32>) -> ()
  return
}

// -----

// Integers: i8 operands widen to the i32 accumulator while packing, and
// the micro-kernel multiplies and adds.
// CHECK-LABEL: func.func @integers
// CHECK:         arith.extsi %{{.*}} : vector<4xi8> to vector<4xi32>
// CHECK:         arith.muli %{{.*}} : vector<16xi32>
// CHECK:         arith.addi %{{.*}} : vector<16xi32>
func.func @integers(%a: memref<2x4xi8>, %b: memref<4x16xi8>, %c: memref<2x16xi32>) {
  "tile.gemm"(%a, %b, %c) : (memref<2x4xi8>, memref<4x16xi8>, memref<2x16xi32>) -> ()
  return
}

// -----

// A transposed B whose panels are whole vectors: blocks of 16 x 16
// elements are loaded along K (16 source rows), transposed in registers
// with 64 vector shuffles, and stored along N.
// CHECK-LABEL: func.func @transposed_blocks
// AVX512-LABEL: func.func @transposed_blocks
// AVX512-COUNT-16: vector.load %{{.*}} : memref<32x16xf32>, vector<16xf32>
// AVX512-COUNT-64: vector.shuffle
// AVX512-COUNT-16: vector.store %{{.*}} : memref<1x16x32xf32>, vector<16xf32>
func.func @transposed_blocks(%a: memref<8x16xf32>, %b: memref<32x16xf32>, %c: memref<8x32xf32>) {
  "tile.gemm"(%a, %b, %c) {transpose_b = true}
      : (memref<8x16xf32>, memref<32x16xf32>, memref<8x32xf32>) -> ()
  return
}
