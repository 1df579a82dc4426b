// --verify-each[=true|false] switches the IR verifier between passes.
// RUN: tile-opt %s --verify-each=false --canonicalize | FileCheck %s
// RUN: tile-opt %s --verify-each --canonicalize | FileCheck %s
// RUN: tile-opt %s -verify-each=0 --cse | FileCheck %s
// RUN: not tile-opt %s --verify-each=maybe 2>&1 | FileCheck %s --check-prefix=BAD

// With --target, the IR is verified after each pipeline stage, and after
// each pass only with --verify-each: either way the output is the same.
// RUN: tile-opt --target=vulkan --emit=mlir %examples/vector_add.mlir -o %t.stage
// RUN: tile-opt --target=vulkan --emit=mlir --verify-each %examples/vector_add.mlir -o %t.pass
// RUN: cmp %t.stage %t.pass

// CHECK: func.func @f
// BAD: tile-opt: error: invalid value for boolean option '--verify-each=maybe'
func.func @f() {
  return
}
