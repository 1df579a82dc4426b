
// Appended to linalg_ops.mlir with @linalg_ops made private: a caller that
// passes managed memory, which host code and kernels both reach (the
// arguments of a public function that launches kernels are device memory
// on cuda and rocm, which its host linalg ops could not touch).
func.func @linalg_ops_managed() {
  %A = gpu.alloc host_shared () : memref<16x16xf32>
  %B = gpu.alloc host_shared () : memref<16x16xf32>
  %C = gpu.alloc host_shared () : memref<16x16xf32>
  call @linalg_ops(%A, %B, %C) : (memref<16x16xf32>, memref<16x16xf32>, memref<16x16xf32>) -> ()
  gpu.dealloc %A : memref<16x16xf32>
  gpu.dealloc %B : memref<16x16xf32>
  gpu.dealloc %C : memref<16x16xf32>
  return
}
