// tile-math-expand refuses, at the op, what its formulas do not serve; the
// vulkan target reports math on f64, which its SPIR-V conversion lowers for
// no op.
// RUN: tile-opt --split-input-file --verify-diagnostics --tile-math-expand="ops=erf,ipowi target=vulkan" %s -o /dev/null
// RUN: tile-opt --split-input-file --verify-diagnostics --target=vulkan %S/Inputs/math_f64.mlir -o /dev/null

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

// Listed ops only: erfc stays.
func.func @erfc(%x: f32) -> f32 {
  %y = math.erfc %x : f32
  return %y : f32
}
