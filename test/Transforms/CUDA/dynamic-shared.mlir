// tile-cuda-dynamic-shared: shared tiles at 1024-byte aligned offsets of
// dynamic shared memory, mbarrier groups after them at 8-byte offsets (no
// static shared variable beside the region), the total on the kernel.
// RUN: tile-opt --split-input-file --tile-cuda-dynamic-shared %s | FileCheck %s
// RUN: tile-opt --tile-cuda-wgmma --tile-cuda-dynamic-shared %S/../../Target/CUDA/Inputs/gemm_128x128x64.mlir | FileCheck %s --check-prefix=WGMMA

// CHECK-LABEL: func.func @tiles_and_barriers
// CHECK: scf.forall
// CHECK: %[[BASE:.*]] = gpu.dynamic_shared_memory {tile.dynamic_shared_bytes = 1048 : i64}
// CHECK: %[[C0:.*]] = arith.constant 0 : index
// CHECK: %[[A:.*]] = memref.view %[[BASE]][%[[C0]]][] {{.*}} to memref<10x10xf32, #gpu.address_space<workgroup>>
// CHECK: %[[C1024:.*]] = arith.constant 1024 : index
// CHECK: memref.view %[[BASE]][%[[C1024]]][] {{.*}} to memref<3xf16, #gpu.address_space<workgroup>>
// CHECK: %[[C1032:.*]] = arith.constant 1032 : index
// CHECK: %[[WORDS:.*]] = memref.view %[[BASE]][%[[C1032]]][] {{.*}} to memref<2xi64, #gpu.address_space<workgroup>>
// CHECK: %[[GROUP:.*]] = builtin.unrealized_conversion_cast %[[WORDS]] : memref<2xi64, #gpu.address_space<workgroup>> to !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>, num_barriers = 2>
// CHECK-NOT: tile.alloc
// CHECK-NOT: nvgpu.mbarrier.create
// CHECK: nvgpu.mbarrier.init %[[GROUP]]
// CHECK: "tile.fill"(%[[A]],
// CHECK: tile.dynamic_shared_bytes = 1048 : i64
func.func @tiles_and_barriers() {
  %c1 = arith.constant 1 : index
  scf.forall (%b) in (%c1) {
    %a = "tile.alloc"() : () -> memref<10x10xf32, #gpu.address_space<workgroup>>
    %h = "tile.alloc"() : () -> memref<3xf16, #gpu.address_space<workgroup>>
    %g = nvgpu.mbarrier.create -> !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>, num_barriers = 2>
    %c0 = arith.constant 0 : index
    nvgpu.mbarrier.init %g[%c0], %c1 : !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>, num_barriers = 2>
    %f = arith.constant 1.0 : f32
    "tile.fill"(%a, %f) : (memref<10x10xf32, #gpu.address_space<workgroup>>, f32) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 32 : i64}
  return
}

// -----

// A group of one barrier prints without num_barriers.
// CHECK-LABEL: func.func @one_barrier
// CHECK: memref.view {{.*}}[%c0{{.*}}][] {{.*}} to memref<1xi64, #gpu.address_space<workgroup>>
// CHECK: tile.dynamic_shared_bytes = 8 : i64
func.func @one_barrier() {
  %c1 = arith.constant 1 : index
  scf.forall (%b) in (%c1) {
    %g = nvgpu.mbarrier.create -> !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
    %c0 = arith.constant 0 : index
    nvgpu.mbarrier.init %g[%c0], %c1 : !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
  } {mapping = [#gpu.block<x>], tile.threads = 32 : i64}
  return
}

// The TMA kernel reserves 3 stages of 32 KiB and a 64 KiB accumulator; its
// three stage barriers follow at byte 163840; the fallback kernel's padded
// tiles start at 0.
// WGMMA: scf.if
// WGMMA: scf.forall
// WGMMA: gpu.dynamic_shared_memory {tile.dynamic_shared_bytes = 163864 : i64}
// WGMMA: %[[OFF:.*]] = arith.constant 163840 : index
// WGMMA: %[[WORDS:.*]] = memref.view %{{.*}}[%[[OFF]]][] {{.*}} to memref<3xi64, #gpu.address_space<workgroup>>
// WGMMA: builtin.unrealized_conversion_cast %[[WORDS]] {{.*}} to !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>, num_barriers = 3>
// WGMMA-NOT: nvgpu.mbarrier.create
// WGMMA: } else {
