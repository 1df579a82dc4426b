// The rules of the tile_rocm ops that hold on any chip (tile-rocm-verify)
// and the attribute kinds IRDL checks; one chunk per rule.
// RUN: tile-opt --split-input-file --verify-diagnostics --tile-rocm-verify %s

func.func @outside_kernel() {
  // expected-error @+1 {{'tile_rocm.matrix_shape' op must be directly in a kernel body (an scf.forall mapped to #gpu.block ids)}}
  "tile_rocm.matrix_shape"() {m = 16 : i64, n = 16 : i64, k = 16 : i64} : () -> ()
  return
}

// -----

func.func @nested_in_kernel(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.forall (%b) in (4) {
    scf.for %i = %c0 to %n step %c1 {
      // expected-error @+1 {{'tile_rocm.lds_layout' op must be directly in a kernel body}}
      "tile_rocm.lds_layout"() {pad = 4 : i64} : () -> ()
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

// -----

func.func @repeated() {
  scf.forall (%b) in (4) {
    "tile_rocm.matrix_shape"() {m = 16 : i64, n = 16 : i64, k = 16 : i64} : () -> ()
    // expected-error @+1 {{'tile_rocm.matrix_shape' op repeats a choice: a kernel holds at most one of this op}}
    "tile_rocm.matrix_shape"() {m = 32 : i64, n = 32 : i64, k = 8 : i64} : () -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

// -----

func.func @zero_m() {
  scf.forall (%b) in (4) {
    // expected-error @+1 {{'tile_rocm.matrix_shape' op expects 'm' to be at least 1, got 0}}
    "tile_rocm.matrix_shape"() {m = 0 : i64, n = 16 : i64, k = 16 : i64} : () -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

// -----

func.func @negative_pad() {
  scf.forall (%b) in (4) {
    // expected-error @+1 {{'tile_rocm.lds_layout' op expects 'pad' to be at least 0, got -4}}
    "tile_rocm.lds_layout"() {pad = -4 : i64} : () -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

// -----

func.func @i32_k() {
  scf.forall (%b) in (4) {
    // expected-error @+1 {{'tile_rocm.matrix_shape' op expects 'k' to be an i64 integer attribute}}
    "tile_rocm.matrix_shape"() {m = 16 : i64, n = 16 : i64, k = 16 : i32} : () -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

// -----

func.func @float_pad() {
  scf.forall (%b) in (4) {
    // expected-error @+1 {{expected base attribute 'builtin.integer' but got 'builtin.float'}}
    "tile_rocm.lds_layout"() {pad = 4.0 : f32} : () -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

// -----

func.func @missing_n() {
  scf.forall (%b) in (4) {
    // expected-error @+1 {{'tile_rocm.matrix_shape' op attribute "n" is expected but not provided}}
    "tile_rocm.matrix_shape"() {m = 16 : i64, k = 16 : i64} : () -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

// -----

func.func @zero_waves() {
  scf.forall (%b) in (4) {
    // expected-error @+1 {{'tile_rocm.waves_per_eu' op expects 'waves' to be at least 1, got 0}}
    "tile_rocm.waves_per_eu"() {waves = 0 : i64} : () -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

// -----

func.func @repeated_waves() {
  scf.forall (%b) in (4) {
    "tile_rocm.waves_per_eu"() {waves = 2 : i64} : () -> ()
    // expected-error @+1 {{'tile_rocm.waves_per_eu' op repeats a choice: a kernel holds at most one of this op}}
    "tile_rocm.waves_per_eu"() {waves = 4 : i64} : () -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

// -----

func.func @direct_loads_outside_kernel() {
  // expected-error @+1 {{'tile_rocm.direct_loads' op must be directly in a kernel body (an scf.forall mapped to #gpu.block ids)}}
  "tile_rocm.direct_loads"() : () -> ()
  return
}

// -----

func.func @direct_loads_repeated() {
  scf.forall (%b) in (4) {
    "tile_rocm.direct_loads"() : () -> ()
    // expected-error @+1 {{'tile_rocm.direct_loads' op repeats a choice: a kernel holds at most one of this op}}
    "tile_rocm.direct_loads"() : () -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}
