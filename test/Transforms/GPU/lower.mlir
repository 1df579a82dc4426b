// RUN: tile-opt --tile-gpu-layout --tile-gpu-lower --canonicalize --cse --split-input-file %s | FileCheck %s

// Shared and global tiles move cooperatively: element e = tid + r * threads
// for a trip count that is the same on every thread; reads outside the
// source give the pad value, writes outside the destination are dropped.
// CHECK-LABEL: func.func @copy_pad
// CHECK-DAG: %[[PAD:.*]] = arith.constant 7.000000e+00 : f32
// CHECK: %[[TID:.*]] = gpu.thread_id x
// CHECK: %[[S:.*]] = "tile.alloc"() : () -> memref<16x8xf32, #gpu.address_space<workgroup>>
// CHECK: scf.for %[[R:.*]] = %c0 to %c4 step %c1 {
// CHECK:   %[[OFF:.*]] = arith.muli %[[R]], %c32
// CHECK:   %[[E:.*]] = arith.addi %[[TID]], %[[OFF]]
// CHECK:   scf.if %{{.*}} -> (f32) {
// CHECK:     memref.load %arg0
// CHECK:   } else {
// CHECK:     scf.yield %[[PAD]] : f32
// CHECK:   memref.store %{{.*}}, %[[S]]
// CHECK: } {simt.distributed}
// CHECK: scf.for
// CHECK:   scf.if %{{.*}} {
// CHECK:     memref.store %{{.*}}, %arg1
// CHECK: } {simt.distributed}
func.func @copy_pad(%X: memref<?x?xf32>, %Y: memref<?x?xf32>, %m0: index) {
  %c0 = arith.constant 0 : index
  scf.forall (%b) in (4) {
    %s = "tile.alloc"() : () -> memref<16x8xf32, #gpu.address_space<workgroup>>
    "tile.copy"(%X, %s, %m0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>, pad = 7.0 : f32}
        : (memref<?x?xf32>, memref<16x8xf32, #gpu.address_space<workgroup>>, index, index) -> ()
    "tile.copy"(%s, %Y, %m0, %c0) {operandSegmentSizes = array<i32: 1, 1, 0, 2>}
        : (memref<16x8xf32, #gpu.address_space<workgroup>>, memref<?x?xf32>, index, index) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 32 : i64}
  return
}

// -----

// A 64x64 accumulator on 128 threads (grid 8 x 16) is an 8x4 register
// array per thread; the gemm loads a column of A (8 values) and a row of B
// (4 values) per step of K and multiplies them into it; the epilogue loop
// runs on the elements each thread holds and stores to its registers.
// CHECK-LABEL: func.func @gemm
// CHECK: %[[TID:.*]] = gpu.thread_id x
// CHECK-DAG: %[[TY:.*]] = arith.divui %[[TID]], %c16
// CHECK-DAG: %[[TX:.*]] = arith.remui %[[TID]], %c16
// CHECK-DAG: %[[B:.*]] = memref.alloca() : memref<4xf32, #gpu.address_space<private>>
// CHECK-DAG: %[[A:.*]] = memref.alloca() : memref<8xf32, #gpu.address_space<private>>
// CHECK-DAG: %[[ACC:.*]] = memref.alloca() : memref<8x4xf32, #gpu.address_space<private>>
// CHECK: scf.for %[[K:.*]] = %c0 to %c16 step %c1 {
// CHECK:   scf.for %[[R:.*]] = %c0 to %c8 step %c1 {
// CHECK:     memref.load %{{.*}}[%{{.*}}, %[[K]]] : memref<64x16xf16, #gpu.address_space<workgroup>>
// CHECK:     arith.extf
// CHECK:     memref.store %{{.*}}, %[[A]][%{{.*}}]
// CHECK:   } {simt.distributed}
// CHECK:   scf.for
// CHECK:     memref.load %{{.*}}[%[[K]], %{{.*}}] : memref<16x64xf16, #gpu.address_space<workgroup>>
// CHECK:     memref.store %{{.*}}, %[[B]][%{{.*}}]
// CHECK:   } {simt.distributed}
// CHECK:   scf.for
// CHECK:     scf.for
// CHECK:       arith.mulf {{.*}} fastmath<contract>
// CHECK:       arith.addf {{.*}} fastmath<contract>
// CHECK:       memref.store %{{.*}}, %[[ACC]]
// CHECK: scf.for
// CHECK:   scf.for
// CHECK:     math.exp
// CHECK:     memref.store %{{.*}}, %[[ACC]]
// CHECK-NOT: "tile.
func.func @gemm(%zero: f32) {
  scf.forall (%b) in (4) {
    %a = "tile.alloc"() : () -> memref<64x16xf16, #gpu.address_space<workgroup>>
    %bt = "tile.alloc"() : () -> memref<16x64xf16, #gpu.address_space<workgroup>>
    %acc = "tile.alloc"() : () -> memref<64x64xf32, #tile.fragment>
    "tile.gemm"(%a, %bt, %acc) {clear_accum = true}
        : (memref<64x16xf16, #gpu.address_space<workgroup>>,
           memref<16x64xf16, #gpu.address_space<workgroup>>,
           memref<64x64xf32, #tile.fragment>) -> ()
    scf.forall (%i, %j) in (64, 64) {
      %x = memref.load %acc[%i, %j] : memref<64x64xf32, #tile.fragment>
      %y = math.exp %x : f32
      memref.store %y, %acc[%i, %j] : memref<64x64xf32, #tile.fragment>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 128 : i64}
  return
}

// -----

// A row reduction (grid 4 x 8): per-row partials in registers, written to a shared
// scratch[row][tx], a barrier, then every thread of the row combines all
// partials in the same order; one replica (tx == 0) writes shared memory.
// CHECK-LABEL: func.func @row_sum
// CHECK: %[[SCRATCH:.*]] = "tile.alloc"() : () -> memref<32x8xf32, #gpu.address_space<workgroup>>
// CHECK: memref.store %{{.*}}, %[[SCRATCH]][%{{.*}}, %[[TX:.*]]]
// CHECK: gpu.barrier
// CHECK: memref.load %[[SCRATCH]][%{{.*}}, %c0]
// CHECK: scf.for %[[P:.*]] = %c1 to %c8 step %c1
// CHECK:   memref.load %[[SCRATCH]][%{{.*}}, %[[P]]]
// CHECK:   arith.addf
// CHECK: %[[FIRST:.*]] = arith.cmpi eq, %[[TX]], %c0
// CHECK: scf.if %[[FIRST]] {
// CHECK:   memref.store %{{.*}}, %arg0[%{{.*}}] : memref<32xf32, #gpu.address_space<workgroup>>
func.func @row_sum(%out: memref<32xf32, #gpu.address_space<workgroup>>) {
  scf.forall (%b) in (4) {
    %x = "tile.alloc"() : () -> memref<32x32xf32, #tile.fragment>
    "tile.reduce"(%x, %out) {kind = "sum", dim = 1 : i64}
        : (memref<32x32xf32, #tile.fragment>, memref<32xf32, #gpu.address_space<workgroup>>) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 32 : i64}
  return
}

// -----

// An atomic add from a fragment: each element once, from the thread that
// holds it, into the window if inside.
// CHECK-LABEL: func.func @atomic
// CHECK: scf.for
// CHECK:   scf.for
// CHECK:     scf.if
// CHECK:       memref.atomic_rmw addf %{{.*}}, %arg0[%{{.*}}, %{{.*}}] : (f32, memref<?x?xf32>) -> f32
func.func @atomic(%C: memref<?x?xf32>, %m0: index, %n0: index) {
  scf.forall (%b) in (4) {
    %x = "tile.alloc"() : () -> memref<16x16xf32, #tile.fragment>
    "tile.atomic_add"(%x, %C, %m0, %n0)
        : (memref<16x16xf32, #tile.fragment>, memref<?x?xf32>, index, index) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 32 : i64}
  return
}
