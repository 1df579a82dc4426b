// --mlir-very-unsafe-disable-verifier-on-parsing: the input is not verified
// once parsed (tools/tile-opt/capi_gaps.cpp parses it as mlir-opt does), so
// IR the verifier refuses reaches the passes; the printer then falls back
// to the generic form. Each output is compared with mlir-opt's.

// RUN: not tile-opt %s --split-input-file 2>&1 | FileCheck %s --check-prefix=VERIFIED
// VERIFIED: unverified-parsing.mlir:[[# @LINE + 19]]:3: error: 'func.return' op has 0 operands, but enclosing function (@f) returns 1

// The chunks without tile ops, for mlir-opt:
// RUN: sed '/^\/\/ Tile passes/,$d' %s > %t.upstream.mlir
// RUN: tile-opt %t.upstream.mlir --split-input-file --mlir-very-unsafe-disable-verifier-on-parsing > %t.tile-opt 2>&1
// RUN: mlir-opt %t.upstream.mlir --split-input-file --mlir-very-unsafe-disable-verifier-on-parsing > %t.mlir-opt 2>&1
// RUN: diff %t.mlir-opt %t.tile-opt
// RUN: FileCheck %s --check-prefix=UNVERIFIED < %t.tile-opt
// UNVERIFIED: "func.func"() <{function_type = () -> i32, sym_name = "f"}> ({
// UNVERIFIED-NEXT: "func.return"() : () -> ()
// With a pass, and without the verifier after it.
// RUN: tile-opt %t.upstream.mlir --split-input-file --mlir-very-unsafe-disable-verifier-on-parsing --verify-each=false --canonicalize > %t.tile-opt 2>&1
// RUN: mlir-opt %t.upstream.mlir --split-input-file --mlir-very-unsafe-disable-verifier-on-parsing --verify-each=false --canonicalize > %t.mlir-opt 2>&1
// RUN: diff %t.mlir-opt %t.tile-opt
// Bytecode of unverified IR, read back unverified.
// RUN: tile-opt %t.upstream.mlir --mlir-very-unsafe-disable-verifier-on-parsing --emit-bytecode -o %t.mlirbc
// RUN: tile-opt %t.mlirbc --mlir-very-unsafe-disable-verifier-on-parsing | FileCheck %s --check-prefix=UNVERIFIED

func.func @f() -> i32 {
  return
}

// -----

// A chunk after the first keeps its place in the file (the module around
// it sits where the chunk starts).
// RUN: not tile-opt %s --split-input-file --mlir-very-unsafe-disable-verifier-on-parsing --verify-each --canonicalize 2>&1 | FileCheck %s --check-prefix=LATER
// LATER: unverified-parsing.mlir:[[# @LINE + 2]]:3: error: 'func.return' op has 0 operands, but enclosing function (@g) returns 1
func.func @g() -> i32 {
  return
}

// -----

// Tile passes, and a target's pipeline, rely on verified IR: the input is
// verified before they run.
// RUN: not tile-opt %s --split-input-file --mlir-very-unsafe-disable-verifier-on-parsing --tile-verify 2>&1 | FileCheck %s --check-prefix=TILE
// RUN: not tile-opt %s --split-input-file --mlir-very-unsafe-disable-verifier-on-parsing --target=cpu 2>&1 | FileCheck %s --check-prefix=TILE
// TILE: unverified-parsing.mlir:[[# @LINE + 5]]:3: error: 'func.return' op has 0 operands, but enclosing function (@h) returns 1
// TILE: <unknown>:0: error: tile passes need verified input: it is verified before they run, --mlir-very-unsafe-disable-verifier-on-parsing notwithstanding
func.func @h(%b: memref<4xf32>) -> i32 {
  %c = arith.constant 0.0 : f32
  "tile.fill"(%b, %c) : (memref<4xf32>, f32) -> ()
  return
}
