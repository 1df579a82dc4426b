// tile-cuda-wgmma-ws on sm_90a, for examples/gemm_hopper.mlir (128x256x64
// tiles, 4 stages, 384 threads): TMA descriptors of A, B and C made on the
// host where TMA can describe all three (else a copy of the kernel with
// 256 threads), fenced by the threads that use them, grouped block order, full/empty mbarrier pairs, a producer
// warpgroup issuing TMA loads and two consumer warpgroups running wgmma on
// 64x256 halves with one group in flight, the accumulators stored through
// shared memory by one TMA store.
// RUN: tile-opt --tile-cuda-wgmma-ws %examples/gemm_hopper.mlir | FileCheck %s
// RUN: tile-opt --tile-cuda-wgmma-ws=chip=sm_90 %examples/gemm_hopper.mlir | FileCheck %s --check-prefix=NOT-TAKEN
// RUN: tile-opt --tile-cuda-wgmma-ws %examples/gemm.mlir | FileCheck %s --check-prefix=NOT-TAKEN
// RUN: tile-opt --tile-cuda-wgmma-ws %S/../../Target/CUDA/Inputs/gemm_128x128x64.mlir | FileCheck %s --check-prefix=NOT-TAKEN
// A grid of offsets (from 0 to M and N in steps of the tile): the block
// ids are not the blocks' indices, and the grouped order is left out (it
// took them for indices and computed other offsets).
// Budgets that are not counts setmaxnreg takes (multiples of 8), which
// tile-cuda-verify refuses, are replaced by the pass's own when it runs
// alone (ptxas refused them).
// RUN: sed 's/producer_registers = 40 : i64, consumer_registers = 232 : i64/producer_registers = 44 : i64, consumer_registers = 228 : i64/' %examples/gemm_hopper.mlir | tile-opt --tile-cuda-wgmma-ws | FileCheck %s --check-prefix=UNCHECKED
// UNCHECKED: nvvm.setmaxregister decrease 40
// UNCHECKED: nvvm.setmaxregister increase 232
// RUN: sed -e '/"tile_cuda\./d' -e 's/  scf.forall (%bm, %bn) in (%grid_m, %grid_n) {/  scf.forall (%m0, %n0) = (%c0, %c0) to (%M, %N) step (%c128, %c256) {/' -e '/%m0 = arith.muli %bm, %c128 : index/d' -e '/%n0 = arith.muli %bn, %c256 : index/d' %examples/gemm_hopper.mlir | tile-opt --tile-cuda-wgmma-ws | FileCheck %s --check-prefix=OFFSETS

