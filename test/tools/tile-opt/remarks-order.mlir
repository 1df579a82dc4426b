// The order of remarks under the final policy, and the remarks of several
// chunks in one yaml file (tools/tile-opt/remarks.cpp), from upstream's
// test-remark pass, which runs here on each function, on several threads.
// REQUIRES: upstream-test-passes

// Sorted by file position, whatever order the threads report in, with or
// without threads; remarks without a position come last. The final policy
// reports for each chunk when it ends.
// RUN: tile-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(test-remark))' --remarks-filter-passed=category-1-passed --remark-policy=final -o /dev/null 2>&1 | FileCheck %s --check-prefix=SORTED
// RUN: tile-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(test-remark))' --remarks-filter-passed=category-1-passed --remark-policy=final --mlir-disable-threading -o /dev/null 2>&1 | FileCheck %s --check-prefix=SORTED
// SORTED:      a.c:10:1: remark: [Passed]
// SORTED-NEXT: a.c:10:5: remark: [Passed]
// SORTED-NEXT: a.c:11:1: remark: [Passed]
// SORTED-NEXT: a.c:20:1: remark: [Passed]
// SORTED-NEXT: a.c:30:1: remark: [Passed]
// SORTED-NEXT: b.c:1:1: remark: [Passed]
// SORTED-NEXT: <unknown>:0: remark: [Passed]
// SORTED-NEXT: a.c:25:1: remark: [Passed]
// SORTED-NOT:  remark:

func.func @c() {
  return loc("b.c":1:1)
} loc("a.c":30:1)
func.func @a() {
  return loc("a.c":11:1)
} loc("a.c":10:1)
func.func @b() {
  return loc("n"("a.c":20:1))
} loc(fused["a.c":10:5, "x"])
func.func @d() {
  return loc(unknown)
} loc(unknown)

// -----

func.func @e() {
  return loc("a.c":25:1)
} loc("a.c":25:1)

// A yaml file holds the remarks of every chunk (mlir-opt 22 keeps the last
// chunk's), at the positions printed above, for named and fused locations
// too (mlir-opt 22 writes an unknown file for those).
// RUN: rm -f %t.yaml
// RUN: tile-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(test-remark))' --remarks-filter-passed=category-1-passed --remark-policy=final --remark-format=yaml --remarks-output-file=%t.yaml -o /dev/null 2>&1 | count 0
// RUN: FileCheck %s --check-prefix=YAML < %t.yaml
// RUN: grep -c '^--- !Passed' %t.yaml | FileCheck %s --check-prefix=YAML-COUNT
// YAML-COUNT: {{^}}8{{$}}
// YAML:      DebugLoc: { File: a.c, Line: 10, Column: 1 }
// YAML:      DebugLoc: { File: a.c, Line: 10, Column: 5 }
// YAML:      DebugLoc: { File: a.c, Line: 11, Column: 1 }
// YAML:      DebugLoc: { File: a.c, Line: 20, Column: 1 }
// YAML:      DebugLoc: { File: a.c, Line: 30, Column: 1 }
// YAML:      DebugLoc: { File: b.c, Line: 1, Column: 1 }
// YAML:      DebugLoc: { File: '<unknown file>', Line: 0, Column: 0 }
// YAML:      DebugLoc: { File: a.c, Line: 25, Column: 1 }

// Every remark as it comes, in bitstream and yaml: the same bytes as
// mlir-opt's where the locations are plain file positions.
// RUN: tile-opt %S/remarks.mlir --test-remark --remarks-filter=.* --remark-format=bitstream --remarks-output-file=%t.tile-opt.bitstream -o /dev/null
// RUN: mlir-opt %S/remarks.mlir --test-remark --remarks-filter=.* --remark-format=bitstream --remarks-output-file=%t.mlir-opt.bitstream -o /dev/null
// RUN: cmp %t.mlir-opt.bitstream %t.tile-opt.bitstream
// RUN: tile-opt %S/remarks.mlir --test-remark --remarks-filter=.* --remark-format=yaml --remarks-output-file=%t.tile-opt.yaml -o /dev/null
// RUN: mlir-opt %S/remarks.mlir --test-remark --remarks-filter=.* --remark-format=yaml --remarks-output-file=%t.mlir-opt.yaml -o /dev/null
// RUN: diff %t.mlir-opt.yaml %t.tile-opt.yaml

// Errors: a filter that is no regular expression (mlir-opt drops every
// remark then), an output file that cannot be made.
// RUN: not tile-opt %s --remarks-filter-missed='a(' 2>&1 | FileCheck %s --check-prefix=REGEX
// REGEX: tile-opt: error: '--remarks-filter-missed=a(' is not a regular expression: parentheses not balanced
// RUN: not tile-opt %s --remarks-filter=.* --remark-format=yaml --remarks-output-file=%t.missing/out.yaml 2>&1 | FileCheck %s --check-prefix=OPEN
// OPEN: tile-opt: error: cannot open output file '{{.*}}missing/out.yaml': No such file or directory
// RUN: not tile-opt %s --remark-format=json 2>&1 | FileCheck %s --check-prefix=FORMAT
// FORMAT: tile-opt: error: invalid value 'json' for '--remark-format' (valid: emitRemark, yaml, bitstream)
