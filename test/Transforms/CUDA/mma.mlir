// tile-cuda-mma: eligible gemm kernels get tensor-core code with a
// multi-buffered cp.async pipeline; others are left alone.
// RUN: tile-opt --split-input-file --tile-cuda-mma %s | FileCheck %s

// The canonical gemm: 128 threads -> 2x2 warps of 64x64; 3 stages.
// CHECK-LABEL: func.func @gemm
// CHECK: scf.forall
// CHECK: gpu.thread_id x
// CHECK: memref.alloca() : memref<128xf32>
// CHECK: "tile.alloc"() : () -> memref<3x128x40xf16, #gpu.address_space<workgroup>>
// CHECK: "tile.alloc"() : () -> memref<3x32x136xf16, #gpu.address_space<workgroup>>
// Aligned rows take the pipelined cp.async loop, others a plain copy loop.
// CHECK: memref.extract_aligned_pointer_as_index
// CHECK: scf.if
// Prologue: stages 0 and 1 in flight, one group each.
// CHECK: nvgpu.device_async_copy {{.*}} {bypassL1}
// CHECK: nvgpu.device_async_create_group
// CHECK: nvgpu.device_async_copy {{.*}} {bypassL1}
// CHECK: nvgpu.device_async_create_group
// CHECK: scf.for
// CHECK: nvgpu.device_async_wait %{{.*}} {numGroups = 1 : i32}
// CHECK-NEXT: gpu.barrier
// CHECK: nvgpu.device_async_copy
// CHECK: nvgpu.device_async_create_group
// Two k16 steps of 4 A tiles, 4 B loads and 32 mma.sync each.
// CHECK-COUNT-4: nvgpu.ldmatrix {{.*}} {numTiles = 4 : i32, transpose = false}
// CHECK-COUNT-4: nvgpu.ldmatrix {{.*}} {numTiles = 4 : i32, transpose = true}
// CHECK-COUNT-32: nvgpu.mma.sync
// CHECK: nvgpu.device_async_wait %{{.*}} {numGroups = 0 : i32}
// CHECK: } else {
// CHECK-NOT: nvgpu.device_async_copy
// CHECK: memref.store
// CHECK: gpu.barrier
// CHECK: nvgpu.mma.sync
// CHECK: }
// The result copy stores each thread's own elements, with bounds, unrolled so
// that the accumulator array is only indexed by constants.
// CHECK-COUNT-128: memref.load %{{.*}}[%c{{[0-9_]+}}] : memref<128xf32>
// CHECK-NOT: scf.for
// CHECK-NOT: "tile.
func.func @gemm(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %c128 = arith.constant 128 : index
  %zero = arith.constant 0.0 : f32
  %M = memref.dim %A, %c0 : memref<?x?xf16>
  %K = memref.dim %A, %c1 : memref<?x?xf16>
  %N = memref.dim %B, %c1 : memref<?x?xf16>
  %gm = arith.ceildivui %M, %c128 : index
  %gn = arith.ceildivui %N, %c128 : index
  %kt = arith.ceildivui %K, %c32 : index
  scf.forall (%bm, %bn) in (%gm, %gn) {
    %A_s = "tile.alloc"() : () -> memref<128x32xf16, #gpu.address_space<workgroup>>
    %B_s = "tile.alloc"() : () -> memref<32x128xf16, #gpu.address_space<workgroup>>
    %acc = "tile.alloc"() : () -> memref<128x128xf32, #tile.fragment>
    "tile.fill"(%acc, %zero) : (memref<128x128xf32, #tile.fragment>, f32) -> ()
    %m0 = arith.muli %bm, %c128 : index
    %n0 = arith.muli %bn, %c128 : index
    scf.for %k = %c0 to %kt step %c1 {
      %k0 = arith.muli %k, %c32 : index
      "tile.copy"(%A, %A_s, %m0, %k0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
          : (memref<?x?xf16>, memref<128x32xf16, #gpu.address_space<workgroup>>, index, index) -> ()
      "tile.copy"(%B, %B_s, %k0, %n0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
          : (memref<?x?xf16>, memref<32x128xf16, #gpu.address_space<workgroup>>, index, index) -> ()
      "tile.gemm"(%A_s, %B_s, %acc)
          : (memref<128x32xf16, #gpu.address_space<workgroup>>, memref<32x128xf16, #gpu.address_space<workgroup>>,
             memref<128x128xf32, #tile.fragment>) -> ()
    } {tile.num_stages = 3 : i64}
    "tile.copy"(%acc, %C, %m0, %n0) {operandSegmentSizes = array<i32: 1, 1, 0, 2>}
        : (memref<128x128xf32, #tile.fragment>, memref<?x?xf32>, index, index) -> ()
  } {mapping = [#gpu.block<y>, #gpu.block<x>], tile.threads = 128 : i64}
  return
}

// -----

// bf16 with B transposed (stored N x K): non-transposing ldmatrix for B and
// nvvm.mma.sync on bf16 registers.
// CHECK-LABEL: func.func @gemm_bf16_nt
// CHECK: "tile.alloc"() : () -> memref<2x64x40xbf16, #gpu.address_space<workgroup>>
// CHECK: "tile.alloc"() : () -> memref<2x64x40xbf16, #gpu.address_space<workgroup>>
// CHECK: nvgpu.ldmatrix {{.*}} {numTiles = 4 : i32, transpose = false} : memref<2x64x40xbf16
// CHECK: nvvm.mma.sync {{.*}}multiplicandAPtxType = #nvvm.mma_type<bf16>
// CHECK-NOT: nvgpu.mma.sync
func.func @gemm_bf16_nt(%A: memref<?x?xbf16>, %Bt: memref<?x?xbf16>, %C: memref<?x?xf32>, %kt: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %zero = arith.constant 0.0 : f32
  scf.forall (%bm, %bn) in (4, 4) {
    %A_s = "tile.alloc"() : () -> memref<64x32xbf16, #gpu.address_space<workgroup>>
    %B_s = "tile.alloc"() : () -> memref<64x32xbf16, #gpu.address_space<workgroup>>
    %acc = "tile.alloc"() : () -> memref<64x64xf32, #tile.fragment>
    "tile.fill"(%acc, %zero) : (memref<64x64xf32, #tile.fragment>, f32) -> ()
    scf.for %k = %c0 to %kt step %c1 {
      %k0 = arith.muli %k, %c32 : index
      "tile.copy"(%A, %A_s, %bm, %k0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
          : (memref<?x?xbf16>, memref<64x32xbf16, #gpu.address_space<workgroup>>, index, index) -> ()
      "tile.copy"(%Bt, %B_s, %bn, %k0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
          : (memref<?x?xbf16>, memref<64x32xbf16, #gpu.address_space<workgroup>>, index, index) -> ()
      "tile.gemm"(%A_s, %B_s, %acc) {transpose_b = true}
          : (memref<64x32xbf16, #gpu.address_space<workgroup>>, memref<64x32xbf16, #gpu.address_space<workgroup>>,
             memref<64x64xf32, #tile.fragment>) -> ()
    } {tile.num_stages = 2 : i64}
    "tile.copy"(%acc, %C, %bm, %bn) {operandSegmentSizes = array<i32: 1, 1, 0, 2>}
        : (memref<64x64xf32, #tile.fragment>, memref<?x?xf32>, index, index) -> ()
  } {mapping = [#gpu.block<y>, #gpu.block<x>], tile.threads = 128 : i64}
  return
}

// -----

// f32 inputs have no tensor-core path here: the kernel is left alone.
// CHECK-LABEL: func.func @gemm_f32
// CHECK: "tile.gemm"
// CHECK-NOT: nvgpu
func.func @gemm_f32(%A: memref<64x32xf32>) {
  %zero = arith.constant 0.0 : f32
  scf.forall (%b) in (1) {
    %a = "tile.alloc"() : () -> memref<64x32xf32, #gpu.address_space<workgroup>>
    %bb = "tile.alloc"() : () -> memref<32x64xf32, #gpu.address_space<workgroup>>
    %acc = "tile.alloc"() : () -> memref<64x64xf32, #tile.fragment>
    "tile.fill"(%acc, %zero) : (memref<64x64xf32, #tile.fragment>, f32) -> ()
    "tile.gemm"(%a, %bb, %acc) : (memref<64x32xf32, #gpu.address_space<workgroup>>, memref<32x64xf32, #gpu.address_space<workgroup>>, memref<64x64xf32, #tile.fragment>) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 128 : i64}
  return
}

// -----

// A K loop that also writes global memory (here each iteration's partial
// sums into C, which may be A or B) keeps its iterations in order: the
// copies of later iterations are not issued early, so the stage buffers
// have one stage, and the copies stay where the loop reads them.
// CHECK-LABEL: func.func @writes_global
// CHECK: "tile.alloc"() : () -> memref<1x128x40xf16, #gpu.address_space<workgroup>>
// CHECK-NOT: nvgpu.device_async_create_group
// CHECK: scf.for
// CHECK: nvgpu.device_async_copy
// CHECK: nvgpu.device_async_create_group
// CHECK: nvgpu.device_async_wait %{{.*}} {numGroups = 0 : i32}
// CHECK: nvgpu.mma.sync
// CHECK: memref.store {{.*}} : memref<?x?xf32>
// CHECK: } else {
// CHECK-LABEL: func.func @writes_global_before_gemm
// CHECK: "tile.gemm"
// CHECK-NOT: nvgpu
func.func @writes_global(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %c128 = arith.constant 128 : index
  %zero = arith.constant 0.0 : f32
  %K = memref.dim %A, %c1 : memref<?x?xf16>
  %kt = arith.ceildivui %K, %c32 : index
  scf.forall (%bm, %bn) in (2, 2) {
    %a = "tile.alloc"() : () -> memref<128x32xf16, #gpu.address_space<workgroup>>
    %b = "tile.alloc"() : () -> memref<32x128xf16, #gpu.address_space<workgroup>>
    %acc = "tile.alloc"() : () -> memref<128x128xf32, #tile.fragment>
    "tile.fill"(%acc, %zero) : (memref<128x128xf32, #tile.fragment>, f32) -> ()
    %m0 = arith.muli %bm, %c128 : index
    %n0 = arith.muli %bn, %c128 : index
    scf.for %k = %c0 to %kt step %c1 {
      %k0 = arith.muli %k, %c32 : index
      "tile.copy"(%A, %a, %m0, %k0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
          : (memref<?x?xf16>, memref<128x32xf16, #gpu.address_space<workgroup>>, index, index) -> ()
      "tile.copy"(%B, %b, %k0, %n0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
          : (memref<?x?xf16>, memref<32x128xf16, #gpu.address_space<workgroup>>, index, index) -> ()
      "tile.gemm"(%a, %b, %acc)
          : (memref<128x32xf16, #gpu.address_space<workgroup>>, memref<32x128xf16, #gpu.address_space<workgroup>>,
             memref<128x128xf32, #tile.fragment>) -> ()
      "tile.copy"(%acc, %C, %m0, %n0) {operandSegmentSizes = array<i32: 1, 1, 0, 2>}
          : (memref<128x128xf32, #tile.fragment>, memref<?x?xf32>, index, index) -> ()
    } {tile.num_stages = 3 : i64}
  } {mapping = [#gpu.block<y>, #gpu.block<x>], tile.threads = 128 : i64}
  return
}

func.func @writes_global_before_gemm(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %c128 = arith.constant 128 : index
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f16
  %K = memref.dim %A, %c1 : memref<?x?xf16>
  %kt = arith.ceildivui %K, %c32 : index
  scf.forall (%bm, %bn) in (2, 2) {
    %a = "tile.alloc"() : () -> memref<128x32xf16, #gpu.address_space<workgroup>>
    %b = "tile.alloc"() : () -> memref<32x128xf16, #gpu.address_space<workgroup>>
    %acc = "tile.alloc"() : () -> memref<128x128xf32, #tile.fragment>
    "tile.fill"(%acc, %zero) : (memref<128x128xf32, #tile.fragment>, f32) -> ()
    %m0 = arith.muli %bm, %c128 : index
    %n0 = arith.muli %bn, %c128 : index
    scf.for %k = %c0 to %kt step %c1 {
      %k0 = arith.muli %k, %c32 : index
      "tile.copy"(%A, %a, %m0, %k0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
          : (memref<?x?xf16>, memref<128x32xf16, #gpu.address_space<workgroup>>, index, index) -> ()
      scf.forall (%i) in (32) {
        memref.store %one, %A[%m0, %i] : memref<?x?xf16>
      }
      "tile.copy"(%B, %b, %k0, %n0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
          : (memref<?x?xf16>, memref<32x128xf16, #gpu.address_space<workgroup>>, index, index) -> ()
      "tile.gemm"(%a, %b, %acc)
          : (memref<128x32xf16, #gpu.address_space<workgroup>>, memref<32x128xf16, #gpu.address_space<workgroup>>,
             memref<128x128xf32, #tile.fragment>) -> ()
    } {tile.num_stages = 3 : i64}
    "tile.copy"(%acc, %C, %m0, %n0) {operandSegmentSizes = array<i32: 1, 1, 0, 2>}
        : (memref<128x128xf32, #tile.fragment>, memref<?x?xf16>, index, index) -> ()
  } {mapping = [#gpu.block<y>, #gpu.block<x>], tile.threads = 128 : i64}
  return
}
