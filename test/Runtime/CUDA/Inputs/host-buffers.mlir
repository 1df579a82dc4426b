// Host code around kernels that allocates, copies and fills GPU memory:
// a scratch buffer of memref.alloc that two kernels share (device memory),
// one that host code fills first (managed memory), a constant global
// (copied to device memory), and the GPU dialect's synchronous memory ops.

// C = A through a scratch buffer.
func.func @scratch(%A: memref<256xf32>, %C: memref<256xf32>) {
  %T = memref.alloc() : memref<256xf32>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (256) {
      %x = memref.load %A[%i] : memref<256xf32>
      memref.store %x, %T[%i] : memref<256xf32>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 256 : i64}
  scf.forall (%b) in (1) {
    scf.forall (%i) in (256) {
      %x = memref.load %T[%i] : memref<256xf32>
      memref.store %x, %C[%i] : memref<256xf32>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 256 : i64}
  memref.dealloc %T : memref<256xf32>
  return
}

// C = 3, through a buffer the host fills.
func.func @host_filled(%C: memref<64xf32>) {
  %three = arith.constant 3.0 : f32
  %T = memref.alloc() : memref<64xf32>
  linalg.fill ins(%three : f32) outs(%T : memref<64xf32>)
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %x = memref.load %T[%i] : memref<64xf32>
      memref.store %x, %C[%i] : memref<64xf32>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  memref.dealloc %T : memref<64xf32>
  return
}

// B = A through device memory, C = 2.5.
func.func @memory_ops(%A: memref<4xf32>, %B: memref<4xf32>, %C: memref<4xf32>) {
  %f = arith.constant 2.5 : f32
  %T = gpu.alloc () : memref<4xf32>
  gpu.memcpy %T, %A : memref<4xf32>, memref<4xf32>
  gpu.memcpy %B, %T : memref<4xf32>, memref<4xf32>
  gpu.dealloc %T : memref<4xf32>
  gpu.memset %C, %f : memref<4xf32>, f32
  return
}

memref.global "private" constant @lut : memref<4xf32> = dense<[1.0, 2.0, 3.0, 4.0]>

// C = the table.
func.func @table(%C: memref<4xf32>) {
  %T = memref.get_global @lut : memref<4xf32>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (4) {
      %x = memref.load %T[%i] : memref<4xf32>
      memref.store %x, %C[%i] : memref<4xf32>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 4 : i64}
  return
}

// B = A in plain loops: no kernel and no GPU op, so the function runs on
// the host alone, and its arguments stay in host memory.
func.func @on_host(%A: memref<4xf32>, %B: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c1 {
    %x = memref.load %A[%i] : memref<4xf32>
    memref.store %x, %B[%i] : memref<4xf32>
  }
  return
}

// No kernel of its own, but it calls a function that launches one: its
// argument is device memory.
func.func @through_call(%C: memref<4xf32>) {
  call @table(%C) : (memref<4xf32>) -> ()
  return
}

// C = 3 through a buffer the host fills and hands to a function that
// launches the kernel: managed memory (it was host memory, which the
// kernel read at a host address).
func.func private @copy_kernel(%T: memref<64xf32>, %C: memref<64xf32>) {
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %x = memref.load %T[%i] : memref<64xf32>
      memref.store %x, %C[%i] : memref<64xf32>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}
func.func @filled_for_callee(%C: memref<64xf32>) {
  %three = arith.constant 3.0 : f32
  %T = memref.alloc() : memref<64xf32>
  linalg.fill ins(%three : f32) outs(%T : memref<64xf32>)
  call @copy_kernel(%T, %C) : (memref<64xf32>, memref<64xf32>) -> ()
  memref.dealloc %T : memref<64xf32>
  return
}
