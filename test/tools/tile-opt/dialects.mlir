// Unregistered dialects and extra IRDL dialects.
// RUN: not tile-opt %s 2>&1 | FileCheck %s --check-prefix=UNREG
// RUN: tile-opt %s --allow-unregistered-dialect --irdl-file=%S/Inputs/extra.irdl.mlir | FileCheck %s
// RUN: not tile-opt %s --allow-unregistered-dialect --irdl-file=%S/Inputs/missing.irdl.mlir 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: not tile-opt %s --allow-unregistered-dialect --irdl-file=%S/Inputs/kernel.mlir 2>&1 | FileCheck %s --check-prefix=NOTIRDL
// RUN: not tile-opt %s --allow-unregistered-dialect --irdl-file=%dialects/tile.irdl.mlir 2>&1 | FileCheck %s --check-prefix=TWICE

// UNREG: dialects.mlir:[[# @LINE + 7]]:15: error: operation being parsed with an unregistered dialect
// CHECK: "mystery.op"() : () -> ()
// CHECK: "extra.marker"(%{{.*}}) : (i32) -> ()
// MISSING: tile-opt: error: cannot open IRDL file '{{.*}}missing.irdl.mlir': No such file or directory
// NOTIRDL: kernel.mlir:2:1: error: expected only irdl.dialect operations in an IRDL file, found 'func.func'
// TWICE: tile.irdl.mlir:8:1: error: dialect 'tile' is already loaded in this context
func.func @f(%x: i32) {
  "mystery.op"() : () -> ()
  "extra.marker"(%x) : (i32) -> ()
  return
}
