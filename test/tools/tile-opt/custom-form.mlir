// An op of a dialect defined in IRDL (the tile dialects, an --irdl-file
// dialect) written in a custom form: MLIR 22's parser fails on it without a
// word (mlir-opt exits 1 and prints nothing), so tile-opt, tile-run and the
// library's parse functions say where and why.
// RUN: tile-opt %s --split-input-file --verify-diagnostics
// RUN: not tile-opt %s --split-input-file 2>&1 | FileCheck %s
// RUN: not tile-opt %s --split-input-file --mlir-very-unsafe-disable-verifier-on-parsing 2>&1 | FileCheck %s
// RUN: not tile-run %s --target=cpu 2>&1 | FileCheck %s --check-prefix=RUNNER
// CHECK: custom-form.mlir:[[# @LINE + 5]]:3: error: custom op 'tile.fill' is unknown: the ops of the tile dialects have only the generic form, "tile.fill"(<operands>) : (<types>) -> (<types>)
// RUNNER: custom-form.mlir:[[# @LINE + 4]]:3: error: custom op 'tile.fill' is unknown

func.func @f(%b: memref<4xf32>, %c: f32) {
  // expected-error @below {{custom op 'tile.fill' is unknown: the ops of the tile dialects have only the generic form, "tile.fill"(<operands>) : (<types>) -> (<types>)}}
  tile.fill %b, %c : memref<4xf32>, f32
  return
}

// -----

// The first one, after a mention in a comment (tile.copy) and in a string,
// and ops of another tile dialect.
// CHECK: custom-form.mlir:[[# @LINE + 4]]:8: error: custom op 'tile_cuda.swizzle' is unknown
func.func @g() attributes {note = "tile.copy"} {
  %c0 = arith.constant 0 : index
  // expected-error @below {{custom op 'tile_cuda.swizzle' is unknown}}
  %x = tile_cuda.swizzle
  tile.copy
  return
}

// -----

// Generic forms read as usual.
func.func @h(%b: memref<4xf32>, %c: f32) {
  "tile.fill"(%b, %c) : (memref<4xf32>, f32) -> ()
  return
}

// An op of an --irdl-file dialect: no tile op to point at, so the error is
// at the start of the input, with the likely reason.
// RUN: printf 'irdl.dialect @my {\n  irdl.operation @op {\n  }\n}\n' > %t.irdl.mlir
// RUN: printf 'func.func @f() {\n  my.op\n  return\n}\n' > %t.use.mlir
// RUN: not tile-opt %t.use.mlir --irdl-file=%t.irdl.mlir 2>&1 | FileCheck %s --check-prefix=IRDL
// IRDL: use.mlir:1:1: error: the input does not parse, and MLIR's parser gave no reason (the ops of dialects defined in IRDL have only the generic form: "dialect.op"(<operands>) : (<types>) -> (<types>))