// CHECK-LABEL: func.func @gemm
// What TMA can describe, for A, B and C: rows of stride 1, the row stride
// and the first element on 16-byte multiples, no empty dimension.
// CHECK: %{{.*}}, %[[OFF:.*]], %[[SIZES:.*]]:2, %[[STRIDES:.*]]:2 = memref.extract_strided_metadata %arg0
// CHECK: %[[PTR:.*]] = memref.extract_aligned_pointer_as_index %arg0
// CHECK: %[[BYTES:.*]] = arith.muli %[[OFF]], %c2
// CHECK: %[[FIRST:.*]] = arith.addi %[[PTR]], %[[BYTES]]
// CHECK: arith.cmpi eq, %[[STRIDES]]#1, %c1
// CHECK: arith.remui %[[STRIDES]]#0, %c8
// CHECK: arith.remui %[[FIRST]], %c16
// CHECK: arith.cmpi ne, %[[SIZES]]#0, %c0
// CHECK: arith.cmpi ne, %[[SIZES]]#1, %c0
// CHECK: memref.extract_strided_metadata %arg1
// C's rows are checked too: a stride of a multiple of 4 f32.
// CHECK: %{{.*}}, %{{.*}}, %{{.*}}:2, %[[CSTRIDES:.*]]:2 = memref.extract_strided_metadata %arg2
// CHECK: arith.remui %[[CSTRIDES]]#0, %c4
// CHECK: scf.if
// CHECK: %[[DA:.*]] = nvgpu.tma.create.descriptor {{.*}} -> <tensor = memref<128x64xf16, 3>, swizzle = swizzle_128b
// CHECK: %[[DB:.*]] = nvgpu.tma.create.descriptor {{.*}} -> <tensor = memref<64x64xf16, 3>, swizzle = swizzle_128b
// CHECK: %[[DC:.*]] = nvgpu.tma.create.descriptor {{.*}} -> <tensor = memref<128x256xf32, 3>, swizzle = none
// CHECK: scf.forall (%[[BM:.*]], %[[BN:.*]]) in
// Grouped block order over the 2-d grid.
// CHECK: arith.muli %[[BM]],
// CHECK: arith.addi %{{.*}}, %[[BN]]
// CHECK: arith.minui
// CHECK: %[[TID:.*]] = gpu.thread_id x
// CHECK: %[[FULL:.*]] = nvgpu.mbarrier.create -> <memorySpace = #gpu.address_space<workgroup>, num_barriers = 4>
// CHECK: %[[EMPTY:.*]] = nvgpu.mbarrier.create -> <memorySpace = #gpu.address_space<workgroup>, num_barriers = 4>
// CHECK: nvgpu.mbarrier.init %[[FULL]][%{{.*}}], %c1
// CHECK: nvgpu.mbarrier.init %[[EMPTY]][%{{.*}}], %c256
// CHECK: gpu.barrier
// The producer warpgroup: thread 0 issues every K tile.
// CHECK: scf.if
// CHECK-NEXT: nvvm.setmaxregister decrease 40
// CHECK: scf.if
// CHECK-NEXT: nvgpu.tma.fence.descriptor %[[DA]]
// CHECK-NEXT: nvgpu.tma.prefetch.descriptor %[[DA]]
// CHECK-NEXT: nvgpu.tma.fence.descriptor %[[DB]]
// CHECK-NEXT: nvgpu.tma.prefetch.descriptor %[[DB]]
// CHECK: scf.for
// CHECK: arith.cmpi ugt
// CHECK: nvgpu.mbarrier.try_wait.parity %[[EMPTY]]
// CHECK: nvgpu.mbarrier.arrive.expect_tx %[[FULL]][%{{.*}}], %c49152
// CHECK: nvgpu.tma.async.load %[[DA]]
// CHECK-COUNT-4: nvgpu.tma.async.load %[[DB]]
// The consumers: 64 rows each.
// CHECK: } else {
// CHECK-NEXT: nvvm.setmaxregister increase 232
// CHECK: nvgpu.warpgroup.mma.init.accumulator -> <fragmented = vector<64x256xf32>>
// CHECK: scf.for {{.*}} iter_args
// CHECK: nvgpu.mbarrier.try_wait.parity %[[FULL]]
// CHECK: nvgpu.warpgroup.generate.descriptor {{.*}} -> <tensor = memref<64x64xf16, 3>>
// CHECK: nvgpu.warpgroup.generate.descriptor {{.*}} -> <tensor = memref<64x256xf16, 3>>
// CHECK: nvgpu.warpgroup.mma {{.*}} {transposeB}
// CHECK: nvgpu.mbarrier.arrive %[[EMPTY]]
// CHECK: nvvm.wgmma.wait.group.sync.aligned 0
// CHECK: nvvm.barrier id = %{{.*}} number_of_threads = %{{.*}}
// The store puts rows at 16 x (block thread id / 32): a view at byte 0, and
// C from 64 rows further on, where consumer 0's rows begin.
// CHECK: %[[AT0:.*]] = memref.view %{{.*}}[%c0{{.*}}][] {{.*}} to memref<64x256xf32, #gpu.address_space<workgroup>>
// CHECK: nvgpu.warpgroup.mma.store %{{.*}}, %[[AT0]]
// CHECK: nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
// CHECK: nvvm.barrier
// CHECK: nvgpu.tma.fence.descriptor %[[DC]]
// CHECK: %[[ROWS:.*]] = memref.view %{{.*}}[%c65536{{.*}}][] {{.*}} to memref<128x256xf32, #gpu.address_space<workgroup>>
// CHECK: nvgpu.tma.async.store %[[ROWS]] to %[[DC]]
// CHECK: nvvm.cp.async.bulk.commit.group
// CHECK: nvvm.cp.async.bulk.wait_group 0 {read}
// 4 stages of 48 KiB (the f32 results, 64 + 128 rows of 1 KiB, reuse them).
// CHECK: tile.dynamic_shared_bytes = 196608 : i64, tile.threads = 384 : i64
// CHECK: } else {
// CHECK: scf.forall
// CHECK: "tile.gemm"
// CHECK: tile.threads = 256 : i64

// NOT-TAKEN-NOT: nvvm.setmaxregister
// NOT-TAKEN: "tile.gemm"

// K tiles of 32: A's descriptors (64-byte swizzle) are built here and cast.
// RUN: tile-opt --tile-cuda-wgmma-ws %S/../../Target/CUDA/Inputs/gemm_128x256x32.mlir | FileCheck %s --check-prefix=K32
// K32: nvgpu.tma.create.descriptor {{.*}} -> <tensor = memref<128x32xf16, 3>, swizzle = swizzle_64b
// K32: nvgpu.tma.create.descriptor {{.*}} -> <tensor = memref<32x64xf16, 3>, swizzle = swizzle_128b
// K32: nvgpu.mbarrier.arrive.expect_tx %{{.*}}, %c24576
// K32: scf.for {{.*}} iter_args
// K32: memref.extract_aligned_pointer_as_index
// K32: %[[BITS:.*]] = arith.index_cast %{{.*}} : index to i64
// K32: %[[DESC:.*]] = builtin.unrealized_conversion_cast %[[BITS]] : i64 to !nvgpu.warpgroup.descriptor<tensor = memref<64x16xf16, 3>>
// K32: nvgpu.warpgroup.mma %[[DESC]], %{{.*}} : <tensor = memref<64x16xf16, 3>>, <tensor = memref<16x256xf16, 3>>
// K32: nvgpu.warpgroup.mma
// K32: tile.dynamic_shared_bytes = 196608 : i64

// OFFSETS: scf.forall (%{{.*}}, %{{.*}}) = (%c0, %c0) to
// OFFSETS-NOT: arith.minui
// OFFSETS: nvvm.setmaxregister decrease 40
