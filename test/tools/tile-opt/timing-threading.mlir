// --mlir-timing reports each pass; --mlir-disable-threading runs on one thread.
// RUN: tile-opt %S/Inputs/kernel.mlir --mlir-timing --tile-verify --cse -o /dev/null 2>&1 | FileCheck %s --check-prefix=TIMING
// RUN: tile-opt %S/Inputs/kernel.mlir --mlir-disable-threading --mlir-timing --pass-pipeline='builtin.module(func.func(tile-verify))' -o /dev/null 2>&1 | FileCheck %s --check-prefix=NESTED
// RUN: tile-opt %S/Inputs/kernel.mlir --mlir-disable-threading=true --tile-verify | FileCheck %s --check-prefix=OUT
// RUN: not tile-opt %S/Inputs/kernel.mlir --mlir-disable-threading=sometimes 2>&1 | FileCheck %s --check-prefix=BADBOOL

// TIMING: Execution time report
// TIMING: TileVerify
// TIMING: CSE
// TIMING: Total
// NESTED: 'func.func' Pipeline
// NESTED: TileVerify
// OUT: func.func @kernel
// BADBOOL: tile-opt: error: invalid value for boolean option '--mlir-disable-threading=sometimes'
