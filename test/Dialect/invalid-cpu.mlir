// The rules of the tile_cpu ops that hold on any chip (tile-cpu-verify)
// and the attribute kinds IRDL checks; one chunk per rule.
// RUN: tile-opt --split-input-file --verify-diagnostics --tile-cpu-verify %s

func.func @outside_kernel() {
  // expected-error @+1 {{'tile_cpu.micro_kernel' op must be directly in a kernel body (an scf.forall mapped to #gpu.block ids)}}
  "tile_cpu.micro_kernel"() {rows = 6 : i64, vectors = 2 : i64, unroll = 4 : i64} : () -> ()
  return
}

// -----

func.func @nested_in_kernel(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.forall (%b) in (4) {
    scf.for %i = %c0 to %n step %c1 {
      // expected-error @+1 {{'tile_cpu.packing' op must be directly in a kernel body}}
      "tile_cpu.packing"() {a = false, b = true} : () -> ()
    }
  } {mapping = [#gpu.block<x>], tile.threads = 1 : i64}
  return
}

// -----

func.func @thread_loop_is_no_kernel() {
  scf.forall (%t) in (4) {
    // expected-error @+1 {{'tile_cpu.prefetch' op must be directly in a kernel body}}
    "tile_cpu.prefetch"() {distance = 8 : i64} : () -> ()
  }
  return
}

// -----

func.func @repeated() {
  scf.forall (%b) in (4) {
    "tile_cpu.prefetch"() {distance = 8 : i64} : () -> ()
    // expected-error @+1 {{'tile_cpu.prefetch' op repeats a choice: a kernel holds at most one of this op}}
    "tile_cpu.prefetch"() {distance = 16 : i64} : () -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 1 : i64}
  return
}

// -----

// Every bad attribute of an op is reported.
func.func @zero_rows_and_unroll() {
  scf.forall (%b) in (4) {
    // expected-error @+2 {{'tile_cpu.micro_kernel' op expects 'rows' to be at least 1, got 0}}
    // expected-error @+1 {{'tile_cpu.micro_kernel' op expects 'unroll' to be at least 1, got 0}}
    "tile_cpu.micro_kernel"() {rows = 0 : i64, vectors = 2 : i64, unroll = 0 : i64} : () -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 1 : i64}
  return
}

// -----

func.func @negative_vectors() {
  scf.forall (%b) in (4) {
    // expected-error @+1 {{'tile_cpu.micro_kernel' op expects 'vectors' to be at least 1, got -2}}
    "tile_cpu.micro_kernel"() {rows = 6 : i64, vectors = -2 : i64, unroll = 4 : i64} : () -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 1 : i64}
  return
}

// -----

func.func @negative_distance() {
  scf.forall (%b) in (4) {
    // expected-error @+1 {{'tile_cpu.prefetch' op expects 'distance' to be at least 0, got -8}}
    "tile_cpu.prefetch"() {distance = -8 : i64} : () -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 1 : i64}
  return
}

// -----

// The prefetched row's offset (distance x stride) must not wrap.
func.func @huge_distance() {
  scf.forall (%b) in (4) {
    // expected-error @+1 {{'tile_cpu.prefetch' op expects 'distance' to be at most 65536 rows, got 9223372036854775807}}
    "tile_cpu.prefetch"() {distance = 9223372036854775807 : i64} : () -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 1 : i64}
  return
}

// -----

func.func @i32_rows() {
  scf.forall (%b) in (4) {
    // expected-error @+1 {{'tile_cpu.micro_kernel' op expects 'rows' to be an i64 integer attribute}}
    "tile_cpu.micro_kernel"() {rows = 6 : i32, vectors = 2 : i64, unroll = 4 : i64} : () -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 1 : i64}
  return
}

// -----

func.func @integer_for_bool() {
  scf.forall (%b) in (4) {
    // expected-error @+1 {{'tile_cpu.packing' op expects 'b' to be a bool attribute (true or false)}}
    "tile_cpu.packing"() {a = true, b = 1 : i64} : () -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 1 : i64}
  return
}

// -----

func.func @float_distance() {
  scf.forall (%b) in (4) {
    // expected-error @+1 {{expected base attribute 'builtin.integer' but got 'builtin.float'}}
    "tile_cpu.prefetch"() {distance = 8.0 : f32} : () -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 1 : i64}
  return
}

// -----

func.func @missing_b() {
  scf.forall (%b) in (4) {
    // expected-error @+1 {{'tile_cpu.packing' op attribute "b" is expected but not provided}}
    "tile_cpu.packing"() {a = false} : () -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 1 : i64}
  return
}
