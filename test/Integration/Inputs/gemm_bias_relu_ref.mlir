// The reference of examples/gemm_bias_relu.mlir, shared by the cpu and vulkan
// gemm_bias_relu.test: C = relu(A * B + bias), f16 inputs widened to f32.
func.func @gemm_bias_relu_ref(%A: memref<?x?xf16>, %B: memref<?x?xf16>,
                              %bias: memref<?xf32>, %C: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %M = memref.dim %A, %c0 : memref<?x?xf16>
  %K = memref.dim %A, %c1 : memref<?x?xf16>
  %N = memref.dim %B, %c1 : memref<?x?xf16>
  scf.for %i = %c0 to %M step %c1 {
    scf.for %j = %c0 to %N step %c1 {
      %sum = scf.for %k = %c0 to %K step %c1 iter_args(%acc = %zero) -> (f32) {
        %a = memref.load %A[%i, %k] : memref<?x?xf16>
        %b = memref.load %B[%k, %j] : memref<?x?xf16>
        %af = arith.extf %a : f16 to f32
        %bf = arith.extf %b : f16 to f32
        %p = arith.mulf %af, %bf : f32
        %s = arith.addf %acc, %p : f32
        scf.yield %s : f32
      }
      %bj = memref.load %bias[%j] : memref<?xf32>
      %y = arith.addf %sum, %bj : f32
      %r = arith.maximumf %y, %zero : f32
      memref.store %r, %C[%i, %j] : memref<?x?xf32>
    }
  }
  return
}
