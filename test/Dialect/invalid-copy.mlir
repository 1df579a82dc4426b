// tile-verify rules for tile.copy, one chunk per rule.
// RUN: tile-opt --split-input-file --verify-diagnostics --tile-verify %s

func.func @offsets_on_both_sides(%A: memref<?x?xf16>, %i: index) {
  scf.forall (%b) in (1) {
    %s = "tile.alloc"() : () -> memref<64x32xf16, #gpu.address_space<workgroup>>
    // expected-error @+1 {{takes offsets for one side only (the larger buffer); got 2 source and 2 dest offsets}}
    "tile.copy"(%A, %s, %i, %i, %i, %i) {operandSegmentSizes = array<i32: 1, 1, 2, 2>}
        : (memref<?x?xf16>, memref<64x32xf16, #gpu.address_space<workgroup>>, index, index, index, index) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 128 : i64}
  return
}

// -----

func.func @offset_count(%A: memref<?x?xf16>, %i: index) {
  scf.forall (%b) in (1) {
    %s = "tile.alloc"() : () -> memref<64x32xf16, #gpu.address_space<workgroup>>
    // expected-error @+1 {{source has rank 2 and takes one offset per dimension, got 1}}
    "tile.copy"(%A, %s, %i) {operandSegmentSizes = array<i32: 1, 1, 1, 0>}
        : (memref<?x?xf16>, memref<64x32xf16, #gpu.address_space<workgroup>>, index) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 128 : i64}
  return
}

// -----

func.func @window_rank_below_tile_rank(%A: memref<?xf16>, %i: index) {
  scf.forall (%b) in (1) {
    %s = "tile.alloc"() : () -> memref<64x32xf16, #gpu.address_space<workgroup>>
    // expected-error @+1 {{source has rank 1, lower than the rank 2 of dest}}
    "tile.copy"(%A, %s, %i) {operandSegmentSizes = array<i32: 1, 1, 1, 0>}
        : (memref<?xf16>, memref<64x32xf16, #gpu.address_space<workgroup>>, index) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 128 : i64}
  return
}

// -----

func.func @dynamic_tile(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %i: index) {
  // expected-error @+1 {{dest gives the extent of the window and must be statically shaped}}
  "tile.copy"(%A, %B, %i, %i) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
      : (memref<?x?xf16>, memref<?x?xf16>, index, index) -> ()
  return
}

// -----

func.func @shapes_without_offsets() {
  scf.forall (%b) in (1) {
    %s = "tile.alloc"() : () -> memref<64x32xf16, #gpu.address_space<workgroup>>
    %f = "tile.alloc"() : () -> memref<32x64xf16, #tile.fragment>
    // expected-error @+1 {{without offsets, source and dest must have the same static shape}}
    "tile.copy"(%s, %f) {operandSegmentSizes = array<i32: 1, 1, 0, 0>}
        : (memref<64x32xf16, #gpu.address_space<workgroup>>, memref<32x64xf16, #tile.fragment>) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 128 : i64}
  return
}

// -----

func.func @float_to_int() {
  scf.forall (%b) in (1) {
    %s = "tile.alloc"() : () -> memref<64x32xf16, #gpu.address_space<workgroup>>
    %f = "tile.alloc"() : () -> memref<64x32xi32, #tile.fragment>
    // expected-error @+1 {{cannot convert f16 elements to i32}}
    "tile.copy"(%s, %f) {operandSegmentSizes = array<i32: 1, 1, 0, 0>}
        : (memref<64x32xf16, #gpu.address_space<workgroup>>, memref<64x32xi32, #tile.fragment>) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 128 : i64}
  return
}

// -----

func.func @pad_type(%A: memref<?x?xf16>, %i: index) {
  scf.forall (%b) in (1) {
    %s = "tile.alloc"() : () -> memref<64x32xf16, #gpu.address_space<workgroup>>
    // expected-error @+1 {{pad must be a f16 constant (the source element type), got 0.000000e+00 : f32}}
    "tile.copy"(%A, %s, %i, %i) {operandSegmentSizes = array<i32: 1, 1, 2, 0>, pad = 0.0 : f32}
        : (memref<?x?xf16>, memref<64x32xf16, #gpu.address_space<workgroup>>, index, index) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 128 : i64}
  return
}

// -----

func.func @pad_on_a_store(%C: memref<?x?xf16>, %i: index) {
  scf.forall (%b) in (1) {
    %s = "tile.alloc"() : () -> memref<64x32xf16, #gpu.address_space<workgroup>>
    // expected-error @+1 {{pad has no effect}}
    "tile.copy"(%s, %C, %i, %i) {operandSegmentSizes = array<i32: 1, 1, 0, 2>, pad = 0.0 : f16}
        : (memref<64x32xf16, #gpu.address_space<workgroup>>, memref<?x?xf16>, index, index) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 128 : i64}
  return
}

// -----

func.func @unknown_attribute(%A: memref<?x?xf16>, %i: index) {
  scf.forall (%b) in (1) {
    %s = "tile.alloc"() : () -> memref<64x32xf16, #gpu.address_space<workgroup>>
    // expected-error @+1 {{has unknown attribute 'padding' (valid: pad)}}
    "tile.copy"(%A, %s, %i, %i) {operandSegmentSizes = array<i32: 1, 1, 2, 0>, padding = 0.0 : f16}
        : (memref<?x?xf16>, memref<64x32xf16, #gpu.address_space<workgroup>>, index, index) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 128 : i64}
  return
}

// -----

func.func @invalid_scope(%A: memref<64x32xf16, 9>) {
  scf.forall (%b) in (1) {
    %s = "tile.alloc"() : () -> memref<64x32xf16, #gpu.address_space<workgroup>>
    // expected-error @+1 {{operand #0 has memory space memref<64x32xf16, 9>, which is not a tile scope}}
    "tile.copy"(%A, %s) {operandSegmentSizes = array<i32: 1, 1, 0, 0>}
        : (memref<64x32xf16, 9>, memref<64x32xf16, #gpu.address_space<workgroup>>) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 128 : i64}
  return
}

// -----

func.func @shared_outside_kernel(%A: memref<?x?xf16>, %s: memref<64x32xf16, #gpu.address_space<workgroup>>, %i: index) {
  // expected-error @+1 {{'tile.copy' op must be inside a kernel}}
  "tile.copy"(%A, %s, %i, %i) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
      : (memref<?x?xf16>, memref<64x32xf16, #gpu.address_space<workgroup>>, index, index) -> ()
  return
}

// -----

func.func @offsets_are_indices(%A: memref<?x?xf16>, %i: i32) {
  scf.forall (%b) in (1) {
    %s = "tile.alloc"() : () -> memref<64x32xf16, #gpu.address_space<workgroup>>
    // expected-error @+1 {{expected 'index' but got 'i32'}}
    "tile.copy"(%A, %s, %i, %i) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
        : (memref<?x?xf16>, memref<64x32xf16, #gpu.address_space<workgroup>>, i32, i32) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 128 : i64}
  return
}

// -----

func.func @in_a_parallel_loop(%A: memref<?x?xf16>, %i: index) {
  scf.forall (%b) in (1) {
    %s = "tile.alloc"() : () -> memref<64x32xf16, #gpu.address_space<workgroup>>
    scf.forall (%x) in (4) {
      // expected-error @+1 {{cannot be used inside a thread-parallel loop}}
      "tile.copy"(%A, %s, %i, %x) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
          : (memref<?x?xf16>, memref<64x32xf16, #gpu.address_space<workgroup>>, index, index) -> ()
    }
  } {mapping = [#gpu.block<x>], tile.threads = 128 : i64}
  return
}
