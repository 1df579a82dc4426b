// tile-verify rules for tile.fill, tile.reduce and tile.atomic_add.
// RUN: tile-opt --split-input-file --verify-diagnostics --tile-verify %s

func.func @fill_value_type(%v: f16) {
  scf.forall (%i) in (1) {
    %f = "tile.alloc"() : () -> memref<64x128xf32, #tile.fragment>
    // expected-error @+1 {{value of type f16 does not match the element type of memref<64x128xf32, #tile.fragment>}}
    "tile.fill"(%f, %v) : (memref<64x128xf32, #tile.fragment>, f16) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 128 : i64}
  return
}

// -----

func.func @fill_outside_kernel(%f: memref<64x128xf32, #tile.fragment>, %v: f32) {
  // expected-error @+1 {{'tile.fill' op must be inside a kernel}}
  "tile.fill"(%f, %v) : (memref<64x128xf32, #tile.fragment>, f32) -> ()
  return
}

// -----

func.func @reduce_kind() {
  scf.forall (%i) in (1) {
    %f = "tile.alloc"() : () -> memref<64x128xf32, #tile.fragment>
    %r = "tile.alloc"() : () -> memref<64xf32, #tile.fragment>
    // expected-error @+1 {{needs kind = "sum", "max", "min", "absmax" or "abssum"}}
    "tile.reduce"(%f, %r) {kind = "mean", dim = 1 : i64} : (memref<64x128xf32, #tile.fragment>, memref<64xf32, #tile.fragment>) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 128 : i64}
  return
}

// -----

func.func @reduce_missing_dim() {
  scf.forall (%i) in (1) {
    %f = "tile.alloc"() : () -> memref<64x128xf32, #tile.fragment>
    %r = "tile.alloc"() : () -> memref<64xf32, #tile.fragment>
    // expected-error @+1 {{needs an integer dim attribute}}
    "tile.reduce"(%f, %r) {kind = "sum"} : (memref<64x128xf32, #tile.fragment>, memref<64xf32, #tile.fragment>) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 128 : i64}
  return
}

// -----

func.func @reduce_dim_range() {
  scf.forall (%i) in (1) {
    %f = "tile.alloc"() : () -> memref<64x128xf32, #tile.fragment>
    %r = "tile.alloc"() : () -> memref<64xf32, #tile.fragment>
    // expected-error @+1 {{dim 2 is out of range for a rank-2 source}}
    "tile.reduce"(%f, %r) {kind = "sum", dim = 2 : i64} : (memref<64x128xf32, #tile.fragment>, memref<64xf32, #tile.fragment>) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 128 : i64}
  return
}

// -----

func.func @reduce_shape() {
  scf.forall (%i) in (1) {
    %f = "tile.alloc"() : () -> memref<64x128xf32, #tile.fragment>
    %r = "tile.alloc"() : () -> memref<64xf32, #tile.fragment>
    // expected-error @+1 {{must have the shape of source memref<64x128xf32, #tile.fragment> without dimension 0}}
    "tile.reduce"(%f, %r) {kind = "sum", dim = 0 : i64} : (memref<64x128xf32, #tile.fragment>, memref<64xf32, #tile.fragment>) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 128 : i64}
  return
}

// -----

func.func @reduce_types() {
  scf.forall (%i) in (1) {
    %f = "tile.alloc"() : () -> memref<64x128xf32, #tile.fragment>
    %r = "tile.alloc"() : () -> memref<64xf16, #tile.fragment>
    // expected-error @+1 {{source and dest must have the same element type, got f32 and f16}}
    "tile.reduce"(%f, %r) {kind = "max", dim = 1 : i64} : (memref<64x128xf32, #tile.fragment>, memref<64xf16, #tile.fragment>) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 128 : i64}
  return
}

// -----

func.func @reduce_clear_type() {
  scf.forall (%i) in (1) {
    %f = "tile.alloc"() : () -> memref<64x128xf32, #tile.fragment>
    %r = "tile.alloc"() : () -> memref<64xf32, #tile.fragment>
    // expected-error @+1 {{clear must be a bool attribute}}
    "tile.reduce"(%f, %r) {kind = "max", dim = 1 : i64, clear = 0 : i64} : (memref<64x128xf32, #tile.fragment>, memref<64xf32, #tile.fragment>) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 128 : i64}
  return
}

// -----

func.func @reduce_global(%out: memref<64xf32>) {
  scf.forall (%i) in (1) {
    %f = "tile.alloc"() : () -> memref<64x128xf32, #tile.fragment>
    // expected-error @+1 {{dest must be in shared, fragment or local scope, got global}}
    "tile.reduce"(%f, %out) {kind = "max", dim = 1 : i64} : (memref<64x128xf32, #tile.fragment>, memref<64xf32>) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 128 : i64}
  return
}

// -----

func.func @atomic_dest_scope(%i: index) {
  scf.forall (%b) in (1) {
    %f = "tile.alloc"() : () -> memref<64x128xf32, #tile.fragment>
    %g = "tile.alloc"() : () -> memref<128x128xf32, #tile.fragment>
    // expected-error @+1 {{dest must be in global or shared scope, got fragment}}
    "tile.atomic_add"(%f, %g, %i, %i) : (memref<64x128xf32, #tile.fragment>, memref<128x128xf32, #tile.fragment>, index, index) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 128 : i64}
  return
}

// -----

func.func @atomic_offsets(%out: memref<?x?xf32>, %i: index) {
  scf.forall (%b) in (1) {
    %f = "tile.alloc"() : () -> memref<64x128xf32, #tile.fragment>
    // expected-error @+1 {{dest has rank 2 and takes one offset per dimension, got 1}}
    "tile.atomic_add"(%f, %out, %i) : (memref<64x128xf32, #tile.fragment>, memref<?x?xf32>, index) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 128 : i64}
  return
}

// -----

func.func @atomic_types(%out: memref<?x?xf16>, %i: index) {
  scf.forall (%b) in (1) {
    %f = "tile.alloc"() : () -> memref<64x128xf32, #tile.fragment>
    // expected-error @+1 {{source and dest must have the same element type, got f32 and f16}}
    "tile.atomic_add"(%f, %out, %i, %i) : (memref<64x128xf32, #tile.fragment>, memref<?x?xf16>, index, index) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 128 : i64}
  return
}

// -----

func.func @atomic_element_kind(%out: memref<?x?xi8>, %i: index) {
  scf.forall (%b) in (1) {
    %f = "tile.alloc"() : () -> memref<16x16xi8, #tile.fragment>
    // expected-error @+1 {{atomic add is not available for i8 elements}}
    "tile.atomic_add"(%f, %out, %i, %i) : (memref<16x16xi8, #tile.fragment>, memref<?x?xi8>, index, index) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 128 : i64}
  return
}
