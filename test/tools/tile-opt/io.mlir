// Input from a file or stdin, output to stdout, -o FILE or -o -.
// RUN: tile-opt %S/Inputs/kernel.mlir | FileCheck %s
// RUN: tile-opt < %S/Inputs/kernel.mlir | FileCheck %s
// RUN: tile-opt - < %S/Inputs/kernel.mlir | FileCheck %s
// RUN: tile-opt %S/Inputs/kernel.mlir -o %t.mlir && FileCheck %s < %t.mlir
// RUN: tile-opt %S/Inputs/kernel.mlir --o=%t2.mlir && FileCheck %s < %t2.mlir
// RUN: tile-opt %S/Inputs/kernel.mlir -o - | FileCheck %s
// RUN: not tile-opt %S/Inputs/does-not-exist.mlir 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: not tile-opt %S/Inputs/kernel.mlir -o %t.dir/no/such/dir.mlir 2>&1 | FileCheck %s --check-prefix=BADOUT
// RUN: not tile-opt %S/Inputs/kernel.mlir %S/Inputs/kernel.mlir 2>&1 | FileCheck %s --check-prefix=TWO

// CHECK: func.func @kernel
// CHECK: "tile.fill"
// MISSING: tile-opt: error: cannot open input file '{{.*}}does-not-exist.mlir': No such file or directory
// BADOUT: tile-opt: error: cannot open output file {{.*}}: No such file or directory
// TWO: tile-opt: error: more than one input file given
