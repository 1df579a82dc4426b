// RUN: tile-opt --split-input-file --verify-diagnostics --tile-cpu-block-calls %s -o /dev/null

// A recursive function cannot be inlined: reported at the kernel's call.
func.func private @down(%count: memref<1xi32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1 : i32
  %old = memref.atomic_rmw addi %one, %count[%c0] : (i32, memref<1xi32>) -> i32
  %more = arith.cmpi sgt, %n, %c0 : index
  scf.if %more {
    %m = arith.subi %n, %c1 : index
    func.call @down(%count, %m) : (memref<1xi32>, index) -> ()
  }
  return
}
func.func @recursive(%count: memref<1xi32>) {
  %c3 = arith.constant 3 : index
  scf.forall (%b) in (4) {
    // expected-error @+1 {{this call runs on every thread of the kernel's block, and so do the atomic updates of the functions it reaches; the cpu target inlines such calls to repeat the updates per thread, and it reaches @down through more than 16 calls (or more than 4096 calls in all): call it from a thread-parallel loop, or make the updates in the kernel}}
    func.call @down(%count, %c3) : (memref<1xi32>, index) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 32 : i64}
  return
}
