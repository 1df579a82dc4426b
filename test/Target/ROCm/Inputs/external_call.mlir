// A gpu.module written in the LLVM dialect whose kernel calls a function
// nothing defines.
module attributes {gpu.container_module} {
  gpu.module @m {
    llvm.func @mystery(i64) -> i64
    llvm.func @k(%x: i64) -> i64 attributes {rocdl.kernel} {
      %y = llvm.call @mystery(%x) : (i64) -> i64
      llvm.return %y : i64
    }
  }
}
