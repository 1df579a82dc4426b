// RUN: tile-opt --split-input-file --verify-diagnostics --tile-verify %s
// RUN: not tile-opt --split-input-file --target=cpu %s -o /dev/null 2>&1 | FileCheck %s
// RUN: not tile-opt --split-input-file --target=vulkan %s -o /dev/null 2>&1 | FileCheck %s
// RUN: not tile-opt --split-input-file --target=cuda:sm_80 %s -o /dev/null 2>&1 | FileCheck %s

// A thread-parallel loop shares its iterations among the threads of the
// kernel that holds it; in a function that a kernel calls it had no one
// meaning: cuda ran it whole on every thread that made the call (64 x 8
// updates per block here), the cpu once per block (8), and vulkan failed
// to legalize it. tile-verify reports the call, through other calls too.
// CHECK: invalid-called-loops.mlir:[[# @LINE + 19]]:5: error: 'func.call' op reaches the 'scf.forall' at line [[# @LINE + 4]], column 3, a parallel loop in a function the kernel calls
func.func private @count(%count: memref<4xi32>) {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1 : i32
  scf.forall (%i) in (8) {
    %o = memref.atomic_rmw addi %one, %count[%c0] : (i32, memref<4xi32>) -> i32
  }
  return
}
func.func private @through(%count: memref<4xi32>) {
  func.call @count(%count) : (memref<4xi32>) -> ()
  return
}
func.func @kernel(%count: memref<4xi32>, %Y: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c1 = arith.constant 1 : index
  scf.forall (%b) in (2) {
    // expected-error-re @+1 {{'func.call' op reaches the 'scf.forall' at line {{[0-9]+}}, column 3, a parallel loop in a function the kernel calls: a thread-parallel loop belongs in the kernel, whose threads share its iterations (write it there, or make it an scf.for, which each calling thread runs whole)}}
    func.call @count(%count) : (memref<4xi32>) -> ()
    // expected-error @+1 {{'func.call' op reaches the 'scf.forall' at line}}
    func.call @through(%count) : (memref<4xi32>) -> ()
    scf.forall (%i) in (64) {
      // expected-error @+1 {{'func.call' op reaches the 'scf.forall' at line}}
      func.call @count(%count) : (memref<4xi32>) -> ()
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

// -----

// So is an scf.parallel; a loop of scf.for, which each calling thread runs
// whole, is not.
func.func private @fill(%Y: memref<64xf32>, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  scf.parallel (%i) = (%c0) to (%c64) step (%c1) {
    memref.store %v, %Y[%i] : memref<64xf32>
  }
  return
}
func.func private @fill_serial(%Y: memref<64xf32>, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  scf.for %i = %c0 to %c64 step %c1 {
    memref.store %v, %Y[%i] : memref<64xf32>
  }
  return
}
func.func @parallel_kernel(%Y: memref<64xf32>) {
  %v = arith.constant 1.0 : f32
  scf.forall (%b) in (2) {
    // expected-error @+1 {{'func.call' op reaches the 'scf.parallel' at line}}
    func.call @fill(%Y, %v) : (memref<64xf32>, f32) -> ()
    func.call @fill_serial(%Y, %v) : (memref<64xf32>, f32) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}
