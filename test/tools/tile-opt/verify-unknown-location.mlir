// An expectation at the unknown location that nothing meets is reported
// there, as mlir-opt reports it (it was at the directive's line).
// RUN: not tile-opt --verify-diagnostics %s 2>&1 | FileCheck %s
// CHECK: <unknown>:0: error: expected warning "a warning nothing produces" was not produced
// CHECK-NOT: verify-unknown-location.mlir:{{[0-9]+}}:{{[0-9]+}}: error

// expected-warning @unknown {{a warning nothing produces}}
func.func @f() {
  return
}
