// An llvm.mlir.global whose addr_space is no integer: MLIR's parser drops
// the value without a word, and translation to LLVM IR read the missing
// integer (found by tile-fuzz on cuda:sm_90a: SIGSEGV on every GPU target).
gpu.module @kernels {
  llvm.mlir.global internal @dynamic() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<0 x i8>
  llvm.mlir.global internal @not_shared() {addr_space, alignment = 16 : i64} : !llvm.array<0 x i8>
}
