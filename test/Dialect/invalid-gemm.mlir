// tile-verify rules for tile.gemm, one chunk per rule.
// RUN: tile-opt --split-input-file --verify-diagnostics --tile-verify %s

func.func @k_mismatch() {
  scf.forall (%i) in (1) {
    %a = "tile.alloc"() : () -> memref<64x32xf16, #gpu.address_space<workgroup>>
    %b = "tile.alloc"() : () -> memref<16x64xf16, #gpu.address_space<workgroup>>
    %c = "tile.alloc"() : () -> memref<64x64xf32, #tile.fragment>
    // expected-error @+1 {{K mismatch: op(A) is 64x32 but op(B) is 16x64}}
    "tile.gemm"(%a, %b, %c) : (memref<64x32xf16, #gpu.address_space<workgroup>>, memref<16x64xf16, #gpu.address_space<workgroup>>, memref<64x64xf32, #tile.fragment>) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 128 : i64}
  return
}

// -----

func.func @mn_mismatch() {
  scf.forall (%i) in (1) {
    %a = "tile.alloc"() : () -> memref<64x32xf16, #gpu.address_space<workgroup>>
    %b = "tile.alloc"() : () -> memref<32x64xf16, #gpu.address_space<workgroup>>
    %c = "tile.alloc"() : () -> memref<64x32xf32, #tile.fragment>
    // expected-error @+1 {{C must be 64x64 (M x N of op(A)*op(B)), got memref<64x32xf32, #tile.fragment>}}
    "tile.gemm"(%a, %b, %c) : (memref<64x32xf16, #gpu.address_space<workgroup>>, memref<32x64xf16, #gpu.address_space<workgroup>>, memref<64x32xf32, #tile.fragment>) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 128 : i64}
  return
}

// -----

func.func @transpose_b_changes_k() {
  scf.forall (%i) in (1) {
    %a = "tile.alloc"() : () -> memref<64x32xf16, #gpu.address_space<workgroup>>
    %b = "tile.alloc"() : () -> memref<32x64xf16, #gpu.address_space<workgroup>>
    %c = "tile.alloc"() : () -> memref<64x64xf32, #tile.fragment>
    // expected-error @+2 {{K mismatch: op(A) is 64x32 but op(B) is 64x32}}
    // expected-error @+1 {{C must be 64x32}}
    "tile.gemm"(%a, %b, %c) {transpose_b = true} : (memref<64x32xf16, #gpu.address_space<workgroup>>, memref<32x64xf16, #gpu.address_space<workgroup>>, memref<64x64xf32, #tile.fragment>) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 128 : i64}
  return
}

// -----

func.func @a_b_types() {
  scf.forall (%i) in (1) {
    %a = "tile.alloc"() : () -> memref<64x32xf16, #gpu.address_space<workgroup>>
    %b = "tile.alloc"() : () -> memref<32x64xbf16, #gpu.address_space<workgroup>>
    %c = "tile.alloc"() : () -> memref<64x64xf32, #tile.fragment>
    // expected-error @+1 {{A and B must have the same element type, got f16 and bf16}}
    "tile.gemm"(%a, %b, %c) : (memref<64x32xf16, #gpu.address_space<workgroup>>, memref<32x64xbf16, #gpu.address_space<workgroup>>, memref<64x64xf32, #tile.fragment>) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 128 : i64}
  return
}

// -----

func.func @accumulator_type() {
  scf.forall (%i) in (1) {
    %a = "tile.alloc"() : () -> memref<64x32xf16, #gpu.address_space<workgroup>>
    %b = "tile.alloc"() : () -> memref<32x64xf16, #gpu.address_space<workgroup>>
    %c = "tile.alloc"() : () -> memref<64x64xi32, #tile.fragment>
    // expected-error @+1 {{cannot accumulate f16 products in i32}}
    "tile.gemm"(%a, %b, %c) : (memref<64x32xf16, #gpu.address_space<workgroup>>, memref<32x64xf16, #gpu.address_space<workgroup>>, memref<64x64xi32, #tile.fragment>) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 128 : i64}
  return
}

// -----

func.func @accumulator_scope(%c: memref<64x64xf32, #gpu.address_space<workgroup>>) {
  scf.forall (%i) in (1) {
    %a = "tile.alloc"() : () -> memref<64x32xf16, #gpu.address_space<workgroup>>
    %b = "tile.alloc"() : () -> memref<32x64xf16, #gpu.address_space<workgroup>>
    // expected-error @+1 {{C must be in fragment or local scope, got shared}}
    "tile.gemm"(%a, %b, %c) : (memref<64x32xf16, #gpu.address_space<workgroup>>, memref<32x64xf16, #gpu.address_space<workgroup>>, memref<64x64xf32, #gpu.address_space<workgroup>>) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 128 : i64}
  return
}

// -----

func.func @operand_scope(%a: memref<64x32xf16>) {
  scf.forall (%i) in (1) {
    %b = "tile.alloc"() : () -> memref<32x64xf16, #gpu.address_space<workgroup>>
    %c = "tile.alloc"() : () -> memref<64x64xf32, #tile.fragment>
    // expected-error @+1 {{A must be in shared, fragment or local scope, got global}}
    "tile.gemm"(%a, %b, %c) : (memref<64x32xf16>, memref<32x64xf16, #gpu.address_space<workgroup>>, memref<64x64xf32, #tile.fragment>) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 128 : i64}
  return
}

// -----

func.func @rank() {
  scf.forall (%i) in (1) {
    %a = "tile.alloc"() : () -> memref<2x64x32xf16, #gpu.address_space<workgroup>>
    %b = "tile.alloc"() : () -> memref<32x64xf16, #gpu.address_space<workgroup>>
    %c = "tile.alloc"() : () -> memref<64x64xf32, #tile.fragment>
    // expected-error @+1 {{A must be a static 2-d tile, got memref<2x64x32xf16, #gpu.address_space<workgroup>>}}
    "tile.gemm"(%a, %b, %c) : (memref<2x64x32xf16, #gpu.address_space<workgroup>>, memref<32x64xf16, #gpu.address_space<workgroup>>, memref<64x64xf32, #tile.fragment>) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 128 : i64}
  return
}

// -----

func.func @transpose_flag_type() {
  scf.forall (%i) in (1) {
    %a = "tile.alloc"() : () -> memref<64x32xf16, #gpu.address_space<workgroup>>
    %b = "tile.alloc"() : () -> memref<32x64xf16, #gpu.address_space<workgroup>>
    %c = "tile.alloc"() : () -> memref<64x64xf32, #tile.fragment>
    // expected-error @+1 {{transpose_a must be a bool attribute}}
    "tile.gemm"(%a, %b, %c) {transpose_a = 1 : i32} : (memref<64x32xf16, #gpu.address_space<workgroup>>, memref<32x64xf16, #gpu.address_space<workgroup>>, memref<64x64xf32, #tile.fragment>) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 128 : i64}
  return
}

// -----

func.func @clear_accum_type() {
  scf.forall (%i) in (1) {
    %a = "tile.alloc"() : () -> memref<64x32xf16, #gpu.address_space<workgroup>>
    %b = "tile.alloc"() : () -> memref<32x64xf16, #gpu.address_space<workgroup>>
    %c = "tile.alloc"() : () -> memref<64x64xf32, #tile.fragment>
    // expected-error @+1 {{clear_accum must be a bool attribute}}
    "tile.gemm"(%a, %b, %c) {clear_accum = "yes"} : (memref<64x32xf16, #gpu.address_space<workgroup>>, memref<32x64xf16, #gpu.address_space<workgroup>>, memref<64x64xf32, #tile.fragment>) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 128 : i64}
  return
}

// -----

func.func @policy() {
  scf.forall (%i) in (1) {
    %a = "tile.alloc"() : () -> memref<64x32xf16, #gpu.address_space<workgroup>>
    %b = "tile.alloc"() : () -> memref<32x64xf16, #gpu.address_space<workgroup>>
    %c = "tile.alloc"() : () -> memref<64x64xf32, #tile.fragment>
    // expected-error @+1 {{policy must be "square", "full_row" or "full_col"}}
    "tile.gemm"(%a, %b, %c) {policy = "diagonal"} : (memref<64x32xf16, #gpu.address_space<workgroup>>, memref<32x64xf16, #gpu.address_space<workgroup>>, memref<64x64xf32, #tile.fragment>) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 128 : i64}
  return
}

// -----

func.func @unknown_attribute() {
  scf.forall (%i) in (1) {
    %a = "tile.alloc"() : () -> memref<64x32xf16, #gpu.address_space<workgroup>>
    %b = "tile.alloc"() : () -> memref<32x64xf16, #gpu.address_space<workgroup>>
    %c = "tile.alloc"() : () -> memref<64x64xf32, #tile.fragment>
    // expected-error @+1 {{has unknown attribute 'transposeB' (valid: transpose_a, transpose_b, clear_accum, policy)}}
    "tile.gemm"(%a, %b, %c) {transposeB = true} : (memref<64x32xf16, #gpu.address_space<workgroup>>, memref<32x64xf16, #gpu.address_space<workgroup>>, memref<64x64xf32, #tile.fragment>) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 128 : i64}
  return
}

// -----

func.func @outside_kernel(%a: memref<64x32xf16, #gpu.address_space<workgroup>>, %b: memref<32x64xf16, #gpu.address_space<workgroup>>, %c: memref<64x64xf32, #tile.fragment>) {
  // expected-error @+1 {{'tile.gemm' op must be inside a kernel}}
  "tile.gemm"(%a, %b, %c) : (memref<64x32xf16, #gpu.address_space<workgroup>>, memref<32x64xf16, #gpu.address_space<workgroup>>, memref<64x64xf32, #tile.fragment>) -> ()
  return
}

// -----

func.func @operand_kind(%x: f32) {
  scf.forall (%i) in (1) {
    %a = "tile.alloc"() : () -> memref<64x32xf16, #gpu.address_space<workgroup>>
    %b = "tile.alloc"() : () -> memref<32x64xf16, #gpu.address_space<workgroup>>
    // expected-error @+1 {{expected base type 'builtin.memref' but got 'builtin.f32'}}
    "tile.gemm"(%a, %b, %x) : (memref<64x32xf16, #gpu.address_space<workgroup>>, memref<32x64xf16, #gpu.address_space<workgroup>>, f32) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 128 : i64}
  return
}

// -----

// A flag that is not a bool is the one error: the shapes are not checked
// against a guess of what it meant.
func.func @unit_transpose_b() {
  scf.forall (%i) in (1) {
    %a = "tile.alloc"() : () -> memref<64x32xf16, #gpu.address_space<workgroup>>
    %b = "tile.alloc"() : () -> memref<64x32xf16, #gpu.address_space<workgroup>>
    %c = "tile.alloc"() : () -> memref<64x64xf32, #tile.fragment>
    // expected-error @+1 {{transpose_b must be a bool attribute}}
    "tile.gemm"(%a, %b, %c) {transpose_b} : (memref<64x32xf16, #gpu.address_space<workgroup>>, memref<64x32xf16, #gpu.address_space<workgroup>>, memref<64x64xf32, #tile.fragment>) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 128 : i64}
  return
}
