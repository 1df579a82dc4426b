// tile-verify rules for tile.alloc, one chunk per rule.
// RUN: tile-opt --split-input-file --verify-diagnostics --tile-verify %s

func.func @global_scope() {
  scf.forall (%b) in (1) {
    // expected-error @+1 {{'tile.alloc' op result must be in shared, fragment or local scope}}
    %a = "tile.alloc"() : () -> memref<16xf32>
  } {mapping = [#gpu.block<x>], tile.threads = 32 : i64}
  return
}

// -----

func.func @dynamic_shape() {
  scf.forall (%b) in (1) {
    // expected-error @+1 {{'tile.alloc' op result must be statically shaped}}
    %a = "tile.alloc"() : () -> memref<?xf32, #gpu.address_space<workgroup>>
  } {mapping = [#gpu.block<x>], tile.threads = 32 : i64}
  return
}

// -----

func.func @strided_layout() {
  scf.forall (%b) in (1) {
    // expected-error @+1 {{'tile.alloc' op result must have the identity layout}}
    %a = "tile.alloc"() : () -> memref<16x16xf32, strided<[1, 16]>, #gpu.address_space<workgroup>>
  } {mapping = [#gpu.block<x>], tile.threads = 32 : i64}
  return
}

// -----

func.func @unknown_memory_space() {
  scf.forall (%b) in (1) {
    // expected-error @+1 {{'tile.alloc' op result must be in shared, fragment or local scope}}
    %a = "tile.alloc"() : () -> memref<16xf32, 7>
  } {mapping = [#gpu.block<x>], tile.threads = 32 : i64}
  return
}

// -----

func.func @outside_kernel() {
  // expected-error @+1 {{'tile.alloc' op must be inside a kernel}}
  %a = "tile.alloc"() : () -> memref<16xf32, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @needs_a_result() {
  scf.forall (%b) in (1) {
    // expected-error @+1 {{op expects exactly 1 results, but got 0}}
    "tile.alloc"() : () -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 32 : i64}
  return
}

// -----

func.func @too_large() {
  scf.forall (%b) in (1) {
    // expected-error @+1 {{'tile.alloc' op result memref<65536x65536xf32, #gpu.address_space<workgroup>> needs more than 2147483648 bytes, more than any target gives one block}}
    %a = "tile.alloc"() : () -> memref<65536x65536xf32, #gpu.address_space<workgroup>>
  } {mapping = [#gpu.block<x>], tile.threads = 32 : i64}
  return
}

// -----

func.func @byte_size_overflows() {
  scf.forall (%b) in (1) {
    // expected-error @+1 {{needs more than 2147483648 bytes}}
    %a = "tile.alloc"() : () -> memref<4611686018427387904x4xf32, #tile.fragment>
  } {mapping = [#gpu.block<x>], tile.threads = 32 : i64}
  return
}

// -----

// Tile buffers have at most 8 dimensions (every lowering keeps values per
// dimension in arrays of 8; nine crashed the GPU targets).
func.func @rank_bounded(%A: memref<?x?x?x?x?x?x?x?x?xf32>, %v: f32) {
  %c0 = arith.constant 0 : index
  scf.forall (%b) in (1) {
    // expected-error @+1 {{'tile.alloc' op result has rank 9; tile buffers have at most 8 dimensions}}
    %f = "tile.alloc"() : () -> memref<2x2x2x2x2x2x2x2x2xf32, #tile.fragment>
    // expected-error @+1 {{'tile.fill' op operand #0 has rank 9; tile ops take buffers of at most 8 dimensions}}
    "tile.fill"(%f, %v) : (memref<2x2x2x2x2x2x2x2x2xf32, #tile.fragment>, f32) -> ()
    %g = "tile.alloc"() : () -> memref<2x2xf32, #tile.fragment>
    // expected-error @+1 {{'tile.copy' op operand #1 has rank 9}}
    "tile.copy"(%g, %A, %c0, %c0, %c0, %c0, %c0, %c0, %c0, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 0, 9>} : (memref<2x2xf32, #tile.fragment>, memref<?x?x?x?x?x?x?x?x?xf32>, index, index, index, index, index, index, index, index, index) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 32 : i64}
  return
}
