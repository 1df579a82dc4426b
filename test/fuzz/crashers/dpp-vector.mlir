// amdgpu.dpp on a vector: MLIR 22's verifier of the op reads the source's
// bit width as that of a scalar and crashes (mlir-opt 22 too).
func.func @f(%a: vector<4xi8>) -> vector<4xi8> {
  %r = amdgpu.dpp %a %a row_shl(1 : i32) : vector<4xi8>
  return %r : vector<4xi8>
}
