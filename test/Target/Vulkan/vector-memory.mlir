// tile-vulkan-vector-memory: vector memory ops of up to 4 lanes become a
// scalar access per lane, behind a branch where the lane may not be read
// or written; masks of one dimension become one comparison per lane.
// RUN: tile-opt --split-input-file --pass-pipeline='builtin.module(gpu.module(tile-vulkan-vector-memory))' %s | FileCheck %s
// Masks of up to 4 lanes are lowered first, and erased: the pass read them
// again after (inside libMLIR, where no sanitizer looks; the suite's
// MALLOC_PERTURB_ made that a crash every time), on the two masks of 4 lanes
// that tile-vulkan-unroll-vectors cuts a transfer of 8 lanes' mask into.
// RUN: tile-opt --target=vulkan --emit=spirv %S/Inputs/mask_8_lanes.mlir -o /dev/null

// CHECK-LABEL: gpu.func @transfer_read
// CHECK-NOT: vector.transfer_read
// CHECK: %[[N:.*]] = memref.dim %arg0, %c0
// CHECK-NEXT: %[[IN0:.*]] = arith.cmpi ult, %arg1, %[[N]] : index
// CHECK: %[[L0:.*]] = scf.if %[[IN0]] -> (f32) {
// CHECK-NEXT: %[[X:.*]] = memref.load %arg0[%arg1] : memref<?xf32>
// CHECK-NEXT: scf.yield %[[X]] : f32
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %arg2 : f32
// CHECK: %[[I1:.*]] = arith.addi %arg1, %c1
// CHECK-NEXT: arith.cmpi ult, %[[I1]], %[[N]]
// CHECK-NEXT: %[[L1:.*]] = scf.if
// CHECK: vector.from_elements %[[L0]], %[[L1]] : vector<2xf32>
gpu.module @m {
  gpu.func @transfer_read(%A: memref<?xf32>, %i: index, %pad: f32) kernel {
    %v = vector.transfer_read %A[%i], %pad : memref<?xf32>, vector<2xf32>
    vector.print %v : vector<2xf32>
    gpu.return
  }
}

// -----

// A read along the first dimension of a 2-d memref, in bounds: no branch.
// CHECK-LABEL: gpu.func @column
// CHECK-NOT: scf.if
// CHECK: memref.load %arg0[%arg1, %arg2]
// CHECK: %[[R1:.*]] = arith.addi %arg1, %c1
// CHECK: memref.load %arg0[%[[R1]], %arg2]
gpu.module @m {
  gpu.func @column(%A: memref<8x8xf32>, %i: index, %j: index, %pad: f32) kernel {
    %v = vector.transfer_read %A[%i, %j], %pad {in_bounds = [true], permutation_map = affine_map<(d0, d1) -> (d0)>} : memref<8x8xf32>, vector<2xf32>
    vector.print %v : vector<2xf32>
    gpu.return
  }
}

// -----

// CHECK-LABEL: gpu.func @masked_store
// CHECK: %[[M0:.*]] = arith.cmpi slt, %c0{{.*}}, %arg2 : index
// CHECK: %[[M1:.*]] = arith.cmpi slt, %c1{{.*}}, %arg2 : index
// CHECK: %[[MV:.*]] = vector.from_elements %[[M0]], %[[M1]] : vector<2xi1>
// CHECK: %[[B0:.*]] = vector.extract %[[MV]][0]
// CHECK: %[[E0:.*]] = vector.extract %arg3[0]
// CHECK: scf.if %[[B0]] {
// CHECK-NEXT: memref.store %[[E0]], %arg0[%arg1]
// CHECK-NOT: vector.maskedstore
gpu.module @m {
  gpu.func @masked_store(%A: memref<16xf32>, %i: index, %n: index, %v: vector<2xf32>) kernel {
    %mask = vector.create_mask %n : vector<2xi1>
    vector.maskedstore %A[%i], %mask, %v : memref<16xf32>, vector<2xi1>, vector<2xf32>
    gpu.return
  }
}

// -----

// Vectors wider than SPIR-V's are left for tile-gpu-check-device-ops to
// report.
// CHECK-LABEL: gpu.func @wide
// CHECK: vector.transfer_read
gpu.module @m {
  gpu.func @wide(%A: memref<?xf32>, %i: index, %pad: f32) kernel {
    %v = vector.transfer_read %A[%i], %pad : memref<?xf32>, vector<8xf32>
    vector.print %v : vector<8xf32>
    gpu.return
  }
}

