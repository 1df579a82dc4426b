// The vulkan pipeline obeys tile_vulkan ops or refuses them with a located
// error at the op that says why. Without the op, each of these kernels
// compiles.
// RUN: tile-opt --split-input-file --verify-diagnostics --target=vulkan %s -o /dev/null

func.func @partial_subgroup(%X: memref<?xf32>, %Y: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  scf.forall (%b) in (4) {
    // expected-error @+1 {{'tile_vulkan.subgroup' op cannot be honoured: the kernel's 96 threads are not a whole number of subgroups of 64 (a partial subgroup would shuffle with lanes that do not run)}}
    "tile_vulkan.subgroup"() {size = 64 : i64} : () -> ()
    %t = "tile.alloc"() : () -> memref<96xf32, #tile.fragment>
    "tile.copy"(%X, %t, %c0) {operandSegmentSizes = array<i32: 1, 1, 1, 0>}
        : (memref<?xf32>, memref<96xf32, #tile.fragment>, index) -> ()
    "tile.copy"(%t, %Y, %c0) {operandSegmentSizes = array<i32: 1, 1, 0, 1>}
        : (memref<96xf32, #tile.fragment>, memref<?xf32>, index) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 96 : i64}
  return
}

// -----

// The rules of tile-vulkan-verify hold in the pipeline too.
func.func @bad_size(%X: memref<?xf32>) {
  scf.forall (%b) in (4) {
    // expected-error @+1 {{'tile_vulkan.subgroup' op expects 'size' to be a power of two from 1 to 128 (a Vulkan subgroup size), got 48}}
    "tile_vulkan.subgroup"() {size = 48 : i64} : () -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 96 : i64}
  return
}

// -----

// The kernel attribute the op becomes is the lowering's: written by hand it
// is refused like any unknown tile attribute.
func.func @hand_written_attribute(%X: memref<?xf32>) {
  // expected-error @+1 {{'scf.forall' op has unknown tile attribute 'tile.subgroup_size'}}
  scf.forall (%b) in (4) {
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64, tile.subgroup_size = 8 : i64}
  return
}
