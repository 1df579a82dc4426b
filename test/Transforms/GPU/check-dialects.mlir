// RUN: tile-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics \
// RUN:   --pass-pipeline='builtin.module(tile-gpu-check-dialects{target=cuda foreign=amdgpu})' %s
// A dialect that is no target's (a misspelt one too) is not a foreign dialect.
// RUN: echo 'module {}' | not tile-opt --pass-pipeline='builtin.module(tile-gpu-check-dialects{foreign=nvgpu,amdgu})' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BAD
// BAD: invalid item 'amdgu' in the value of option 'foreign' of pass 'tile-gpu-check-dialects' (expected a comma-separated list of: gpu|nvgpu|nvvm|amdgpu|rocdl|spirv|

// Ops of a listed dialect, and of any backend's extension of the tile
// dialect (tile_<backend>) but the target's own, are reported where they
// are; an extension needs no entry in the other targets' lists.
func.func @foreign() {
  // expected-error @below {{'amdgpu.lds_barrier' op belongs to the amdgpu dialect, which is another target's: the cuda target does not lower it}}
  "amdgpu.lds_barrier"() : () -> ()
  // expected-error @below {{'tile_zeta.choice' op needs --target=zeta: the tile_zeta dialect extends the tile dialect for the zeta backend only, and the cuda target does not lower it}}
  "tile_zeta.choice"() : () -> ()
  // A backend whose name only starts with the target's is another one.
  // expected-error @below {{'tile_cudax.choice' op needs --target=cudax}}
  "tile_cudax.choice"() : () -> ()
  // The target's own extension (a registered dialect now: an op it has)
  // and a bare tile_ prefix pass.
  "tile_cuda.path"() {path = "mma"} : () -> ()
  "tile_.choice"() : () -> ()
  return
}
