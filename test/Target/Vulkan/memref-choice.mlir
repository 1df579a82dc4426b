// A memref chosen at run time in a vulkan kernel is an error at the op:
// SPIR-V's logical addressing has no pointers to choose between (the
// conversion failed to legalize an unrealized cast, at the load). The
// other targets take it.
// RUN: tile-opt --split-input-file --verify-diagnostics --target=vulkan --emit=spirv %s -o /dev/null
// RUN: tile-opt --split-input-file --target=cuda:sm_80 --emit=ptx %s -o /dev/null
// RUN: tile-opt --split-input-file --target=cpu --emit=obj %s -o /dev/null

func.func @select(%A: memref<256xf32>) {
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %c0 = arith.constant 0 : index
      %x = memref.load %A[%i] : memref<256xf32>
      %zero = arith.constant 0.0 : f32
      %p = arith.cmpf ogt, %x, %zero : f32
      %one = memref.alloca() : memref<1xf32>
      %two = memref.alloca() : memref<1xf32>
      memref.store %x, %one[%c0] : memref<1xf32>
      memref.store %zero, %two[%c0] : memref<1xf32>
      // expected-error @+1 {{'arith.select' op chooses a memref at run time (result 0), which vulkan kernels cannot: SPIR-V's logical addressing has no pointers to choose between; choose between the values loaded from the memrefs instead}}
      %m = arith.select %p, %one, %two : memref<1xf32>
      %r = memref.load %m[%c0] : memref<1xf32>
      memref.store %r, %A[%i] : memref<256xf32>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

// -----

func.func @loop(%A: memref<256xf32>) {
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c3 = arith.constant 3 : index
      %one = memref.alloca() : memref<1xf32>
      %two = memref.alloca() : memref<1xf32>
      %x = memref.load %A[%i] : memref<256xf32>
      memref.store %x, %one[%c0] : memref<1xf32>
      memref.store %x, %two[%c0] : memref<1xf32>
      // expected-error @+1 {{'scf.for' op chooses a memref at run time (result 0)}}
      %m:2 = scf.for %k = %c0 to %c3 step %c1 iter_args(%p = %one, %q = %two) -> (memref<1xf32>, memref<1xf32>) {
        scf.yield %q, %p : memref<1xf32>, memref<1xf32>
      }
      %r = memref.load %m#0[%c0] : memref<1xf32>
      memref.store %r, %A[%i] : memref<256xf32>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}
