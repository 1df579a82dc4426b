// Where a diagnostic's location points, printed as mlir-opt prints it: the
// first file position in the location, a "called from" note for each caller
// of a call site, and the location itself when it holds no file position.
// RUN: not tile-opt --split-input-file %s -convert-arith-to-spirv -o /dev/null 2>&1 | FileCheck %s

// CHECK: foo.mlir:3:4: error: failed to legalize operation 'arith.subi'
// CHECK-NEXT: bar.mlir:5:6: note: called from
// CHECK-NEXT: baz.mlir:7:8: note: called from
// CHECK-NEXT: foo.mlir:3:4: note: see current operation
func.func @call_site(%a: vector<5xi32>) {
  %0 = arith.subi %a, %a : vector<5xi32> loc(callsite("foo.mlir":3:4 at callsite("bar.mlir":5:6 at "baz.mlir":7:8)))
  return
}

// -----

// CHECK: <unknown>:0: error: loc("justname"): failed to legalize operation 'arith.subi'
// CHECK-NEXT: <unknown>:0: note: loc("justname"): see current operation
func.func @name_only(%a: vector<5xi32>) {
  %0 = arith.subi %a, %a : vector<5xi32> loc("justname")
  return
}

// -----

// A fused location of many parts (more than 16 once overflowed a buffer).
// CHECK: f0.mlir:1:1: error: failed to legalize operation 'arith.subi'
func.func @fused(%a: vector<5xi32>) {
  %0 = arith.subi %a, %a : vector<5xi32> loc(fused["f0.mlir":1:1, "f1.mlir":2:1, "f2.mlir":3:1, "f3.mlir":4:1, "f4.mlir":5:1, "f5.mlir":6:1, "f6.mlir":7:1, "f7.mlir":8:1, "f8.mlir":9:1, "f9.mlir":10:1, "f10.mlir":11:1, "f11.mlir":12:1, "f12.mlir":13:1, "f13.mlir":14:1, "f14.mlir":15:1, "f15.mlir":16:1, "f16.mlir":17:1, "f17.mlir":18:1, "f18.mlir":19:1, "f19.mlir":20:1, "f20.mlir":21:1, "f21.mlir":22:1, "f22.mlir":23:1, "f23.mlir":24:1, "f24.mlir":25:1, "f25.mlir":26:1, "f26.mlir":27:1, "f27.mlir":28:1, "f28.mlir":29:1, "f29.mlir":30:1, "f30.mlir":31:1, "f31.mlir":32:1, "f32.mlir":33:1, "f33.mlir":34:1, "f34.mlir":35:1, "f35.mlir":36:1, "f36.mlir":37:1, "f37.mlir":38:1, "f38.mlir":39:1, "f39.mlir":40:1])
  return
}

// -----

// A call site whose callee has no file position: the caller's is shown.
// CHECK: qux.mlir:9:2: error: failed to legalize operation 'arith.subi'
// CHECK-NEXT: qux.mlir:9:2: note: called from
func.func @callee_unnamed(%a: vector<5xi32>) {
  %0 = arith.subi %a, %a : vector<5xi32> loc(callsite("callee" at "qux.mlir":9:2))
  return
}
