// tile-cuda-extern-shared: the zero-length shared array that
// convert-gpu-to-nvvm makes of gpu.dynamic_shared_memory becomes an external
// declaration aligned to 1024 bytes (PTX ".extern .shared .align 1024 .b8
// x[];"); other shared globals (static shared memory) keep what they had.
// RUN: tile-opt --tile-cuda-extern-shared %s | FileCheck %s

// CHECK-LABEL: gpu.module @kernels
// CHECK: llvm.mlir.global external @__dynamic_shmem__0() {addr_space = 3 : i32, alignment = 1024 : i64} : !llvm.array<0 x i8>
// CHECK: llvm.mlir.global private @static_words() {addr_space = 3 : i32, alignment = 8 : i64} : !llvm.array<3 x i64>
// CHECK: llvm.mlir.global internal @not_shared() {addr_space = 1 : i32, alignment = 16 : i64} : !llvm.array<0 x i8>
gpu.module @kernels {
  llvm.mlir.global internal @__dynamic_shmem__0() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<0 x i8>
  llvm.mlir.global private @static_words() {addr_space = 3 : i32, alignment = 8 : i64} : !llvm.array<3 x i64>
  llvm.mlir.global internal @not_shared() {addr_space = 1 : i32, alignment = 16 : i64} : !llvm.array<0 x i8>
}
