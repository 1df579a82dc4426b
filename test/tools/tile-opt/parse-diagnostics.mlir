// Diagnostics of a parse that succeeds are printed, as mlir-opt prints
// them: MLIR 22's builtin.module verifier reports two data layout
// attributes as an error and still succeeds. tile-opt's first parse (which
// looks for several top-level ops) kept them all quiet, and lost these.
// RUN: tile-opt %s -verify-diagnostics | FileCheck %s
// RUN: tile-opt %s 2>&1 | FileCheck %s --check-prefix=STDERR

// CHECK: module attributes {a.x = #dlti.dl_spec<>, a.y = #dlti.dl_spec<>}
// STDERR: parse-diagnostics.mlir:[[# @LINE + 7]]:1: error: 'builtin.module' op expects at most one data layout attribute
// STDERR: note: 'a.x' is a data layout attribute
// STDERR: note: 'a.y' is a data layout attribute

// expected-error@below {{expects at most one data layout attribute}}
// expected-note@below {{'a.x' is a data layout attribute}}
// expected-note@below {{'a.y' is a data layout attribute}}
module attributes {a.x = #dlti.dl_spec<>, a.y = #dlti.dl_spec<>} {
}
