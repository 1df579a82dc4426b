// The limits passes on their own (tile-verify, which bounds tile.threads to
// [1, 1024] for every target, does not run here): threads per block beyond
// the target's are reported at the kernel.
// RUN: tile-opt --split-input-file --verify-diagnostics --tile-cuda-limits=chip=sm_75 %s -o /dev/null
// RUN: tile-opt --split-input-file --verify-diagnostics --tile-rocm-limits=chip=gfx90a %s -o /dev/null
// RUN: tile-opt --split-input-file --verify-diagnostics --tile-vulkan-limits %s -o /dev/null
// RUN: not tile-opt --tile-cuda-limits=chip=sm_99 %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=CHIP
// CHIP: error: invalid value 'sm_99' for option 'chip' of pass 'tile-cuda-limits': unknown cuda chip 'sm_99'

func.func @threads() {
  // expected-error-re @+1 {{'scf.forall' op kernel has 2048 threads per block (tile.threads); {{cuda:sm_75|rocm:gfx90a|vulkan}} runs at most 1024}}
  scf.forall (%b) in (4) {
  } {mapping = [#gpu.block<x>], tile.threads = 2048 : i64}
  return
}
