// --mlir-timing of a pipeline reports, as mlir-opt does, the time spent
// parsing (Parser), each pass with its analyses, and printing (Output), in a
// tree or a list (--mlir-timing-display), as text or JSON
// (--mlir-output-format); each chunk of a split input has its own report.
// RUN: tile-opt %s --mlir-disable-threading --pass-pipeline='builtin.module(func.func(canonicalize,cse),inline)' --mlir-timing -o /dev/null 2>&1 | FileCheck %s --check-prefix=TREE
// RUN: tile-opt %s --pass-pipeline='builtin.module(func.func(canonicalize,cse),inline)' --mlir-timing -o /dev/null 2>&1 | FileCheck %s --check-prefix=TREE
// RUN: tile-opt %s --mlir-disable-threading --canonicalize --cse --mlir-timing --mlir-timing-display=list -o /dev/null 2>&1 | FileCheck %s --check-prefix=LIST
// RUN: tile-opt %s --mlir-disable-threading --pass-pipeline='builtin.module(func.func(canonicalize,cse),inline)' --mlir-timing --mlir-output-format=json -o /dev/null 2>&1 | FileCheck %s --check-prefix=TREE-JSON
// RUN: tile-opt %s --mlir-disable-threading --canonicalize --cse --mlir-timing --mlir-timing-display=list --mlir-output-format=json -o /dev/null 2>&1 | FileCheck %s --check-prefix=LIST-JSON
// A chunk that does not parse reports its parsing alone; a failed pipeline
// has no Output row.
// RUN: printf 'func.func @f() {\n  return\n}\n// -----\nfunc.func @broken(\n' > %t.mlir
// RUN: not tile-opt %t.mlir --split-input-file --mlir-disable-threading --cse --mlir-timing -o /dev/null 2>&1 | FileCheck %s --check-prefix=SPLIT
// RUN: not tile-opt %s --mlir-disable-threading --tile-verify --mlir-timing -o /dev/null 2>&1 | FileCheck %s --check-prefix=FAILED

// TREE:      ... Execution time report ...
// TREE:      Total Execution Time: {{[0-9]+\.[0-9][0-9][0-9][0-9]}} seconds
// TREE:      Wall Time----  ----Name----
// TREE-NEXT: {{^ +[0-9]+\.[0-9]+ \( *[0-9.]+%\)( +[0-9]+\.[0-9]+ \( *[0-9.]+%\))? +}}Parser{{$}}
// TREE-NEXT: {{[0-9]}}%)  'func.func' Pipeline
// TREE-NEXT: {{[0-9]}}%)    Canonicalizer
// TREE-NEXT: {{[0-9]}}%)    CSE
// TREE-NEXT: {{[0-9]}}%)      (A) DominanceInfo
// TREE-NEXT: {{[0-9]}}%)  Inliner
// TREE-NEXT: {{[0-9]}}%)    (A) CallGraph
// TREE:      {{[0-9]}}%)  Output
// TREE-NEXT: {{[0-9]}}%)  Rest
// TREE-NEXT: (100.0%)  Total
// TREE-NOT:  Execution time report

// LIST:      Wall Time----  ----Name----
// LIST-NEXT: (100.0%)  root
// LIST-DAG:  {{[0-9]}}%)  Parser
// LIST-DAG:  {{[0-9]}}%)  Canonicalizer
// LIST-DAG:  {{[0-9]}}%)  CSE
// LIST-DAG:  {{[0-9]}}%)  (A) DominanceInfo
// LIST-DAG:  {{[0-9]}}%)  Output
// LIST:      {{[0-9]}}%)  Rest
// LIST-NEXT: (100.0%)  Total

// TREE-JSON-NOT: Execution time report
// TREE-JSON:      [
// TREE-JSON-NEXT: {"wall": {"duration": {{[0-9]+\.[0-9][0-9][0-9][0-9]}}, "percentage": {{[0-9]+\.[0-9]}}}, "name": "Parser", "passes": [
// TREE-JSON-NEXT: {}]},
// TREE-JSON-NEXT: {"wall": {{.*}}, "name": "'func.func' Pipeline", "passes": [
// TREE-JSON-NEXT:   {"wall": {{.*}}, "name": "Canonicalizer", "passes": [
// TREE-JSON-NEXT:   {}]},
// TREE-JSON-NEXT:   {"wall": {{.*}}, "name": "CSE", "passes": [
// TREE-JSON-NEXT:     {"wall": {{.*}}, "name": "(A) DominanceInfo", "passes": [
// TREE-JSON-NEXT:     {}]},
// TREE-JSON-NEXT:   {}]},
// TREE-JSON-NEXT: {}]},
// TREE-JSON-NEXT: {"wall": {{.*}}, "name": "Inliner", "passes": [
// TREE-JSON:      {"wall": {{.*}}, "name": "Output", "passes": [
// TREE-JSON-NEXT: {}]},
// TREE-JSON-NEXT: {"wall": {{.*}}, "name": "Rest"},
// TREE-JSON-NEXT: {"wall": {"duration": {{[0-9]+\.[0-9][0-9][0-9][0-9]}}, "percentage": 100.0}, "name": "Total"}
// TREE-JSON-NEXT: ]

// LIST-JSON:      [
// LIST-JSON-NEXT: {"wall": {"duration": {{[0-9]+\.[0-9][0-9][0-9][0-9]}}, "percentage": 100.0}, "name": "root"},
// LIST-JSON-DAG:  "name": "Parser"},
// LIST-JSON-DAG:  "name": "(A) DominanceInfo"},
// LIST-JSON-DAG:  "name": "Output"},
// LIST-JSON:      "name": "Rest"},
// LIST-JSON-NEXT: "percentage": 100.0}, "name": "Total"}
// LIST-JSON-NEXT: ]

// SPLIT:      Wall Time----  ----Name----
// SPLIT-NEXT: Parser
// SPLIT-NEXT: CSE
// SPLIT:      Output
// SPLIT:      Total
// SPLIT:      error: expected
// SPLIT:      Wall Time----  ----Name----
// SPLIT-NEXT: Parser
// SPLIT-NEXT: Rest
// SPLIT-NEXT: Total

// FAILED:     error: 'tile.fill' op must be inside a kernel
// FAILED:     Parser
// FAILED-NEXT: TileVerify
// FAILED-NEXT: Rest
// FAILED-NEXT: Total

func.func @caller(%x: f32) -> f32 {
  %0 = func.call @callee(%x) : (f32) -> f32
  %1 = arith.addf %0, %0 : f32
  return %1 : f32
}

func.func private @callee(%x: f32) -> f32 {
  return %x : f32
}

func.func @device(%f: memref<8xf32, #tile.fragment>, %v: f32) {
  "tile.fill"(%f, %v) : (memref<8xf32, #tile.fragment>, f32) -> ()
  return
}
