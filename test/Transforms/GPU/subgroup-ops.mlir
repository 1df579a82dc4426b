// tile-gpu-subgroup-ops on its own: the gpu subgroup ops that the targets'
// conversions failed to legalize become xor shuffles (reductions) or
// thread-id arithmetic. cuda subgroups have 32 lanes; rocm and vulkan ones
// have as many as the device runs, so a whole-subgroup reduction takes
// each step only inside gpu.subgroup_size. Integration/Vulkan/subgroup-ops
// runs the results on lavapipe; Target/CUDA/subgroup-ops.test gives the PTX
// to ptxas.
// RUN: tile-opt --split-input-file --pass-pipeline='builtin.module(gpu.module(tile-gpu-subgroup-ops{target=cuda chip=sm_90}))' %s | FileCheck %s --check-prefix=CUDA
// RUN: tile-opt --split-input-file --pass-pipeline='builtin.module(gpu.module(tile-gpu-subgroup-ops{target=cuda chip=sm_75}))' %s | FileCheck %s --check-prefix=SM75
// RUN: tile-opt --split-input-file --pass-pipeline='builtin.module(gpu.module(tile-gpu-subgroup-ops{target=rocm}))' %s | FileCheck %s --check-prefix=ROCM
// RUN: tile-opt --split-input-file --pass-pipeline='builtin.module(gpu.module(tile-gpu-subgroup-ops{target=vulkan}))' %s | FileCheck %s --check-prefix=VULKAN

// A whole subgroup: 5 steps on cuda (offsets 1 to 16, all in 32 lanes); 6
// on rocm and 7 on vulkan, each inside an scf.if on the subgroup size and
// marked, the group of each step being twice its offset.
// CUDA-LABEL: gpu.func @whole
// CUDA-NOT: gpu.subgroup_size
// CUDA-COUNT-5: gpu.shuffle  xor {{.*}} : i32
// CUDA-NOT: gpu.shuffle
// CUDA: arith.addf
// CUDA-NOT: gpu.subgroup_reduce
// ROCM-LABEL: gpu.func @whole
// ROCM: %[[SIZE:.*]] = gpu.subgroup_size : index
// ROCM: %[[C1:.*]] = arith.constant 1 : index
// ROCM: %[[IN:.*]] = arith.cmpi ult, %[[C1]], %[[SIZE]] : index
// ROCM: scf.if %[[IN]] -> (f32)
// ROCM: %[[ONE:.*]] = arith.constant 1 : i32
// ROCM: %[[TWO:.*]] = arith.constant 2 : i32
// ROCM: gpu.shuffle  xor %{{.*}}, %[[ONE]], %[[TWO]] {tile.guarded_shuffle} : i32
// ROCM-COUNT-5: gpu.shuffle  xor {{.*}} {tile.guarded_shuffle} : i32
// ROCM-NOT: gpu.shuffle
// VULKAN-LABEL: gpu.func @whole
// VULKAN-COUNT-7: scf.if
// VULKAN-NOT: scf.if
// VULKAN-NOT: gpu.subgroup_reduce
gpu.module @m {
  gpu.func @whole(%x: f32) -> f32 {
    %r = gpu.subgroup_reduce add %x : (f32) -> f32
    gpu.return %r : f32
  }
}

// -----

// Clusters of 4 lanes 2 apart: offsets 2 and 4 within groups of 8, on
// every target, no scf.if.
// CUDA-LABEL: gpu.func @cluster
// CUDA: %[[O2:.*]] = arith.constant 2 : i32
// CUDA: %[[W8:.*]] = arith.constant 8 : i32
// CUDA: gpu.shuffle  xor %{{.*}}, %[[O2]], %[[W8]] : i32
// CUDA: arith.maxnumf
// CUDA: %[[O4:.*]] = arith.constant 4 : i32
// CUDA: gpu.shuffle  xor %{{.*}}, %[[O4]], %{{.*}} : i32
// CUDA: arith.maxnumf
// CUDA-NOT: gpu.shuffle
// ROCM-LABEL: gpu.func @cluster
// VULKAN-LABEL: gpu.func @cluster
// VULKAN-NOT: scf.if
// VULKAN-COUNT-2: gpu.shuffle  xor {{.*}} : i32
// VULKAN-NOT: gpu.shuffle
// VULKAN: gpu.return
gpu.module @m {
  gpu.func @cluster(%x: f32) -> f32 {
    %r = gpu.subgroup_reduce maxnumf %x cluster(size = 4, stride = 2) : (f32) -> f32
    gpu.return %r : f32
  }
}

// -----

