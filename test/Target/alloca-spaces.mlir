// A memref.alloca in a kernel is a thread's own array: without a memory
// space or in #gpu.address_space<private> (on cuda and rocm also in the
// integer spaces of the stack, 0 and 5). A fragment is spread over a
// block's threads by the tile passes, which make it from tile.alloc only:
// an alloca of one is reported at the op on every GPU target (the NVVM and
// ROCDL conversions failed on its memory space without a location). So is
// one in workgroup or global memory, or in another integer space: vulkan
// makes Function variables of allocas only ("failed to legalize
// operation"), cuda made a stack array and then read and wrote shared
// memory at its address, and LLVM's AMDGPU back end aborted on one in
// global memory ("Cannot select: FrameIndex").
// RUN: tile-opt --split-input-file --verify-diagnostics --target=cuda:sm_80 --emit=llvm %s -o /dev/null
// RUN: tile-opt --split-input-file --verify-diagnostics --target=rocm:gfx942 --emit=llvm %s -o /dev/null
// RUN: tile-opt --split-input-file --verify-diagnostics --target=vulkan %s -o /dev/null
// RUN: sed 's/#tile.fragment/#gpu.address_space<workgroup>/g' %s | not tile-opt --target=vulkan -o /dev/null 2>&1 | FileCheck %s --check-prefix=WORKGROUP
// WORKGROUP: error: 'memref.alloca' op allocates memref<8xf32, #gpu.address_space<workgroup>>, which vulkan kernels cannot
// RUN: sed 's/#tile.fragment/#gpu.address_space<workgroup>/g' %s | not tile-opt --target=cuda:sm_80 --emit=ptx -o /dev/null 2>&1 | FileCheck %s --check-prefix=WORKGROUP-CUDA
// WORKGROUP-CUDA: error: 'memref.alloca' op allocates memref<8xf32, #gpu.address_space<workgroup>>, which cuda kernels cannot
// RUN: sed 's/#tile.fragment/1/g' %s | not tile-opt --target=rocm:gfx942 --emit=isa -o /dev/null 2>&1 | FileCheck %s --check-prefix=GLOBAL
// GLOBAL: error: 'memref.alloca' op allocates memref<8xf32, 1>, which rocm kernels cannot
// GLOBAL-NOT: LLVM ERROR
// RUN: sed 's/#tile.fragment/3/g' %s | not tile-opt --target=cuda:sm_80 --emit=ptx -o /dev/null 2>&1 | FileCheck %s --check-prefix=SHARED
// SHARED: error: 'memref.alloca' op allocates memref<8xf32, 3>, which cuda kernels cannot
// RUN: sed 's/#tile.fragment/5/g' %s | tile-opt --target=cuda:sm_80 --emit=ptx -o /dev/null
// RUN: sed 's/#tile.fragment/5/g' %s | tile-opt --target=rocm:gfx942 --emit=isa -o /dev/null
// The private ones compile everywhere.
// RUN: sed 's/#tile.fragment/#gpu.address_space<private>/g' %s | tile-opt --target=vulkan --emit=spirv -o /dev/null
// RUN: sed 's/#tile.fragment/#gpu.address_space<private>/g' %s | tile-opt --target=rocm:gfx942 --emit=llvm -o /dev/null

func.func @fragment_alloca(%out: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  scf.forall (%b) in (2) {
    scf.forall (%t) in (64) {
      // expected-error @+1 {{'memref.alloca' op allocates memref<8xf32, #tile.fragment>, which}}
      %a = memref.alloca() : memref<8xf32, #tile.fragment>
      %x = memref.load %out[%c0] : memref<8xf32>
      memref.store %x, %a[%c0] : memref<8xf32, #tile.fragment>
      %y = memref.load %a[%c0] : memref<8xf32, #tile.fragment>
      memref.store %y, %out[%c0] : memref<8xf32>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}
