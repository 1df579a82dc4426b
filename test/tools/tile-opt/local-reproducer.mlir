// --mlir-pass-pipeline-local-reproducer: MLIR's own crash reproducer, set on
// the pass manager by tile-opt's C++ (tools/tile-opt/capi_gaps.cpp). It
// recovers from a pass that crashes, reports the pass, and writes the
// pipeline of that pass alone with its input, as mlir-opt does.
// REQUIRES: upstream-test-passes
// ThreadSanitizer takes over the deadly signal that MLIR's recovery
// catches, and the run never ends.
// UNSUPPORTED: tsan

// A crash, recovered: the expected diagnostics, and exit status 0 under
// --verify-diagnostics.
// RUN: tile-opt %s --pass-pipeline='builtin.module(builtin.module(test-module-pass,test-pass-crash))' --mlir-pass-pipeline-crash-reproducer=%t.tile --mlir-pass-pipeline-local-reproducer --mlir-disable-threading --verify-diagnostics
// RUN: FileCheck %s --check-prefix=REPRO < %t.tile
// RUN: mlir-opt %s --pass-pipeline='builtin.module(builtin.module(test-module-pass,test-pass-crash))' --mlir-pass-pipeline-crash-reproducer=%t.mlir --mlir-pass-pipeline-local-reproducer --mlir-disable-threading --verify-diagnostics
// RUN: diff %t.mlir %t.tile

// A pass that fails without crashing.
// It is reported at the op the pass failed on.
// RUN: not tile-opt %s --pass-pipeline='builtin.module(builtin.module(test-module-pass,test-pass-failure))' --mlir-pass-pipeline-crash-reproducer=%t.fail --mlir-pass-pipeline-local-reproducer --mlir-disable-threading 2>&1 | FileCheck %s --check-prefix=FAILED
// RUN: FileCheck %s --check-prefix=FAILURE < %t.fail

// The reproducer runs again through --run-reproducer, and crashes again.
// RUN: not tile-opt %t.tile --run-reproducer --mlir-pass-pipeline-crash-reproducer=%t.again --mlir-pass-pipeline-local-reproducer --mlir-disable-threading 2>&1 | FileCheck %s --check-prefix=AGAIN

// With threads, MLIR cannot set it up: an error, not MLIR's fatal one.
// RUN: not tile-opt %s --pass-pipeline='builtin.module(builtin.module(test-module-pass))' --mlir-pass-pipeline-crash-reproducer=%t.threads --mlir-pass-pipeline-local-reproducer 2>&1 | FileCheck %s --check-prefix=THREADS

// Without --mlir-pass-pipeline-crash-reproducer it asks for nothing.
// RUN: tile-opt %s --pass-pipeline='builtin.module(builtin.module(test-module-pass))' --mlir-pass-pipeline-local-reproducer -o /dev/null

// REPRO: module @inner
// REPRO: module @foo
// REPRO: pipeline: "builtin.module(builtin.module(test-pass-crash))",
// REPRO-NEXT: disable_threading: true,
// FAILURE: pipeline: "builtin.module(builtin.module(test-pass-failure{{.*}}))",
// FAILED: local-reproducer.mlir:[[# @LINE + 9]]:3: error: Failures have been detected while processing an MLIR pass pipeline
// FAILED: note: Pipeline failed while executing `{{.*}}TestFailurePass` on 'builtin.module' operation: @foo: reproducer generated at
// AGAIN: error: Failures have been detected while processing an MLIR pass pipeline
// AGAIN: note: Pipeline failed while executing {{.*}}reproducer generated at
// THREADS: <unknown>:0: error: Local crash reproduction may not be used without disabling mutli-threading first.

// expected-error@below {{Failures have been detected while processing an MLIR pass pipeline}}
// expected-note@below {{Pipeline failed while executing}}
module @inner {
  module @foo {}
}
