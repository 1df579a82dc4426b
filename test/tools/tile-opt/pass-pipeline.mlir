// --pass-pipeline mixes tile and upstream passes at any nesting.
// RUN: tile-opt %S/Inputs/kernel.mlir --pass-pipeline='builtin.module(func.func(tile-verify,canonicalize),cse)' | FileCheck %s
// RUN: tile-opt %S/Inputs/kernel.mlir --pass-pipeline='builtin.module(tile-verify{kernel-required=false}, func.func( canonicalize{max-iterations=2} ) )' | FileCheck %s
// RUN: not tile-opt %S/Inputs/kernel.mlir --pass-pipeline='builtin.module(func.func(tile-verify)' 2>&1 | FileCheck %s --check-prefix=PARENS
// RUN: not tile-opt %S/Inputs/kernel.mlir --pass-pipeline='func.func(tile-verify)' 2>&1 | FileCheck %s --check-prefix=ANCHOR
// RUN: not tile-opt %S/Inputs/kernel.mlir --pass-pipeline='builtin.module(tile-verify{nope=1})' 2>&1 | FileCheck %s --check-prefix=OPTION
// RUN: not tile-opt %S/Inputs/kernel.mlir --pass-pipeline='builtin.module(tile-verfy)' 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: not tile-opt %S/Inputs/kernel.mlir --pass-pipeline='builtin.module(func.func(cse,canonicalise))' 2>&1 | FileCheck %s --check-prefix=UPSTREAM
// RUN: not tile-opt %S/Inputs/kernel.mlir --pass-pipeline='builtin.module(convert-gpu-to-nvvm)' 2>&1 | FileCheck %s --check-prefix=NEST
// RUN: not tile-opt %S/Inputs/kernel.mlir --pass-pipeline='builtin.module(cse)' --canonicalize 2>&1 | FileCheck %s --check-prefix=BOTH
// RUN: not tile-opt %S/Inputs/kernel.mlir --pass-pipeline 2>&1 | FileCheck %s --check-prefix=EMPTY
// As in mlir-opt, a pipeline may be anchored on any operation, and a
// pipeline that cannot be built is an error diagnostic (at the unknown
// location), so that --verify-diagnostics fails on it too.
// RUN: tile-opt %S/Inputs/kernel.mlir --pass-pipeline='any(canonicalize,cse)' | FileCheck %s
// RUN: not tile-opt %S/Inputs/kernel.mlir --verify-diagnostics --pass-pipeline='builtin.module(tile-verfy)' 2>&1 | FileCheck %s --check-prefix=VERIFY

// canonicalize drops the unused constant; tile ops stay.
// CHECK-LABEL: func.func @kernel
// CHECK-NOT: arith.constant 42
// CHECK: "tile.fill"
// CHECK: "tile.copy"

// PARENS: <unknown>:0: error: MLIR Textual PassPipeline Parser:1:11: error: encountered unbalanced parentheses while parsing pipeline
// ANCHOR: kernel.mlir:0:0: error: can't run 'func.func' pass manager on 'builtin.module' op
// OPTION: <unknown>:0: error: unknown option 'nope' for pass 'tile-verify' (valid options: kernel-required)
// UNKNOWN: <unknown>:0: error: MLIR Textual PassPipeline Parser:1:1: error: 'tile-verfy' does not refer to a registered pass or pass pipeline; did you mean 'tile-verify'?
// UNKNOWN-NEXT: {{^}}tile-verfy{{$}}
// UNKNOWN-NEXT: {{^}}^{{$}}
// UPSTREAM: <unknown>:0: error: MLIR Textual PassPipeline Parser:1:15: error: 'canonicalise' does not refer to a registered pass or pass pipeline; did you mean 'canonicalize'?
// NEST: <unknown>:0: error: Can't add pass 'ConvertGpuOpsToNVVMOps' restricted to 'gpu.module' on a PassManager intended to run on 'builtin.module', did you intend to nest?
// BOTH: <unknown>:0: error: '-pass-pipeline' option can't be used with individual pass options
// EMPTY: tile-opt: error: '--pass-pipeline' needs a value: <pipeline>
// VERIFY: <unknown>:0: error: unexpected error: MLIR Textual PassPipeline Parser:1:1: error: 'tile-verfy' does not refer to a registered pass or pass pipeline
