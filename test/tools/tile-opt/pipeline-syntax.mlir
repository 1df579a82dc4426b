// A --pass-pipeline text that is not well formed is reported in the words
// of MLIR's parser, as mlir-opt reports it (tile's own parser, which knows
// tile passes, finds the error first).
// RUN: not tile-opt %s -pass-pipeline='cse' 2>&1 | FileCheck %s --check-prefix=ANCHOR
// RUN: not tile-opt %s -pass-pipeline='' 2>&1 | FileCheck %s --check-prefix=ANCHOR
// RUN: not tile-opt %s -pass-pipeline='builtin.module(cse' 2>&1 | FileCheck %s --check-prefix=ANCHOR
// RUN: not tile-opt %s -pass-pipeline='builtin.module(cse),' 2>&1 | FileCheck %s --check-prefix=ANCHOR
// RUN: not tile-opt %s -pass-pipeline=',' 2>&1 | FileCheck %s --check-prefix=ANCHOR
// ANCHOR: <unknown>:0: error: expected pass pipeline to be wrapped with the anchor operation type, e.g. 'builtin.module(...)'

// RUN: not tile-opt %s -pass-pipeline='builtin.module(cse,)' 2>&1 | FileCheck %s --check-prefix=EMPTY
// EMPTY: <unknown>:0: error: MLIR Textual PassPipeline Parser:1:5: error: '' does not refer to a registered pass or pass pipeline
// EMPTY-NEXT: {{^}}cse,{{$}}
// EMPTY-NEXT: {{^    \^$}}
// EMPTY-EMPTY:

// RUN: not tile-opt %s -pass-pipeline='builtin.module(func.func(cse),any())' 2>&1 | FileCheck %s --check-prefix=EMPTY-NEST
// EMPTY-NEST: <unknown>:0: error: MLIR Textual PassPipeline Parser:1:20: error: '' does not refer to a registered pass or pass pipeline
// With a tile pass, which MLIR's parser does not know, tile's words:
// RUN: not tile-opt %s -pass-pipeline='builtin.module(func.func(tile-verify),any())' 2>&1 | FileCheck %s --check-prefix=EMPTY-NEST-TILE
// EMPTY-NEST-TILE: <unknown>:0: error: invalid pass pipeline 'builtin.module(func.func(tile-verify),any())': empty nested pipeline at column 43

// RUN: not tile-opt %s -pass-pipeline='builtin.module(cse tile-verify)' 2>&1 | FileCheck %s --check-prefix=SPACE
// SPACE: <unknown>:0: error: MLIR Textual PassPipeline Parser:1:1: error: 'cse tile-verify' does not refer to a registered pass or pass pipeline

// RUN: not tile-opt %s -pass-pipeline='builtin.module(cse),func.func(cse)' 2>&1 | FileCheck %s --check-prefix=TWO
// TWO: <unknown>:0: error: MLIR Textual PassPipeline Parser:1:4: error: encountered extra closing ')' creating unbalanced parentheses while parsing pipeline
// TWO-NEXT: cse),func.func(cse

// A pass flag with --pass-pipeline is a diagnostic of the chunk, which
// --verify-diagnostics can expect.
// RUN: tile-opt %s -pass-pipeline='builtin.module(cse)' -cse -verify-diagnostics

// expected-error@unknown {{'-pass-pipeline' option can't be used with individual pass options}}
func.func @f() {
  return
}
