// --verify-each[=true|false] switches the IR verifier between passes.
// RUN: tile-opt %s --verify-each=false --canonicalize | FileCheck %s
// RUN: tile-opt %s --verify-each --canonicalize | FileCheck %s
// RUN: tile-opt %s -verify-each=0 --cse | FileCheck %s
// RUN: not tile-opt %s --verify-each=maybe 2>&1 | FileCheck %s --check-prefix=BAD

// CHECK: func.func @f
// BAD: tile-opt: error: invalid value for boolean option '--verify-each=maybe'
func.func @f() {
  return
}
