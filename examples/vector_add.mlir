// C = A + B over vectors: the smallest kernel, with no tile ops at all.
// Each block owns 256 elements; its 128 threads share them through a
// thread-parallel loop. The last block is guarded against running past N.
//
//   for b in grid(ceil(N / 256)), 128 threads each:
//     for i in range(256), spread over the threads:
//       if b * 256 + i < N:
//         C[b * 256 + i] = A[b * 256 + i] + B[b * 256 + i]

func.func @vector_add(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c256 = arith.constant 256 : index
  %N = memref.dim %A, %c0 : memref<?xf32>
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
        memref.store %z, %C[%idx] : memref<?xf32>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 128 : i64}
  return
}
