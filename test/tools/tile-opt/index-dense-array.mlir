// A dense array of `index` elements is a located error before MLIR's
// parser sees it (MLIR 22's parser crashes on one, mlir-opt 22 too),
// through tile-opt with and without an implicit module or split input, and
// through tile-run. The words in a string, a comment or a dialect type's
// name are not a dense array.
// RUN: not tile-opt %s 2>&1 | FileCheck %s
// RUN: not tile-opt %s --no-implicit-module 2>&1 | FileCheck %s
// RUN: not tile-opt %s --split-input-file 2>&1 | FileCheck %s
// RUN: not tile-opt %s --target=cpu 2>&1 | FileCheck %s
// RUN: not tile-run %s --target=cpu 2>&1 | FileCheck %s
// NUL bytes, which MLIR's lexer skips like blanks, do not hide one either.
// RUN: printf '"t.op"() {b = \000array\000<\000index: 1>} : () -> ()\n' > %t.nul.mlir
// RUN: not tile-opt %t.nul.mlir --allow-unregistered-dialect 2>&1 | FileCheck %s --check-prefix=NUL
// NUL: nul.mlir:1:16: error: expected integer or float type, got: 'index'
module {
  // array<index: 1>
  "test.op"() {a = "array<index: 1>", n = !llvm.array<2 x i64>} : () -> ()
  // CHECK: index-dense-array.mlir:[[#@LINE+1]]:20: error: expected integer or float type, got: 'index' (a dense array has no index elements; use array<i64: ...>)
  "test.op"() {b = array  <  index : 1>} : () -> ()
}