// A uniform i32 sum is one nvvm.redux.sync on sm_80 and later
// (convert-gpu-to-nvvm lowers it only when told the chip has redux.sync);
// before sm_80 and on the other targets it is a butterfly.
// CUDA-LABEL: gpu.func @redux
// CUDA: nvvm.redux.sync  add %{{.*}}, %{{.*}} : i32 -> i32
// SM75-LABEL: gpu.func @redux
// SM75-NOT: gpu.subgroup_reduce
// SM75-COUNT-5: gpu.shuffle  xor
// SM75: arith.addi
// ROCM-LABEL: gpu.func @redux
// ROCM-NOT: gpu.subgroup_reduce
gpu.module @m {
  gpu.func @redux(%x: i32) -> i32 {
    %r = gpu.subgroup_reduce add %x uniform : (i32) -> i32
    gpu.return %r : i32
  }
}

// -----

// Vectors element by element; 16-bit values move as 32-bit words, 64-bit
// ones as two.
// CUDA-LABEL: gpu.func @types
// CUDA: vector.extract %{{.*}}[0] : f16 from vector<2xf16>
// CUDA: arith.extui %{{.*}} : i16 to i32
// CUDA: arith.mulf %{{.*}} : f16
// CUDA: vector.insert %{{.*}} [0] : f16 into vector<2xf16>
// CUDA: vector.extract %{{.*}}[1]
// CUDA: vector.insert %{{.*}} [1] : f16 into vector<2xf16>
// CUDA: arith.shrui %{{.*}} : i64
// CUDA-COUNT-2: gpu.shuffle  xor {{.*}} : i32
// CUDA: arith.minsi %{{.*}} : i64
gpu.module @m {
  gpu.func @types(%v: vector<2xf16>, %l: i64) -> (vector<2xf16>, i64) {
    %a = gpu.subgroup_reduce mul %v : (vector<2xf16>) -> vector<2xf16>
    %b = gpu.subgroup_reduce minsi %l : (i64) -> i64
    gpu.return %a, %b : vector<2xf16>, i64
  }
}

// -----

// Subgroup ids and counts: from the linear thread id and the block size
// on cuda (32 lanes) and rocm (gpu.subgroup_size, which ROCDL lowers);
// vulkan has built-in variables for them. A broadcast from a lane is a
// shuffle idx on cuda.
// CUDA-LABEL: gpu.func @ids
// CUDA-NOT: gpu.subgroup_
// CUDA-NOT: gpu.num_subgroups
// CUDA: %[[C32:.*]] = arith.constant 32 : index
// CUDA: arith.divui %{{.*}}, %[[C32]] : index
// CUDA: gpu.shuffle  idx
// ROCM-LABEL: gpu.func @ids
// ROCM-NOT: gpu.subgroup_id
// ROCM-NOT: gpu.num_subgroups
// ROCM: gpu.subgroup_size : index
// ROCM: arith.divui
// ROCM: gpu.subgroup_broadcast
// VULKAN-LABEL: gpu.func @ids
// VULKAN: gpu.subgroup_id
// VULKAN: gpu.num_subgroups
// VULKAN: gpu.subgroup_size
gpu.module @m {
  gpu.func @ids(%x: f32, %lane: i32) -> (index, index, index, f32) {
    %s = gpu.subgroup_id : index
    %n = gpu.num_subgroups : index
    %z = gpu.subgroup_size : index
    %b = gpu.subgroup_broadcast %x, specific_lane %lane : f32
    gpu.return %s, %n, %z, %b : index, index, index, f32
  }
}

// -----

// A rotation is a shuffle idx of the lane's place plus the offset, within
// the width; valid below the width.
// CUDA-LABEL: gpu.func @rotate
// CUDA: %[[LANE:.*]] = gpu.lane_id
// CUDA: %[[L:.*]] = arith.index_cast %[[LANE]] : index to i32
// CUDA-DAG: %[[C3:.*]] = arith.constant 3 : i32
// CUDA-DAG: %[[C15:.*]] = arith.constant 15 : i32
// CUDA: %[[SUM:.*]] = arith.addi %[[L]], %[[C3]] : i32
// CUDA: %[[PLACE:.*]] = arith.andi %[[SUM]], %[[C15]] : i32
// CUDA: %[[W:.*]] = arith.constant 16 : i32
// CUDA: gpu.shuffle  idx %{{.*}}, %[[PLACE]], %[[W]] : f32
// CUDA: arith.cmpi ult, %[[L]], %[[W]] : i32
// CUDA-NOT: gpu.rotate
gpu.module @m {
  gpu.func @rotate(%x: f32) -> (f32, i1) {
    %r, %ok = gpu.rotate %x, 3, 16 : f32
    gpu.return %r, %ok : f32, i1
  }
}
