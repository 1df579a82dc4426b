// RUN: tile-opt --split-input-file --tile-cpu-split-guards --canonicalize %s | FileCheck %s
// RUN: tile-opt --split-input-file --tile-cpu-split-guards=max-ops=5 %s | FileCheck %s --check-prefix=LARGE

// A loop whose body guards indices that move with it (%base + %i < %n,
// unsigned: 0 <= %base + %i < %n; %i < %n, signed) runs in three parts:
// before, where and after every guard holds. The middle one has no guard
// left; the others keep the body as it was.
// CHECK-LABEL: func.func @guarded(
// CHECK-SAME:      %[[A:.*]]: memref<?xf32>, %[[C:.*]]: memref<?xf32>, %[[BASE:.*]]: index)
// CHECK-DAG:     %[[N:.*]] = memref.dim %[[A]]
// CHECK-DAG:     %[[END:.*]] = arith.subi %[[N]], %[[BASE]] : index
// CHECK-DAG:     %[[START:.*]] = arith.subi %c0, %[[BASE]] : index
// CHECK:         scf.for %{{.*}} = %c0 to %[[LO:.*]] step %c1 {
// CHECK:           arith.cmpi ult
// CHECK:           scf.if
// CHECK:           arith.cmpi slt
// CHECK:         scf.for %[[I:.*]] = %[[LO]] to %[[HI:.*]] step %c1 {
// CHECK-NEXT:      %[[J:.*]] = arith.addi %[[BASE]], %[[I]] : index
// CHECK-NEXT:      %[[X:.*]] = memref.load %[[A]][%[[J]]]
// CHECK-NEXT:      memref.store %[[X]], %[[C]][%[[I]]]
// CHECK-NEXT:    }
// CHECK:         scf.for %{{.*}} = %[[HI]] to %c256 step %c1 {
// CHECK:           arith.cmpi ult
// CHECK:           arith.cmpi slt
// LARGE-LABEL: func.func @guarded(
// LARGE-COUNT-1: scf.for
// LARGE-NOT:     scf.for
func.func @guarded(%A: memref<?xf32>, %C: memref<?xf32>, %base: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c256 = arith.constant 256 : index
  %zero = arith.constant 0.0 : f32
  %n = memref.dim %A, %c0 : memref<?xf32>
  scf.for %i = %c0 to %c256 step %c1 {
    %j = arith.addi %base, %i : index
    %in = arith.cmpi ult, %j, %n : index
    %x = scf.if %in -> (f32) {
      %v = memref.load %A[%j] : memref<?xf32>
      scf.yield %v : f32
    } else {
      scf.yield %zero : f32
    }
    %lt = arith.cmpi slt, %i, %n : index
    scf.if %lt {
      memref.store %x, %C[%i] : memref<?xf32>
    }
  }
  return
}

// -----

// Left alone: a guard whose bound is computed in the loop, a step other than
// 1, and a loop with results.
// LARGE-LABEL: func.func @not_split(
// CHECK-LABEL: func.func @not_split(
// CHECK-COUNT-3: scf.for
// CHECK-NOT:     scf.for
func.func @not_split(%A: memref<?xf32>, %n: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c64 = arith.constant 64 : index
  %zero = arith.constant 0.0 : f32
  scf.for %i = %c0 to %c64 step %c1 {
    %m = arith.muli %i, %c2 : index
    %in = arith.cmpi ult, %i, %m : index
    scf.if %in {
      memref.store %zero, %A[%i] : memref<?xf32>
    }
  }
  scf.for %i = %c0 to %c64 step %c2 {
    %in = arith.cmpi ult, %i, %n : index
    scf.if %in {
      memref.store %zero, %A[%i] : memref<?xf32>
    }
  }
  %r = scf.for %i = %c0 to %c64 step %c1 iter_args(%acc = %c0) -> (index) {
    %in = arith.cmpi ult, %i, %n : index
    %next = arith.select %in, %i, %acc : index
    scf.yield %next : index
  }
  return %r : index
}
