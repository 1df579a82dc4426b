// An llvm.mlir.global needs an integer address space: MLIR 22's parser
// drops a value of another kind without a word, and the op's accessors then
// read the missing integer (translation to LLVM IR crashed). Written with
// none, it is 0.
// RUN: tile-opt --split-input-file --verify-diagnostics %s
// RUN: tile-opt --split-input-file --verify-diagnostics --target=cuda:sm_90a %s -o /dev/null
// RUN: tile-opt --split-input-file --verify-diagnostics --target=rocm:gfx942 %s -o /dev/null

gpu.module @kernels {
  // expected-error @+1 {{'llvm.mlir.global' op needs 'addr_space' to be an integer address space (a value of another kind is dropped when parsed)}}
  llvm.mlir.global internal @unit() {addr_space} : !llvm.array<0 x i8>
}

// -----

gpu.module @kernels {
  // expected-error @+1 {{'llvm.mlir.global' op needs 'addr_space' to be an integer address space}}
  llvm.mlir.global internal @text() {addr_space = "shared"} : !llvm.array<4 x i8>
}

// -----

gpu.module @kernels {
  // expected-error @+1 {{'llvm.mlir.global' op needs 'addr_space' to be an integer address space}}
  llvm.mlir.global internal @float() {addr_space = 3.0 : f32} : !llvm.array<4 x i8>
}
