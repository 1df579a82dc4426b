// Plain loop GEMMs in f32 that the cpu target runs today: C = A * B and
// C = A * B^T, for tile-run --check=gemm.

func.func @gemm_nn(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %M = memref.dim %A, %c0 : memref<?x?xf32>
  %K = memref.dim %A, %c1 : memref<?x?xf32>
  %N = memref.dim %B, %c1 : memref<?x?xf32>
  scf.for %i = %c0 to %M step %c1 {
    scf.for %j = %c0 to %N step %c1 {
      %sum = scf.for %k = %c0 to %K step %c1 iter_args(%acc = %zero) -> f32 {
        %a = memref.load %A[%i, %k] : memref<?x?xf32>
        %b = memref.load %B[%k, %j] : memref<?x?xf32>
        %p = arith.mulf %a, %b : f32
        %s = arith.addf %acc, %p : f32
        scf.yield %s : f32
      }
      memref.store %sum, %C[%i, %j] : memref<?x?xf32>
    }
  }
  return
}

func.func @gemm_nt(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %M = memref.dim %A, %c0 : memref<?x?xf32>
  %K = memref.dim %A, %c1 : memref<?x?xf32>
  %N = memref.dim %B, %c0 : memref<?x?xf32>
  scf.for %i = %c0 to %M step %c1 {
    scf.for %j = %c0 to %N step %c1 {
      %sum = scf.for %k = %c0 to %K step %c1 iter_args(%acc = %zero) -> f32 {
        %a = memref.load %A[%i, %k] : memref<?x?xf32>
        %b = memref.load %B[%j, %k] : memref<?x?xf32>
        %p = arith.mulf %a, %b : f32
        %s = arith.addf %acc, %p : f32
        scf.yield %s : f32
      }
      memref.store %sum, %C[%i, %j] : memref<?x?xf32>
    }
  }
  return
}
