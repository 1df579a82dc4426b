// The rules of the tile_cuda ops that hold on any chip (tile-cuda-verify)
// and the attribute kinds IRDL checks; one chunk per rule.
// RUN: tile-opt --split-input-file --verify-diagnostics --tile-cuda-verify %s

func.func @outside_kernel() {
  // expected-error @+1 {{'tile_cuda.path' op must be directly in a kernel body (an scf.forall mapped to #gpu.block ids)}}
  "tile_cuda.path"() {path = "mma"} : () -> ()
  return
}

// -----

func.func @nested_in_kernel(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.forall (%b) in (4) {
    scf.for %i = %c0 to %n step %c1 {
      // expected-error @+1 {{'tile_cuda.swizzle' op must be directly in a kernel body}}
      "tile_cuda.swizzle"() {a = 128 : i64, b = 128 : i64} : () -> ()
    }
  } {mapping = [#gpu.block<x>], tile.threads = 128 : i64}
  return
}

// -----

func.func @repeated() {
  scf.forall (%b) in (4) {
    "tile_cuda.mma_shape"() {m = 16 : i64, n = 8 : i64, k = 16 : i64} : () -> ()
    // expected-error @+1 {{'tile_cuda.mma_shape' op repeats a choice: a kernel holds at most one of this op}}
    "tile_cuda.mma_shape"() {m = 64 : i64, n = 128 : i64, k = 16 : i64} : () -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 128 : i64}
  return
}

// -----

func.func @unknown_path() {
  scf.forall (%b) in (4) {
    // expected-error @+1 {{'tile_cuda.path' op expects 'path' to be "wgmma_ws", "wgmma", "mma" or "simt", got "tma"}}
    "tile_cuda.path"() {path = "tma"} : () -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 128 : i64}
  return
}

// -----

func.func @integer_path() {
  scf.forall (%b) in (4) {
    // expected-error @+1 {{expected base attribute 'builtin.string' but got 'builtin.integer'}}
    "tile_cuda.path"() {path = 1 : i64} : () -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 128 : i64}
  return
}

// -----

func.func @zero_n() {
  scf.forall (%b) in (4) {
    // expected-error @+1 {{'tile_cuda.mma_shape' op expects 'n' to be at least 1, got 0}}
    "tile_cuda.mma_shape"() {m = 16 : i64, n = 0 : i64, k = 16 : i64} : () -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 128 : i64}
  return
}

// -----

func.func @i32_k() {
  scf.forall (%b) in (4) {
    // expected-error @+1 {{'tile_cuda.mma_shape' op expects 'k' to be an i64 integer attribute}}
    "tile_cuda.mma_shape"() {m = 16 : i64, n = 8 : i64, k = 16 : i32} : () -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 128 : i64}
  return
}

// -----

func.func @missing_m() {
  scf.forall (%b) in (4) {
    // expected-error @+1 {{'tile_cuda.mma_shape' op attribute "m" is expected but not provided}}
    "tile_cuda.mma_shape"() {n = 8 : i64, k = 16 : i64} : () -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 128 : i64}
  return
}

// -----

func.func @odd_swizzle() {
  scf.forall (%b) in (4) {
    // expected-error @+1 {{'tile_cuda.swizzle' op expects 'b' to be a swizzle of 128, 64 or 32 bytes, or 0 for none, got 96}}
    "tile_cuda.swizzle"() {a = 128 : i64, b = 96 : i64} : () -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 128 : i64}
  return
}

// -----

// Both bad attributes are reported.
func.func @registers_out_of_range() {
  scf.forall (%b) in (4) {
    // expected-error @+2 {{'tile_cuda.warp_specialize' op expects 'producer_registers' to be a register count setmaxnreg takes (a multiple of 8 from 24 to 256), got 16}}
    // expected-error @+1 {{'tile_cuda.warp_specialize' op expects 'consumer_registers' to be a register count setmaxnreg takes (a multiple of 8 from 24 to 256), got 230}}
    "tile_cuda.warp_specialize"() {producer_registers = 16 : i64, consumer_registers = 230 : i64} : () -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 384 : i64}
  return
}

// -----

func.func @float_registers() {
  scf.forall (%b) in (4) {
    // expected-error @+1 {{expected base attribute 'builtin.integer' but got 'builtin.float'}}
    "tile_cuda.warp_specialize"() {producer_registers = 40.0 : f32, consumer_registers = 232 : i64} : () -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 384 : i64}
  return
}

// -----

func.func @unknown_op() {
  scf.forall (%b) in (4) {
    // expected-error @+1 {{unregistered operation 'tile_cuda.tma_multicast' found in dialect ('tile_cuda') that does not allow unknown operations}}
    "tile_cuda.tma_multicast"() : () -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 128 : i64}
  return
}

// -----

func.func @zero_group_rows() {
  scf.forall (%b) in (4) {
    // expected-error @+1 {{'tile_cuda.rasterize' op expects 'group_rows' to be at least 1, got 0}}
    "tile_cuda.rasterize"() {group_rows = 0 : i64} : () -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 128 : i64}
  return
}
