// Host code that makes, fills and copies GPU memory around a kernel with
// the GPU dialect's ops, upstream's async style: on vulkan, kernels get
// host memory, so these become host memory ops.

// B = A + 1.5 through a buffer of gpu.alloc.
func.func @async_ops(%A: memref<64xf32>, %B: memref<64xf32>) {
  %f = arith.constant 1.5 : f32
  %t0 = gpu.wait async
  %T, %t1 = gpu.alloc async [%t0] () : memref<64xf32>
  %t2 = gpu.memset async [%t1] %T, %f : memref<64xf32>, f32
  gpu.wait [%t2]
  scf.forall (%b) in (2) {
    scf.forall (%i) in (32) {
      %c32 = arith.constant 32 : index
      %base = arith.muli %b, %c32 : index
      %j = arith.addi %base, %i : index
      %x = memref.load %A[%j] : memref<64xf32>
      %y = memref.load %T[%j] : memref<64xf32>
      %z = arith.addf %x, %y : f32
      memref.store %z, %T[%j] : memref<64xf32>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 32 : i64}
  %t3 = gpu.wait async
  %t4 = gpu.memcpy async [%t3] %B, %T : memref<64xf32>, memref<64xf32>
  %t5 = gpu.dealloc async [%t4] %T : memref<64xf32>
  gpu.wait [%t5]
  return
}

func.func @async_ops_ref(%A: memref<64xf32>, %B: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %f = arith.constant 1.5 : f32
  scf.for %i = %c0 to %c64 step %c1 {
    %x = memref.load %A[%i] : memref<64xf32>
    %z = arith.addf %x, %f : f32
    memref.store %z, %B[%i] : memref<64xf32>
  }
  return
}
