// MLIR's optimization remarks (tools/tile-opt/remarks.cpp), from upstream's
// test-remark pass, which reports remarks of each kind at each op below the
// one it runs on. Where mlir-opt 22 does the same, the outputs are compared.
// REQUIRES: upstream-test-passes

// Printed as remarks, filtered by kind.
// RUN: tile-opt %s --test-remark --remarks-filter-passed=category-1-passed -o /dev/null 2>&1 | FileCheck %s --check-prefix=PASSED --implicit-check-not=remark:
// RUN: tile-opt %s --test-remark --remarks-filter-missed=a-category-1-missed -o /dev/null 2>&1 | FileCheck %s --check-prefix=MISSED --implicit-check-not=remark:
// RUN: tile-opt %s --test-remark --remarks-filter-failed=category-2-failed -o /dev/null 2>&1 | FileCheck %s --check-prefix=FAILED --implicit-check-not=remark:
// RUN: tile-opt %s --test-remark --remarks-filter-analyse=category-2-analysis -o /dev/null 2>&1 | FileCheck %s --check-prefix=ANALYSIS --implicit-check-not=remark:
// The same, with the filter for all kinds and both together, and a filter
// that matches a category in part only (MLIR matches whole names): the
// same lines as mlir-opt's (on the input without its expected-* lines,
// which mlir-opt 22 reports as unmet even without --verify-diagnostics).
// RUN: grep -v expected- %s > %t.input.mlir
// RUN: for f in --remarks-filter=category.* --remarks-filter=category-1.* '--remarks-filter=category-1.* --remarks-filter-failed=category-2-failed' --remarks-filter-passed=category-1; do \
// RUN:   mlir-opt %t.input.mlir --test-remark $f > %t.mlir-opt 2>&1; \
// RUN:   tile-opt %t.input.mlir --test-remark $f > %t.tile-opt 2>&1; \
// RUN:   diff %t.mlir-opt %t.tile-opt || exit 1; \
// RUN: done
// No filter, no remark.
// RUN: tile-opt %s --test-remark -o /dev/null 2>&1 | count 0

// The final policy keeps the last remark of each place, name and category:
// one of the two passed remarks at each op.
// RUN: tile-opt %s --test-remark --remarks-filter=category-1-passed --remark-policy=final -o /dev/null 2>&1 | FileCheck %s --check-prefix=FINAL --implicit-check-not=remark:
// It reports them when the pipeline fails too (mlir-opt 22 drops them).
// RUN: not tile-opt %s --remarks-filter=category-1-passed --remark-policy=final --pass-pipeline='builtin.module(test-remark,test-pass-failure)' 2>&1 | FileCheck %s --check-prefix=FINAL --implicit-check-not=remark:
// Under --verify-diagnostics they are diagnostics to check.
// RUN: tile-opt %s --test-remark --remarks-filter=category-2-analysis --verify-diagnostics -o /dev/null

// The return's remarks come before the function's; the final policy
// sorts them by position.
// PASSED-COUNT-2: remarks.mlir:[[@LINE+13]]:3: remark: [Passed] test-remark | Category:category-1-passed | Reason=
// PASSED-COUNT-2: remarks.mlir:[[@LINE+10]]:1: remark: [Passed] test-remark | Category:category-1-passed | Reason=
// MISSED: remarks.mlir:[[@LINE+11]]:3: remark: [Missed] test-remark | Category:a-category-1-missed | Reason="because we are testing the remark pipeline", Remark="This is a test missed remark", Suggestion="try using the remark pipeline feature"
// MISSED: remarks.mlir:[[@LINE+8]]:1: remark: [Missed]
// FAILED: remarks.mlir:[[@LINE+9]]:3: remark: [Failure] test-remark | Category:category-2-failed | Reason="because we are testing the remark pipeline", Remark="This is a test failed remark"
// FAILED: remarks.mlir:[[@LINE+6]]:1: remark: [Failure]
// ANALYSIS: remarks.mlir:[[@LINE+7]]:3: remark: [Analysis] test-remark | Category:category-2-analysis | Remark="This is a test analysis remark"
// ANALYSIS: remarks.mlir:[[@LINE+4]]:1: remark: [Analysis]
// FINAL: remarks.mlir:[[@LINE+3]]:1: remark: [Passed] test-remark | Category:category-1-passed | Reason="because we are testing the remark pipeline", Remark="This is a test passed remark", Suggestion
// FINAL: remarks.mlir:[[@LINE+4]]:3: remark: [Passed] test-remark | Category:category-1-passed | Reason="because we are testing the remark pipeline", Remark="This is a test passed remark", Suggestion
// expected-remark @below {{[Analysis] test-remark | Category:category-2-analysis}}
func.func @f() {
  // expected-remark @below {{[Analysis] test-remark | Category:category-2-analysis}}
  return
}
