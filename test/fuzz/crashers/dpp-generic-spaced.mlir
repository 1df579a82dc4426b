// amdgpu.dpp in generic form with a blank before its operands, on a
// vector: MLIR 22's verifier of the op crashes (found by tile-fuzz).
func.func @scalable(%a: vector<[4]xf16>) -> vector<[4]xf16> {
  %r = "amdgpu.dpp" (%a, %a) <{bank_mask = 15 : i32, bound_ctrl = false, kind = #amdgpu<dpp_perm row_shl>, permArgument = 1 : i32, row_mask = 15 : i32}> : (vector<[4]xf16>, vector<[4]xf16>) -> vector<[4]xf16>
  return %r : vector<[4]xf16>
}
