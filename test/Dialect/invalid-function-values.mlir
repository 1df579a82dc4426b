// RUN: tile-opt --split-input-file --verify-diagnostics --tile-verify %s
// RUN: not tile-opt --split-input-file --target=cpu %s -o /dev/null 2>&1 | FileCheck %s
// RUN: not tile-opt --split-input-file --target=vulkan %s -o /dev/null 2>&1 | FileCheck %s
// RUN: not tile-opt --split-input-file --target=cuda:sm_80 %s -o /dev/null 2>&1 | FileCheck %s

// A func.call_indirect of the value a func.constant gives calls that
// function: what it reaches is checked as for a func.call. Before, such a
// call reached a thread-parallel loop and a barrier in a thread-parallel
// loop without a word (cuda ran the loop whole on every calling thread,
// the cpu once per block).
// CHECK: invalid-function-values.mlir:[[# @LINE + 18]]:5: error: 'func.call_indirect' op reaches the 'scf.forall' at line [[# @LINE + 3]], column 3, a parallel loop in a function the kernel calls
func.func private @count(%count: memref<4xi32>) {
  %one = arith.constant 1 : i32
  scf.forall (%i) in (8) {
    %o = memref.atomic_rmw addi %one, %count[%i] : (i32, memref<4xi32>) -> i32
  }
  return
}
func.func private @wait() {
  gpu.barrier
  return
}
func.func @kernel(%count: memref<4xi32>) {
  %c3 = arith.constant 3 : index
  %f = func.constant @count : (memref<4xi32>) -> ()
  %w = func.constant @wait : () -> ()
  scf.forall (%b) in (2) {
    // expected-error-re @+1 {{'func.call_indirect' op reaches the 'scf.forall' at line {{[0-9]+}}, column 3, a parallel loop in a function the kernel calls: a thread-parallel loop belongs in the kernel}}
    func.call_indirect %f(%count) : (memref<4xi32>) -> ()
    scf.forall (%t) in (64) {
      // expected-error-re @+1 {{'func.call_indirect' op is inside the thread-parallel loop 'scf.forall' at line {{[0-9]+}}, column 5, which shares its iterations among the block's threads, and the 'gpu.barrier' at line {{[0-9]+}}, column 3, which the call reaches, waits for every thread of the block}}
      func.call_indirect %w() : () -> ()
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

// -----

// A function value that no func.constant gives (an argument, a choice
// between functions): what the call reaches (barriers, thread-parallel
// loops, atomic updates, values that differ between threads) is not
// known, in the kernel or in a function it calls.
// CHECK: invalid-function-values.mlir:[[# @LINE + 15]]:10: error: 'func.call_indirect' op calls a function value that no func.constant gives
// CHECK: invalid-function-values.mlir:[[# @LINE + 17]]:5: error: 'func.call' op reaches the 'func.call_indirect' at line [[# @LINE + 7]], column 8, which calls a function value that no func.constant gives
// CHECK: invalid-function-values.mlir:[[# @LINE + 19]]:5: error: 'func.call_indirect' op calls a function value that no func.constant gives
func.func private @one() -> index {
  %c1 = arith.constant 1 : index
  return %c1 : index
}
func.func private @apply(%f: () -> index) {
  %x = func.call_indirect %f() : () -> index
  return
}
func.func @unknown(%f: () -> index, %out: memref<4xindex>, %pick: i1) {
  %g = func.constant @one : () -> index
  scf.forall (%b) in (4) {
    // expected-error @+1 {{'func.call_indirect' op calls a function value that no func.constant gives: kernels call functions by name (func.call) or through the func.constant that names them, so that what they reach is known}}
    %t = func.call_indirect %f() : () -> index
    memref.store %t, %out[%b] : memref<4xindex>
    // expected-error-re @+1 {{'func.call' op reaches the 'func.call_indirect' at line {{[0-9]+}}, column 8, which calls a function value that no func.constant gives: kernels call functions by name}}
    func.call @apply(%g) : (() -> index) -> ()
    %h = arith.select %pick, %f, %g : () -> index
    // expected-error @+1 {{'func.call_indirect' op calls a function value that no func.constant gives}}
    func.call_indirect %h() : () -> index
  } {mapping = [#gpu.block<x>], tile.threads = 32 : i64}
  // Host code may call any function value.
  %y = func.call_indirect %f() : () -> index
  return
}
