// The rules of the tile_vulkan ops that hold on any device
// (tile-vulkan-verify) and the attribute kinds IRDL checks; one chunk per
// rule.
// RUN: tile-opt --split-input-file --verify-diagnostics --tile-vulkan-verify %s

func.func @outside_kernel() {
  // expected-error @+1 {{'tile_vulkan.subgroup' op must be directly in a kernel body (an scf.forall mapped to #gpu.block ids)}}
  "tile_vulkan.subgroup"() {size = 8 : i64} : () -> ()
  return
}

// -----

func.func @nested_in_kernel(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.forall (%b) in (4) {
    scf.for %i = %c0 to %n step %c1 {
      // expected-error @+1 {{'tile_vulkan.cooperative_matrix' op must be directly in a kernel body}}
      "tile_vulkan.cooperative_matrix"() {m = 16 : i64, n = 16 : i64, k = 16 : i64} : () -> ()
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

// -----

func.func @repeated() {
  scf.forall (%b) in (4) {
    "tile_vulkan.subgroup"() {size = 8 : i64} : () -> ()
    // expected-error @+1 {{'tile_vulkan.subgroup' op repeats a choice: a kernel holds at most one of this op}}
    "tile_vulkan.subgroup"() {size = 16 : i64} : () -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

// -----

func.func @size_not_power_of_two() {
  scf.forall (%b) in (4) {
    // expected-error @+1 {{'tile_vulkan.subgroup' op expects 'size' to be a power of two from 1 to 128 (a Vulkan subgroup size), got 24}}
    "tile_vulkan.subgroup"() {size = 24 : i64} : () -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 96 : i64}
  return
}

// -----

func.func @size_zero() {
  scf.forall (%b) in (4) {
    // expected-error @+1 {{'tile_vulkan.subgroup' op expects 'size' to be a power of two from 1 to 128 (a Vulkan subgroup size), got 0}}
    "tile_vulkan.subgroup"() {size = 0 : i64} : () -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

// -----

func.func @size_too_large() {
  scf.forall (%b) in (4) {
    // expected-error @+1 {{'tile_vulkan.subgroup' op expects 'size' to be a power of two from 1 to 128 (a Vulkan subgroup size), got 256}}
    "tile_vulkan.subgroup"() {size = 256 : i64} : () -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 256 : i64}
  return
}

// -----

func.func @negative_size() {
  scf.forall (%b) in (4) {
    // expected-error @+1 {{'tile_vulkan.subgroup' op expects 'size' to be a power of two from 1 to 128 (a Vulkan subgroup size), got -8}}
    "tile_vulkan.subgroup"() {size = -8 : i64} : () -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

// -----

func.func @i32_size() {
  scf.forall (%b) in (4) {
    // expected-error @+1 {{'tile_vulkan.subgroup' op expects 'size' to be an i64 integer attribute}}
    "tile_vulkan.subgroup"() {size = 8 : i32} : () -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

// -----

func.func @zero_k() {
  scf.forall (%b) in (4) {
    // expected-error @+1 {{'tile_vulkan.cooperative_matrix' op expects 'k' to be at least 1, got 0}}
    "tile_vulkan.cooperative_matrix"() {m = 16 : i64, n = 16 : i64, k = 0 : i64} : () -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

// -----

// Every bad attribute is reported, not only the first.
func.func @two_bad() {
  scf.forall (%b) in (4) {
    // expected-error @+2 {{'tile_vulkan.cooperative_matrix' op expects 'm' to be at least 1, got -16}}
    // expected-error @+1 {{'tile_vulkan.cooperative_matrix' op expects 'n' to be at least 1, got 0}}
    "tile_vulkan.cooperative_matrix"() {m = -16 : i64, n = 0 : i64, k = 16 : i64} : () -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

// -----

func.func @float_size() {
  scf.forall (%b) in (4) {
    // expected-error @+1 {{expected base attribute 'builtin.integer' but got 'builtin.float'}}
    "tile_vulkan.subgroup"() {size = 8.0 : f32} : () -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

// -----

func.func @missing_size() {
  scf.forall (%b) in (4) {
    // expected-error @+1 {{'tile_vulkan.subgroup' op attribute "size" is expected but not provided}}
    "tile_vulkan.subgroup"() : () -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}
