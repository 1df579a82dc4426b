// tile-math-expand refuses, at the op, what its formulas do not serve; the
// vulkan target reports math on f64 that GLSL.std.450 has no 64-bit form of
// (Target/Vulkan/double-math.mlir has the others).
// RUN: tile-opt --split-input-file --verify-diagnostics --tile-math-expand="ops=erf,ipowi,isnormal target=vulkan" %s -o /dev/null
// RUN: tile-opt --split-input-file --verify-diagnostics --target=vulkan %S/Inputs/math_f64.mlir -o /dev/null
// An op the lists may not name is an error (it was left alone, silently).
// RUN: not tile-opt --tile-math-expand="ops=isnan,sincs" %s 2>&1 | FileCheck %s --check-prefix=OPS
// RUN: not tile-opt --pass-pipeline="builtin.module(func.func(tile-math-expand{vector-ops=fpowi,exp}))" %s 2>&1 | FileCheck %s --check-prefix=VECTOR-OPS
// OPS: error: invalid item 'sincs' in the value of option 'ops' of pass 'tile-math-expand' (expected a comma-separated list of: isnan|isinf|isfinite|isnormal|clampf|sincos|trunc|atan2|fpowi|ipowi|absi|powf|erf|erfc|cbrt|expm1|log1p|maximumf|minimumf)
// VECTOR-OPS: error: invalid item 'exp' in the value of option 'vector-ops' of pass 'tile-math-expand'

func.func @erf_f64(%x: f64) -> f64 {
  // expected-error @below {{'math.erf' op on this element type has no lowering on the vulkan target: its expansion is accurate to f32 only (f32, f16 and bf16 are served)}}
  %y = math.erf %x : f64
  return %y : f64
}

// -----

func.func @ipowi_i128(%x: i128) -> i128 {
  // expected-error @below {{'math.ipowi' op on integers wider than 64 bits has no lowering on the vulkan target}}
  %y = math.ipowi %x, %x : i128
  return %y : i128
}

// -----

func.func @isnormal_f8(%x: f8E5M2) -> i1 {
  // expected-error @below {{'math.isnormal' op on this element type has no lowering on the vulkan target: its expansion knows the smallest normal value of f16, bf16, f32, f64, f80 and f128 only}}
  %y = math.isnormal %x : f8E5M2
  return %y : i1
}

// -----

// Listed ops only: erfc stays.
func.func @erfc(%x: f32) -> f32 {
  %y = math.erfc %x : f32
  return %y : f32
}
