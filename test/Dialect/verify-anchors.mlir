// The rules that follow calls look into the functions inside what
// tile-verify runs on. On the module (as every pipeline runs it) the call
// below reaches the barrier in @wait; on one function (func.func anchor),
// which MLIR runs on several functions at once while other threads may be
// rewriting @wait, it looks into no other function and reports nothing.
// RUN: not tile-opt --tile-verify %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=MODULE
// RUN: tile-opt --pass-pipeline='builtin.module(func.func(tile-verify))' %s -o /dev/null 2>&1 | count 0
// MODULE: verify-anchors.mlir:[[# @LINE + 8]]:7: error: 'func.call' op is inside the thread-parallel loop 'scf.forall' at line [[# @LINE + 7]], column 5, which shares its iterations among the block's threads, and the 'gpu.barrier' at line [[# @LINE + 2]], column 3, which the call reaches, waits for every thread of the block
func.func private @wait() {
  gpu.barrier
  return
}
func.func @kernel() {
  scf.forall (%b) in (2) {
    scf.forall (%t) in (64) {
      func.call @wait() : () -> ()
    } {mapping = [#gpu.thread<x>]}
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}
