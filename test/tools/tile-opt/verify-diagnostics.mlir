// --verify-diagnostics passes when every expected-* comment is met and
// nothing else is reported, and fails (with a located report) otherwise.
// RUN: tile-opt --split-input-file --verify-diagnostics --tile-verify %s
// RUN: not tile-opt --split-input-file --verify-diagnostics --tile-verify %S/Inputs/wrong-expectations.mlir 2>&1 | FileCheck %s

// expected-error @below {{'tile.fill' op must be inside a kernel}}
func.func @below(%f: memref<4xf32, #tile.fragment>, %v: f32) { "tile.fill"(%f, %v) : (memref<4xf32, #tile.fragment>, f32) -> ()
  return
}

// -----

func.func @offset(%f: memref<4xf32, #tile.fragment>, %v: f32) {
  // expected-error @+2 {{must be inside a kernel}}

  "tile.fill"(%f, %v) : (memref<4xf32, #tile.fragment>, f32) -> ()
  return
}

// -----

func.func @regex(%f: memref<4xf32, #tile.fragment>, %v: f32) {
  "tile.fill"(%f, %v) : (memref<4xf32, #tile.fragment>, f32) -> ()
  // expected-error-re @above {{'tile.{{[a-z]+}}' op must be inside a {{(kernel|grid)}}}}
  return
}

// -----

// Parse errors are diagnostics too.
func.func @parse_error() {
  // expected-error @+1 {{use of undeclared SSA value name}}
  %y = arith.addi %undefined, %undefined : i32
  return
}

// Problems with emitted diagnostics come as they are emitted, unmet
// expectations of the whole file at the end (as in mlir-opt).
// CHECK: wrong-expectations.mlir:5:3: error: unexpected error: 'tile.fill' op must be inside a kernel
// CHECK: wrong-expectations.mlir:19:6: error: 'error' diagnostic emitted when expecting a 'warning'
// CHECK: wrong-expectations.mlir:4:6: error: expected error "this is not what is reported" was not produced
// CHECK: wrong-expectations.mlir:11:4: error: expected warning "never emitted" was not produced
// CHECK: wrong-expectations.mlir:19:6: error: expected warning "must be inside a kernel" was not produced

// -----

// Stacked @below designators all point at the next line that holds none;
// stacked @above ones at the last such line. As in mlir-opt, a designator
// takes every diagnostic of its line that it fits, so each stacked one here
// names a different message.
func.func @stacked(%f: memref<4xf32, #tile.fragment>, %v: f32, %w: f64) {
  // expected-error @below {{has unknown attribute 'bogus'}}
  // expected-error @below {{must be inside a kernel}}
  "tile.fill"(%f, %v) : (memref<4xf32, #tile.fragment>, f32) -> () "tile.fill"(%f, %v) {bogus = 1} : (memref<4xf32, #tile.fragment>, f32) -> ()
  "tile.fill"(%f, %w) : (memref<4xf32, #tile.fragment>, f64) -> ()
  // expected-error @above {{must be inside a kernel}}
  // expected-error @above {{does not match the element type}}
  return
}

// -----

// @unknown matches diagnostics without a file location.
func.func @unknown(%f: memref<4xf32, #tile.fragment>, %v: f32) {
  // expected-error @unknown {{must be inside a kernel}}
  "tile.fill"(%f, %v) : (memref<4xf32, #tile.fragment>, f32) -> () loc(unknown)
  return
}
