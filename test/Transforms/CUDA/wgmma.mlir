// tile-cuda-wgmma on sm_90a: TMA descriptors made on the host, a choice of
// kernel by row alignment, mbarrier stages, warpgroup MMA carried through
// the K loop, the accumulator stored to shared memory for the epilogue.
// RUN: tile-opt --tile-cuda-wgmma %S/../../Target/CUDA/Inputs/gemm_128x128x64.mlir | FileCheck %s
// RUN: tile-opt --tile-cuda-wgmma=chip=sm_90 %S/../../Target/CUDA/Inputs/gemm_128x128x64.mlir | FileCheck %s --check-prefix=SM90
// RUN: tile-opt --tile-cuda-wgmma %examples/gemm.mlir | FileCheck %s --check-prefix=K32

// CHECK-LABEL: func.func @gemm
// CHECK: memref.extract_aligned_pointer_as_index
// CHECK: scf.if
// CHECK: memref.cast %{{.*}} : memref<?x?xf16> to memref<*xf16>
// CHECK: %[[DA:.*]] = nvgpu.tma.create.descriptor %{{.*}} box[%{{.*}}, %{{.*}}] : memref<*xf16> -> <tensor = memref<128x64xf16, 3>, swizzle = swizzle_128b
// CHECK: %[[DB:.*]] = nvgpu.tma.create.descriptor %{{.*}} box[%{{.*}}, %{{.*}}] : memref<*xf16> -> <tensor = memref<64x64xf16, 3>, swizzle = swizzle_128b
// CHECK: scf.forall
// CHECK: gpu.dynamic_shared_memory
// CHECK: nvgpu.mbarrier.create -> <memorySpace = #gpu.address_space<workgroup>, num_barriers = 3>
// CHECK-COUNT-3: nvgpu.mbarrier.init
// The leader issues the TMA loads: its barriers are made visible to the
// async proxy, the host-written descriptors fenced and prefetched.
// CHECK-NEXT: nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
// CHECK-NEXT: nvgpu.tma.fence.descriptor %[[DA]]
// CHECK-NEXT: nvgpu.tma.prefetch.descriptor %[[DA]]
// CHECK-NEXT: nvgpu.tma.fence.descriptor %[[DB]]
// CHECK-NEXT: nvgpu.tma.prefetch.descriptor %[[DB]]
// CHECK: gpu.barrier
// Prologue: two stages of one A and two B boxes each, 32 KiB expected.
// CHECK: nvgpu.mbarrier.arrive.expect_tx %{{.*}}, %c32768
// CHECK-COUNT-3: nvgpu.tma.async.load
// CHECK: nvgpu.mbarrier.arrive.expect_tx %{{.*}}, %c32768
// CHECK-COUNT-3: nvgpu.tma.async.load
// CHECK: nvgpu.warpgroup.mma.init.accumulator -> <fragmented = vector<128x128xf32>>
// CHECK: scf.for {{.*}} iter_args
// CHECK: nvgpu.mbarrier.try_wait.parity
// CHECK: nvgpu.warpgroup.generate.descriptor
// CHECK: nvgpu.warpgroup.generate.descriptor
// CHECK: nvgpu.warpgroup.mma {{.*}} {transposeB}
// CHECK: nvvm.wgmma.wait.group.sync.aligned 0
// CHECK: gpu.barrier
// CHECK: nvgpu.tma.async.load
// CHECK: scf.yield
// CHECK: nvgpu.warpgroup.mma.store
// CHECK: "tile.copy"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) {{.*}} : (memref<128x128xf32, #gpu.address_space<workgroup>>, memref<?x?xf32>
// CHECK: tile.dynamic_shared_bytes = 163840 : i64
// Unaligned rows run the original kernel (left for tile-cuda-mma).
// CHECK: } else {
// CHECK: "tile.gemm"

// Not sm_90a: nothing changes.
// SM90-NOT: nvgpu
// SM90: "tile.gemm"

// K tiles of 32 are not 128-byte rows: not this path.
// K32-NOT: nvgpu
// K32: "tile.gemm"
