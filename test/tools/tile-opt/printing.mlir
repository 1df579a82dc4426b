// Printing flags: locations, generic form.
// RUN: tile-opt %S/Inputs/kernel.mlir --mlir-print-debuginfo | FileCheck %s --check-prefix=DEBUG
// RUN: tile-opt %S/Inputs/kernel.mlir --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: tile-opt %S/Inputs/kernel.mlir --mlir-print-op-generic | tile-opt --tile-verify | FileCheck %s --check-prefix=ROUNDTRIP

// DEBUG: "tile.fill"{{.*}} loc(#[[FILL:loc[0-9]*]])
// DEBUG: #[[FILL]] = loc("{{.*}}kernel.mlir":7:5)
// GENERIC: "func.func"() <{function_type =
// GENERIC: "scf.forall"
// ROUNDTRIP: func.func @kernel
