// C = A + B by way of host code's buffers: the sum goes into a scratch
// buffer of memref.alloc that the function frees, and is multiplied by a
// constant table of ones on its way to C. Kernels reach device memory only,
// so the pipeline places the scratch buffer there and copies the table
// there (tile-gpu-host-buffers); both reached the kernels as host pointers
// before. The GPU check runs it with vector_add's shapes and reference.

memref.global "private" constant @ones : memref<4xf32> = dense<1.0>

func.func @vector_add_scratch(%A: memref<?xf32>, %B: memref<?xf32>,
                              %C: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c256 = arith.constant 256 : index
  %N = memref.dim %A, %c0 : memref<?xf32>
  %S = memref.alloc(%N) : memref<?xf32>
  %ones = memref.get_global @ones : memref<4xf32>
  %blocks = arith.ceildivui %N, %c256 : index
  scf.forall (%b) in (%blocks) {
    %base = arith.muli %b, %c256 : index
    scf.forall (%i) in (256) {
      %idx = arith.addi %base, %i : index
      %inside = arith.cmpi ult, %idx, %N : index
      scf.if %inside {
        %x = memref.load %A[%idx] : memref<?xf32>
        %y = memref.load %B[%idx] : memref<?xf32>
        %z = arith.addf %x, %y : f32
        memref.store %z, %S[%idx] : memref<?xf32>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 128 : i64}
  scf.forall (%b) in (%blocks) {
    %base = arith.muli %b, %c256 : index
    scf.forall (%i) in (256) {
      %idx = arith.addi %base, %i : index
      %inside = arith.cmpi ult, %idx, %N : index
      scf.if %inside {
        %lane = arith.remui %idx, %c4 : index
        %one = memref.load %ones[%lane] : memref<4xf32>
        %z = memref.load %S[%idx] : memref<?xf32>
        %w = arith.mulf %z, %one : f32
        memref.store %w, %C[%idx] : memref<?xf32>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 128 : i64}
  memref.dealloc %S : memref<?xf32>
  return
}
