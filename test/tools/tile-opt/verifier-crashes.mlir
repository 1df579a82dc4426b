// MLIR 22's verifier of amdgpu.dpp crashes on a source that is no integer
// or float (mlir-opt 22 dies of SIGSEGV on each below). Every parse reads
// the source text first and reports such an op at its name; one whose type
// is not on its line is refused there too.
// RUN: not tile-opt %s --split-input-file 2>&1 | FileCheck %s --implicit-check-not="Stack dump"
// RUN: not tile-opt %s --split-input-file --verify-each --canonicalize 2>&1 | FileCheck %s --implicit-check-not="Stack dump"
// RUN: not tile-opt %S/../../fuzz/crashers/dpp-vector.mlir --target=rocm:gfx942 2>&1 | FileCheck %s --check-prefix=TARGET --implicit-check-not="Stack dump"
// RUN: not tile-run %S/../../fuzz/crashers/dpp-vector.mlir --target=cpu 2>&1 | FileCheck %s --check-prefix=TARGET --implicit-check-not="Stack dump"
// TARGET: dpp-vector.mlir:4:8: error: 'amdgpu.dpp' op needs an integer or float source

// CHECK: verifier-crashes.mlir:[[@LINE+2]]:8: error: 'amdgpu.dpp' op needs an integer or float source (of at most 64 bits), written on the op's line: MLIR 22's verifier of the op crashes on any other type
func.func @fixed(%a: vector<4xi8>) -> vector<4xi8> {
  %r = amdgpu.dpp %a %a row_shl(1 : i32) : vector<4xi8>
  return %r : vector<4xi8>
}

// -----

// CHECK: verifier-crashes.mlir:[[@LINE+2]]:8: error: 'amdgpu.dpp' op needs an integer or float source
func.func @scalable(%a: vector<[4]xf16>) -> vector<[4]xf16> {
  %r = "amdgpu.dpp"(%a, %a) <{bank_mask = 15 : i32, bound_ctrl = false, kind = #amdgpu<dpp_perm row_shl>, permArgument = 1 : i32, row_mask = 15 : i32}> : (vector<[4]xf16>, vector<[4]xf16>) -> vector<[4]xf16>
  return %r : vector<[4]xf16>
}

// -----

// Blanks and a comment between the generic form's name and its operands
// (the check looked for `(` right after the name, and MLIR crashed).
// CHECK: verifier-crashes.mlir:[[@LINE+2]]:8: error: 'amdgpu.dpp' op needs an integer or float source
func.func @spaced(%a: vector<[4]xf16>) -> vector<[4]xf16> {
  %r = "amdgpu.dpp" (%a, %a) <{bank_mask = 15 : i32, bound_ctrl = false, kind = #amdgpu<dpp_perm row_shl>, permArgument = 1 : i32, row_mask = 15 : i32}> : (vector<[4]xf16>, vector<[4]xf16>) -> vector<[4]xf16>
  return %r : vector<[4]xf16>
}

// -----

// CHECK: verifier-crashes.mlir:[[@LINE+2]]:8: error: 'amdgpu.dpp' op needs an integer or float source
func.func @commented(%a: vector<[4]xf16>) -> vector<[4]xf16> {
  %r = "amdgpu.dpp" // the operands
    (%a, %a) <{bank_mask = 15 : i32, bound_ctrl = false, kind = #amdgpu<dpp_perm row_shl>, permArgument = 1 : i32, row_mask = 15 : i32}> : (vector<[4]xf16>, vector<[4]xf16>) -> vector<[4]xf16>
  return %r : vector<[4]xf16>
}

// -----

// CHECK: verifier-crashes.mlir:[[@LINE+2]]:8: error: 'amdgpu.dpp' op needs an integer or float source
func.func @index(%a: index) -> index {
  %r = amdgpu.dpp %a %a row_shl(1 : i32) : index
  return %r : index
}

// -----

// The type on the next line: refused on the op's line.
// CHECK: verifier-crashes.mlir:[[@LINE+2]]:8: error: 'amdgpu.dpp' op needs an integer or float source
func.func @next_line(%a: vector<4xi8>) -> vector<4xi8> {
  %r = amdgpu.dpp %a %a row_shl(1 : i32)
    : vector<4xi8>
  return %r : vector<4xi8>
}

// -----

// Integer and float sources are verified as before.
// CHECK: verifier-crashes.mlir:[[@LINE+2]]:8: error: 'amdgpu.dpp' op integer and floating point types larger than 64 bits are not supported
func.func @wide(%a: i128) -> i128 {
  %r = amdgpu.dpp %a %a row_shl(1 : i32) : i128
  return %r : i128
}

// -----

// CHECK-NOT: error
// CHECK: func.func @scalars
// CHECK-COUNT-3: amdgpu.dpp
func.func @scalars(%a: i32, %b: f16, %c: f8E4M3FN) -> (i32, f16, f8E4M3FN) {
  %r = "amdgpu.dpp"(%a, %a) <{bank_mask = 15 : i32, bound_ctrl = false, kind = #amdgpu<dpp_perm row_shl>, permArgument = 1 : i32, row_mask = 15 : i32}> : (i32, i32) -> i32
  %s = amdgpu.dpp %b %b row_shl(1 : i32) : f16
  %t = amdgpu.dpp %c %c row_shl(1 : i32) : f8E4M3FN
  return %r, %s, %t : i32, f16, f8E4M3FN
}
