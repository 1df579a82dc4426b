// RUN: tile-opt --split-input-file --pass-pipeline='builtin.module(gpu.module(tile-vulkan-views))' %s --verify-diagnostics | FileCheck %s
// RUN: tile-opt --target=vulkan --emit=spirv %S/../Inputs/memref_hints.mlir -o %t.spv
// RUN: %if spirv-tools %{ spirv-val --target-env vulkan1.1 %t.spv %}
// RUN: tile-opt --target=cpu --emit=obj %S/../Inputs/memref_hints.mlir -o /dev/null
// RUN: env CUDA_ROOT=%t.no-toolkit tile-opt --target=cuda:sm_80 --emit=ptx %S/../Inputs/memref_hints.mlir -o /dev/null
// RUN: tile-opt --target=rocm:gfx942 --emit=isa %S/../Inputs/memref_hints.mlir -o /dev/null

// Loads and stores through a transpose index the transposed memref, its
// indices permuted; the hints go.
// CHECK-LABEL: gpu.func @transpose
// CHECK-NOT: memref.transpose
// CHECK-NOT: memref.assume_alignment
// CHECK-NOT: memref.prefetch
// CHECK: %[[V:.*]] = memref.load %arg0[%arg2, %arg1] : memref<4x8xf32>
// CHECK-NEXT: memref.store %[[V]], %arg0[%arg2, %arg1] : memref<4x8xf32>
gpu.module @m {
  gpu.func @transpose(%A: memref<4x8xf32>, %i: index, %j: index) kernel {
    %t = memref.transpose %A (a, b) -> (b, a) : memref<4x8xf32> to memref<8x4xf32, strided<[1, 8]>>
    %v = memref.load %t[%i, %j] : memref<8x4xf32, strided<[1, 8]>>
    memref.prefetch %A[%i, %j], read, locality<3>, data : memref<4x8xf32>
    %a = memref.assume_alignment %A, 16 : memref<4x8xf32>
    memref.store %v, %a[%j, %i] : memref<4x8xf32>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @view(%i: index) kernel {
    %c0 = arith.constant 0 : index
    %t = memref.alloca() : memref<64xi8>
    // expected-error @below {{'memref.view' op has no lowering on the vulkan target (MLIR's SPIR-V conversion has none); allocate the array with memref.alloca of its element type}}
    %v = memref.view %t[%c0][] : memref<64xi8> to memref<16xf32>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @copied(%A: memref<4x8xf32>, %B: memref<8x4xf32>) kernel {
    // expected-error @below {{'memref.transpose' op is used by 'memref.copy', which the vulkan target cannot follow through a transpose (loads and stores can)}}
    %t = memref.transpose %A (a, b) -> (b, a) : memref<4x8xf32> to memref<8x4xf32, strided<[1, 8]>>
    memref.copy %t, %B : memref<8x4xf32, strided<[1, 8]>> to memref<8x4xf32>
    gpu.return
  }
}

// -----

// A vector load or store of up to 4 lanes is a scalar access per lane.
// CHECK-LABEL: gpu.func @vectors
// CHECK-NOT: vector.load
// CHECK: %[[X0:.*]] = memref.load %arg0[%arg1]
// CHECK: %[[I1:.*]] = arith.addi %arg1, %c1
// CHECK: %[[X1:.*]] = memref.load %arg0[%[[I1]]]
// CHECK: %[[V:.*]] = vector.from_elements %[[X0]], %[[X1]] : vector<2xf32>
// CHECK: %[[E0:.*]] = vector.extract %[[V]][0]
// CHECK: memref.store %[[E0]], %arg0[%arg1]
// CHECK: %[[E1:.*]] = vector.extract %[[V]][1]
// CHECK: memref.store %[[E1]], %arg0[%{{.*}}]
// CHECK-NOT: vector.store
gpu.module @m {
  gpu.func @vectors(%A: memref<?xf32>, %i: index) kernel {
    %v = vector.load %A[%i] : memref<?xf32>, vector<2xf32>
    vector.store %v, %A[%i] : memref<?xf32>, vector<2xf32>
    gpu.return
  }
}

// -----

// A memref of vectors is loaded and stored whole.
// CHECK-LABEL: gpu.func @memref_of_vectors
// CHECK: vector.load %arg0[%{{.*}}] : memref<4xvector<4xf32>>, vector<4xf32>
// CHECK: vector.store
gpu.module @m {
  gpu.func @memref_of_vectors(%A: memref<4xvector<4xf32>>, %i: index) kernel {
    %v = vector.load %A[%i] : memref<4xvector<4xf32>>, vector<4xf32>
    vector.store %v, %A[%i] : memref<4xvector<4xf32>>, vector<4xf32>
    gpu.return
  }
}
