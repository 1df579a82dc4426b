// Functions named like the C library's: @expf stores 100 into its argument;
// @k computes exp in a kernel and calls @expf; @k_ref does the same in a
// host loop, where LLVM calls libm's expf for math.exp (it called this
// file's @expf instead). @malloc allocates host memory (the memref lowering
// declared malloc_0 beside it, which nothing defines).
func.func @expf(%A: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %v = arith.constant 100.0 : f32
  memref.store %v, %A[%c0] : memref<?xf32>
  return
}

func.func @k(%A: memref<?xf32>, %B: memref<?xf32>, %D: memref<?xf32>) {
  call @expf(%D) : (memref<?xf32>) -> ()
  %c0 = arith.constant 0 : index
  %n = memref.dim %A, %c0 : memref<?xf32>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %in = arith.cmpi ult, %i, %n : index
      scf.if %in {
        %x = memref.load %A[%i] : memref<?xf32>
        %y = math.exp %x : f32
        memref.store %y, %B[%i] : memref<?xf32>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

func.func @k_ref(%A: memref<?xf32>, %B: memref<?xf32>, %D: memref<?xf32>) {
  call @expf(%D) : (memref<?xf32>) -> ()
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %A, %c0 : memref<?xf32>
  scf.for %i = %c0 to %n step %c1 {
    %x = memref.load %A[%i] : memref<?xf32>
    %y = math.exp %x : f32
    memref.store %y, %B[%i] : memref<?xf32>
  }
  return
}

func.func @malloc(%A: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %n = memref.dim %A, %c0 : memref<?xf32>
  %T = memref.alloc(%n) : memref<?xf32>
  memref.copy %A, %T : memref<?xf32> to memref<?xf32>
  memref.copy %T, %A : memref<?xf32> to memref<?xf32>
  memref.dealloc %T : memref<?xf32>
  return
}
