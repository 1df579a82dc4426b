// Ops that MLIR 22's own verifiers crash on (mlir-opt 22 dies of SIGSEGV on
// each) are located errors: tile-opt parses without the verifier, checks
// for them, then verifies. Only tile-opt parses that way (tile-run and the
// C API parse with MLIR's verifying parser).
// RUN: not tile-opt %s --split-input-file 2>&1 | FileCheck %s --implicit-check-not="Stack dump"
// RUN: not tile-opt %s --split-input-file --verify-each --canonicalize 2>&1 | FileCheck %s --implicit-check-not="Stack dump"
// RUN: not tile-opt %S/../../fuzz/crashers/dpp-vector.mlir --target=rocm:gfx942 2>&1 | FileCheck %s --check-prefix=TARGET --implicit-check-not="Stack dump"
// TARGET: dpp-vector.mlir:4:8: error: 'amdgpu.dpp' op has a vector source

// CHECK: verifier-crashes.mlir:[[@LINE+2]]:8: error: 'amdgpu.dpp' op has a vector source, which MLIR 22's verifier of the op cannot read (it crashes on one); use an integer or float source of at most 64 bits
func.func @fixed(%a: vector<4xi8>) -> vector<4xi8> {
  %r = amdgpu.dpp %a %a row_shl(1 : i32) : vector<4xi8>
  return %r : vector<4xi8>
}

// -----

// CHECK: verifier-crashes.mlir:[[@LINE+2]]:8: error: 'amdgpu.dpp' op has a vector source
func.func @scalable(%a: vector<[4]xf16>) -> vector<[4]xf16> {
  %r = "amdgpu.dpp"(%a, %a) <{bank_mask = 15 : i32, bound_ctrl = false, kind = #amdgpu<dpp_perm row_shl>, permArgument = 1 : i32, row_mask = 15 : i32}> : (vector<[4]xf16>, vector<[4]xf16>) -> vector<[4]xf16>
  return %r : vector<[4]xf16>
}

// -----

// A scalar source is verified as before.
// CHECK: verifier-crashes.mlir:[[@LINE+2]]:8: error: 'amdgpu.dpp' op integer and floating point types larger than 64 bits are not supported
func.func @wide(%a: i128) -> i128 {
  %r = amdgpu.dpp %a %a row_shl(1 : i32) : i128
  return %r : i128
}
