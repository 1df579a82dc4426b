// tile-vulkan-subgroup on its own (the pipeline runs tile-verify and
// tile-vulkan-verify first): input that breaks the rules is reported at the
// op, and a kernel without tile.threads (which crashed it) at the kernel.
// RUN: tile-opt --split-input-file --verify-diagnostics --tile-vulkan-subgroup %s
func.func @no_thread_count() {
  // expected-error @+1 {{'scf.forall' op kernel loop needs a tile.threads attribute (threads per block)}}
  scf.forall (%b) in (4) {
    "tile_vulkan.subgroup"() {size = 8 : i64} : () -> ()
  } {mapping = [#gpu.block<x>]}
  return
}

// -----

func.func @bad_size_unverified() {
  scf.forall (%b) in (4) {
    // expected-error @+1 {{'tile_vulkan.subgroup' op expects 'size' to be a power of two from 1 to 128 (a Vulkan subgroup size), got 12}}
    "tile_vulkan.subgroup"() {size = 12 : i64} : () -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 96 : i64}
  return
}
