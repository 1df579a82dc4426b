// RUN: tile-opt --split-input-file --tile-cpu-block-calls %s | FileCheck %s
// RUN: tile-opt --split-input-file --tile-cpu-block-calls --tile-cpu-alloc %s | FileCheck %s --check-prefix=ALLOC
// RUN: tile-opt --split-input-file --tile-cpu-block-calls --mlir-print-debuginfo %s | FileCheck %s --check-prefix=LOC

// A call of the block's code whose callee makes an atomic update is
// inlined: its body in an scf.execute_region, returns made yields, the
// arguments replaced by the call's operands. tile-cpu-alloc then repeats
// the update once for each other thread, as it does the kernel's own (the
// callee's update ran once per block). Calls in thread-parallel loops,
// calls of functions without updates and calls in kernels of one thread
// stay calls.
// CHECK-LABEL: func.func @counts(
// CHECK-SAME:    %[[COUNT:[^:]*]]: memref<4xi32>
// CHECK:       scf.forall
// CHECK-NEXT:    %[[OLD:.*]] = scf.execute_region -> i32 {
// CHECK:           %[[R:.*]] = memref.atomic_rmw addi %{{.*}}, %[[COUNT]][%{{.*}}]
// CHECK-NEXT:      scf.yield %[[R]] : i32
// CHECK-NEXT:    }
// CHECK-NEXT:    memref.store %[[OLD]], %[[COUNT]]
// CHECK-NEXT:    func.call @plain(
// CHECK-NEXT:    scf.forall
// CHECK-NEXT:      func.call @bump(
// CHECK:       scf.forall
// CHECK-NEXT:    func.call @bump(
// CHECK-NEXT:  } {mapping = [#gpu.block<x>], tile.threads = 1 : i64}

// ALLOC-LABEL: func.func @counts(
// ALLOC:       scf.execute_region -> i32 {
// ALLOC:         %[[R:.*]] = memref.atomic_rmw addi
// ALLOC:         scf.for %{{.*}} = %c1{{.*}} to %c64{{.*}} step
// ALLOC-NEXT:      memref.atomic_rmw addi
// ALLOC-NEXT:    }
// ALLOC-NEXT:    scf.yield %[[R]] : i32

// The inlined ops are located where the callee has them, called from the
// kernel's call.
// LOC-DAG: #[[CALLEE:loc[0-9]*]] = loc("{{.*}}block-calls.mlir":[[# @LINE + 6]]:10)
// LOC-DAG: #[[CALL:loc[0-9]*]] = loc("{{.*}}block-calls.mlir":[[# @LINE + 17]]:12)
// LOC-DAG: loc(callsite(#[[CALLEE]] at #[[CALL]]))
func.func private @bump(%count: memref<4xi32>) -> i32 {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1 : i32
  %old = memref.atomic_rmw addi %one, %count[%c0] : (i32, memref<4xi32>) -> i32
  return %old : i32
}
func.func private @plain(%count: memref<4xi32>) {
  %c1 = arith.constant 1 : index
  %one = arith.constant 1 : i32
  memref.store %one, %count[%c1] : memref<4xi32>
  return
}
func.func @counts(%count: memref<4xi32>) {
  %c0 = arith.constant 0 : index
  scf.forall (%b) in (4) {
    %old = func.call @bump(%count) : (memref<4xi32>) -> i32
    memref.store %old, %count[%c0] : memref<4xi32>
    func.call @plain(%count) : (memref<4xi32>) -> ()
    scf.forall (%i) in (8) {
      %x = func.call @bump(%count) : (memref<4xi32>) -> i32
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  scf.forall (%b) in (4) {
    %old = func.call @bump(%count) : (memref<4xi32>) -> i32
  } {mapping = [#gpu.block<x>], tile.threads = 1 : i64}
  return
}

// -----

// Through calls: the functions between are inlined too. A body that
// allocates on the stack goes in a memref.alloca_scope, which frees it
// after each call as the callee's frame was (in a loop, the stack grew
// per iteration); its update of its own array stays once per call.
// CHECK-LABEL: func.func @nested(
// CHECK:       scf.for %
// CHECK-NEXT:    memref.alloca_scope {
// CHECK-NEXT:      scf.execute_region {
// CHECK:             %[[MINE:.*]] = memref.alloca() : memref<1xi32>
// CHECK:             scf.execute_region -> i32 {
// CHECK:               memref.atomic_rmw addi %{{.*}}, %[[MINE]]
// CHECK:             scf.execute_region -> i32 {
// CHECK:               memref.atomic_rmw addi %{{.*}}, %arg0
// CHECK-NOT:       func.call
// CHECK:       return

// ALLOC-LABEL: func.func @nested(
// ALLOC:         %[[MINE:.*]] = memref.alloca() : memref<1xi32>
// ALLOC:         memref.atomic_rmw addi %{{.*}}, %[[MINE]]
// ALLOC-NOT:     scf.for %
// ALLOC:         memref.atomic_rmw addi %{{.*}}, %arg0
// ALLOC:         scf.for %{{.*}} = %c1{{.*}} to %c32
func.func private @add(%to: memref<1xi32>) -> i32 {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1 : i32
  %old = memref.atomic_rmw addi %one, %to[%c0] : (i32, memref<1xi32>) -> i32
  return %old : i32
}
func.func private @both(%count: memref<1xi32>) {
  %mine = memref.alloca() : memref<1xi32>
  %a = func.call @add(%mine) : (memref<1xi32>) -> i32
  %b = func.call @add(%count) : (memref<1xi32>) -> i32
  return
}
func.func @nested(%count: memref<1xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  scf.forall (%b) in (4) {
    scf.for %t = %c0 to %c3 step %c1 {
      func.call @both(%count) : (memref<1xi32>) -> ()
    }
  } {mapping = [#gpu.block<x>], tile.threads = 32 : i64}
  return
}

// -----

// A call of a function value that a func.constant gives calls that
// function: inlined the same way, the value's other calls (outside the
// kernel) kept.
// CHECK-LABEL: func.func @by_value(
// CHECK-SAME:    %[[COUNT:[^:]*]]: memref<2xi32>
// CHECK:       %[[F:.*]] = constant @bump : (memref<2xi32>, index) -> i32
// CHECK:       scf.forall
// CHECK-NEXT:    %[[OLD:.*]] = scf.execute_region -> i32 {
// CHECK:           %[[R:.*]] = memref.atomic_rmw addi %{{.*}}, %[[COUNT]][%[[I:.*]]]
// CHECK-NEXT:      scf.yield %[[R]] : i32
// CHECK-NEXT:    }
// CHECK-NEXT:    memref.store %[[OLD]], %[[COUNT]]
// CHECK:       call_indirect %[[F]](
func.func private @bump(%count: memref<2xi32>, %i: index) -> i32 {
  %one = arith.constant 1 : i32
  %old = memref.atomic_rmw addi %one, %count[%i] : (i32, memref<2xi32>) -> i32
  return %old : i32
}
func.func @by_value(%count: memref<2xi32>) {
  %c1 = arith.constant 1 : index
  %f = func.constant @bump : (memref<2xi32>, index) -> i32
  scf.forall (%b) in (4) {
    %old = func.call_indirect %f(%count, %c1) : (memref<2xi32>, index) -> i32
    memref.store %old, %count[%c1] : memref<2xi32>
  } {mapping = [#gpu.block<x>], tile.threads = 16 : i64}
  %x = func.call_indirect %f(%count, %c1) : (memref<2xi32>, index) -> i32
  return
}
