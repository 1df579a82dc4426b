// MLIR's action tracing and debug counters, which MLIR reads from LLVM's
// option parser: tile-opt hands the flags over (tools/tile-opt/capi_gaps.cpp)
// and installs them on each chunk's context, as mlir-opt does. The logs are
// compared with mlir-opt's, the thread's name (the program's) aside.

// RUN: tile-opt %s --log-actions-to=- --canonicalize --split-input-file | FileCheck %s --check-prefix=LOG
// RUN: tile-opt %s --log-actions-to=- --canonicalize --split-input-file --mlir-disable-threading | sed -e 's/\[thread [^]]*\]/[thread]/' > %t.tile-opt
// RUN: mlir-opt %s --log-actions-to=- --canonicalize --split-input-file --mlir-disable-threading | sed -e 's/\[thread [^]]*\]/[thread]/' > %t.mlir-opt
// RUN: diff %t.mlir-opt %t.tile-opt

// Only the actions at the filter's locations: here none.
// RUN: tile-opt %s --log-actions-to=- --log-mlir-actions-filter=nowhere.mlir:1:1 --canonicalize --split-input-file | FileCheck %s --check-prefix=FILTER
// RUN: tile-opt %s --log-actions-to=- --log-mlir-actions-filter=nowhere.mlir:1:1 --canonicalize --split-input-file --mlir-disable-threading > %t.tile-opt
// RUN: mlir-opt %s --log-actions-to=- --log-mlir-actions-filter=nowhere.mlir:1:1 --canonicalize --split-input-file --mlir-disable-threading > %t.mlir-opt
// RUN: diff %t.mlir-opt %t.tile-opt

// RUN: tile-opt %s --profile-actions-to=%t.profile --canonicalize -o /dev/null
// RUN: FileCheck %s --check-prefix=PROFILE < %t.profile

// The first pass execution skipped: canonicalize leaves the dead constant
// of the first chunk.
// RUN: tile-opt %s --mlir-debug-counter=pass-execution-skip=1 --mlir-print-debug-counter --canonicalize --split-input-file 2>&1 | FileCheck %s --check-prefix=COUNTER
// RUN: tile-opt %s --mlir-debug-counter=pass-execution-skip=1 --mlir-print-debug-counter --canonicalize --split-input-file > %t.tile-opt 2>&1
// RUN: mlir-opt %s --mlir-debug-counter=pass-execution-skip=1 --mlir-print-debug-counter --canonicalize --split-input-file > %t.mlir-opt 2>&1
// RUN: diff %t.mlir-opt %t.tile-opt
// RUN: tile-opt %s --canonicalize --split-input-file | FileCheck %s --check-prefix=NOCOUNTER

// MLIR's hook for a debugger: registered on each chunk's context.
// RUN: tile-opt %s --mlir-enable-debugger-hook --split-input-file 2>&1 >/dev/null | FileCheck %s --check-prefix=HOOK
// RUN: mlir-opt %s --mlir-enable-debugger-hook --split-input-file 2>&1 >/dev/null | FileCheck %s --check-prefix=HOOK
// HOOK-COUNT-2: ExecutionContext registered on the context (with Debugger hook)

// A log file that cannot be opened: MLIR's line, and the run goes on.
// RUN: tile-opt %s --log-actions-to=%t.missing/log --canonicalize 2>&1 >/dev/null | FileCheck %s --check-prefix=NOFILE
// RUN: not tile-opt %s --log-actions-to 2>&1 | FileCheck %s --check-prefix=NOVALUE

// LOG:      [thread {{.*}}] begins (no breakpoint) Action `pass-execution` running `Canonicalizer` on Operation `builtin.module`
// LOG:      [thread {{.*}}] completed `pass-execution`
// LOG-NEXT: {{^}}module {
// LOG-NEXT:   func.func @dead
// LOG:      {{^}}// {{-+}}
// LOG-NEXT: [thread {{.*}}] begins (no breakpoint) Action `pass-execution`
// LOG:      [thread {{.*}}] completed `pass-execution`
// LOG-NEXT: {{^}}module {
// LOG-NEXT:   func.func @second

// FILTER-NOT: Action
// FILTER:     func.func @dead
// FILTER-NOT: Action

// PROFILE: "name": "pass-execution"

// COUNTER:     DebugCounter counters:
// COUNTER:     pass-execution {{ *}}: {1,1,-1}
// COUNTER:     func.func @dead
// COUNTER-NEXT:  arith.constant 1
// NOCOUNTER-NOT: arith.constant 1

// NOFILE: error: Opening file for --log-actions-to failed: cannot open output file
// NOVALUE: tile-opt: error: '--log-actions-to' needs a value

func.func @dead() {
  %c1 = arith.constant 1 : i32
  return
}

// -----

func.func @second() {
  return
}
