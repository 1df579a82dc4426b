// RUN: tile-opt --split-input-file --tile-cpu-outline-ops=max-ops=2 %s | FileCheck %s
// RUN: tile-opt --split-input-file --tile-cpu-outline-ops %s | FileCheck %s --check-prefix=KEPT
// RUN: tile-opt --split-input-file --tile-cpu-outline-ops="max-ops=2 ops-per-function=3" %s | FileCheck %s --check-prefix=RUNS

// A block with more loop nests than max-ops: each moves into a private,
// internal, noinline function, called where it was, in order; values from
// outside become arguments, constants are copied in. Ops with results and
// parallel loops stay. The default (64) keeps these blocks whole.
// CHECK-LABEL: func.func @three(
// CHECK-SAME:    %[[X:.*]]: memref<?xf32>, %[[N:.*]]: index, %[[S:.*]]: f32)
// CHECK:         call @three_part(%[[N]], %[[S]], %[[X]])
// CHECK-NEXT:    call @three_part_0(%[[N]], %[[X]])
// CHECK-NEXT:    %[[R:.*]] = scf.for {{.*}} iter_args
// CHECK:         %[[P:.*]] = arith.cmpf
// CHECK-NEXT:    call @three_part_1(%[[P]], %[[S]], %[[X]])
// CHECK-NEXT:    scf.parallel
// CHECK:         return %[[R]]
// CHECK:       func.func private @three_part(%{{.*}}: index, %{{.*}}: f32, %{{.*}}: memref<?xf32>)
// CHECK-SAME:    attributes {llvm.linkage = #llvm.linkage<internal>, passthrough = ["noinline"]}
// CHECK:         arith.constant 0 : index
// CHECK:         scf.for
// CHECK:           memref.store
// CHECK:         return
// CHECK:       func.func private @three_part_0(
// CHECK:       func.func private @three_part_1(%{{.*}}: i1, %{{.*}}: f32, %{{.*}}: memref<?xf32>)
// CHECK:         scf.if
// KEPT-NOT:    call
func.func @three(%X: memref<?xf32>, %n: index, %s: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f32
  scf.for %i = %c0 to %n step %c1 {
    memref.store %s, %X[%i] : memref<?xf32>
  }
  scf.for %i = %c0 to %n step %c1 {
    %v = memref.load %X[%i] : memref<?xf32>
    %w = arith.addf %v, %v : f32
    memref.store %w, %X[%i] : memref<?xf32>
  }
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %z) -> f32 {
    %v = memref.load %X[%i] : memref<?xf32>
    %b = arith.addf %a, %v : f32
    scf.yield %b : f32
  }
  %p = arith.cmpf ogt, %s, %z : f32
  scf.if %p {
    memref.store %s, %X[%c0] : memref<?xf32>
  }
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    memref.store %z, %X[%i] : memref<?xf32>
    scf.reduce
  }
  return %r : f32
}

// -----

// Blocks inside loops are split too, the innermost first.
// CHECK-LABEL: func.func @nested(
// CHECK:         scf.for
// CHECK-NEXT:      call @nested_part(
// CHECK-NEXT:      call @nested_part_0(
// CHECK-NEXT:      call @nested_part_1(
// CHECK-NEXT:    }
func.func @nested(%X: memref<?xf32>, %n: index, %s0: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %j = %c0 to %n step %c1 {
    scf.for %i = %c0 to %j step %c1 {
      memref.store %s0, %X[%i] : memref<?xf32>
    }
    scf.for %i = %c0 to %j step %c1 {
      memref.store %s0, %X[%j] : memref<?xf32>
    }
    scf.for %i = %j to %n step %c1 {
      memref.store %s0, %X[%i] : memref<?xf32>
    }
  }
  return
}

// -----

// With ops-per-function, consecutive loop nests share a function, up to that
// many. Ops that only compute values (arith, memref.dim) move up before the
// run; any other op (the load) ends it. A function made here is not split
// again, though it holds more nests than max-ops.
// RUNS-LABEL: func.func @runs(
// RUNS-SAME:    %[[X:.*]]: memref<?xf32>, %[[N:.*]]: index, %[[S:.*]]: f32)
// RUNS:         %[[M:.*]] = arith.addi %[[N]]
// RUNS-NEXT:    %[[D:.*]] = memref.dim %[[X]]
// RUNS-NEXT:    call @runs_part(%[[N]], %[[S]], %[[X]], %[[M]], %[[D]])
// RUNS-NEXT:    call @runs_part_0(%[[N]], %[[S]], %[[X]])
// RUNS-NEXT:    %[[V:.*]] = memref.load
// RUNS-NEXT:    call @runs_part_1(%[[N]], %[[V]], %[[X]])
// RUNS-NEXT:    return
// RUNS:       func.func private @runs_part(
// RUNS-COUNT-3:  scf.for
// RUNS-NOT:      call
// RUNS:          return
// RUNS:       func.func private @runs_part_0(
// RUNS:       func.func private @runs_part_1(
func.func @runs(%X: memref<?xf32>, %n: index, %s: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    memref.store %s, %X[%i] : memref<?xf32>
  }
  %m = arith.addi %n, %c1 : index
  scf.for %i = %c0 to %m step %c1 {
    memref.store %s, %X[%i] : memref<?xf32>
  }
  %d = memref.dim %X, %c0 : memref<?xf32>
  scf.for %i = %c0 to %d step %c1 {
    memref.store %s, %X[%i] : memref<?xf32>
  }
  scf.for %i = %c0 to %n step %c1 {
    memref.store %s, %X[%i] : memref<?xf32>
  }
  %v = memref.load %X[%c0] : memref<?xf32>
  scf.for %i = %c0 to %n step %c1 {
    memref.store %v, %X[%i] : memref<?xf32>
  }
  return
}

// -----

// A block's terminator stays, though it has a region and no results (the
// in_parallel of an scf.forall moved with the loops and left the block
// without one).
// RUNS-LABEL: func.func @terminator(
// RUNS:         scf.forall
// RUNS-NEXT:      call @terminator_part(
// RUNS-NEXT:    }
// RUNS-NEXT:    return
func.func @terminator(%X: memref<?xf32>, %n: index, %s: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.forall (%b) in (4) {
    scf.for %i = %c0 to %n step %c1 {
      memref.store %s, %X[%i] : memref<?xf32>
    }
    scf.for %i = %c0 to %n step %c1 {
      memref.store %s, %X[%i] : memref<?xf32>
    }
    scf.for %i = %c0 to %n step %c1 {
      memref.store %s, %X[%i] : memref<?xf32>
    }
  }
  return
}
