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
    // expected-error @below {{'memref.transpose' op is used by 'memref.copy', which the vulkan target cannot follow through a transpose (loads, stores and memref.dim can)}}
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

// -----

// Loads and stores through a reinterpret_cast index its source at the
// element offset + sum(index * stride), delinearized over the source's
// sizes (here a dynamic row count and 10 columns).
// CHECK-LABEL: gpu.func @reinterpret
// CHECK-NOT: memref.reinterpret_cast
// CHECK: %[[C3:.*]] = arith.constant 3 : index
// CHECK: %[[C10:.*]] = arith.constant 10 : index
// CHECK: %[[IS:.*]] = arith.muli %arg3, %arg2 : index
// CHECK: %[[L0:.*]] = arith.addi %arg1, %[[IS]] : index
// CHECK: %[[J3:.*]] = arith.muli %arg4, %[[C3]] : index
// CHECK: %[[L:.*]] = arith.addi %[[L0]], %[[J3]] : index
// CHECK: %[[COL:.*]] = arith.remui %[[L]], %[[C10]] : index
// CHECK: %[[ROW:.*]] = arith.divui %[[L]], %[[C10]] : index
// CHECK: %[[V:.*]] = memref.load %arg0[%[[ROW]], %[[COL]]] : memref<?x10xf32>
// CHECK: memref.store %[[V]], %arg0[%{{.*}}, %{{.*}}] : memref<?x10xf32>
gpu.module @m {
  gpu.func @reinterpret(%A: memref<?x10xf32>, %o: index, %s: index, %i: index, %j: index) kernel {
    %w = memref.reinterpret_cast %A to offset: [%o], sizes: [4, 5], strides: [%s, 3] : memref<?x10xf32> to memref<4x5xf32, strided<[?, 3], offset: ?>>
    %v = memref.load %w[%i, %j] : memref<4x5xf32, strided<[?, 3], offset: ?>>
    memref.store %v, %w[%j, %i] : memref<4x5xf32, strided<[?, 3], offset: ?>>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @reinterpret_strided(%A: memref<8x8xf32, strided<[16, 1]>>, %i: index) kernel {
    // expected-error @below {{'memref.reinterpret_cast' op reinterprets a memref of a strided layout, which the vulkan target cannot follow (a memref of the identity layout it can)}}
    %w = memref.reinterpret_cast %A to offset: [0], sizes: [64], strides: [1] : memref<8x8xf32, strided<[16, 1]>> to memref<64xf32>
    %v = memref.load %w[%i] : memref<64xf32>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @reinterpret_copied(%A: memref<64xf32>, %B: memref<8x8xf32>) kernel {
    // expected-error @below {{'memref.reinterpret_cast' op is used by 'memref.copy', which the vulkan target cannot follow through a reinterpret_cast (loads, stores and memref.dim can)}}
    %w = memref.reinterpret_cast %A to offset: [0], sizes: [8, 8], strides: [8, 1] : memref<64xf32> to memref<8x8xf32>
    memref.copy %w, %B : memref<8x8xf32> to memref<8x8xf32>
    gpu.return
  }
}

// -----

// memref.dim of a reinterpret_cast is the cast's size (here the dynamic
// one), of a transpose the source's size of the permuted dimension.
// CHECK-LABEL: gpu.func @dims
// CHECK-NOT: memref.reinterpret_cast
// CHECK-NOT: memref.transpose
// CHECK: %[[ROWS:.*]] = arith.muli %arg1, %arg1 : index
// CHECK: %[[T:.*]] = memref.dim %arg2, %c0{{.*}} : memref<?x8xf32>
// CHECK: %[[S:.*]] = arith.addi %[[ROWS]], %[[T]] : index
// CHECK: memref.store %{{.*}}, %arg0[%[[S]]]
gpu.module @m {
  gpu.func @dims(%A: memref<?xf32>, %n: index, %B: memref<?x8xf32>, %x: f32) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %rows = arith.muli %n, %n : index
    %w = memref.reinterpret_cast %A to offset: [0], sizes: [%rows, 4], strides: [4, 1] : memref<?xf32> to memref<?x4xf32>
    %d0 = memref.dim %w, %c0 : memref<?x4xf32>
    %t = memref.transpose %B (a, b) -> (b, a) : memref<?x8xf32> to memref<8x?xf32, strided<[1, 8]>>
    %d1 = memref.dim %t, %c1 : memref<8x?xf32, strided<[1, 8]>>
    %s = arith.addi %d0, %d1 : index
    memref.store %x, %A[%s] : memref<?xf32>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @reinterpret_rank9(%A: memref<512xf32>, %i: index) kernel {
    // expected-error @below {{'memref.reinterpret_cast' op has more than 8 dimensions}}
    %w = memref.reinterpret_cast %A to offset: [0], sizes: [2, 2, 2, 2, 2, 2, 2, 2, 2], strides: [256, 128, 64, 32, 16, 8, 4, 2, 1] : memref<512xf32> to memref<2x2x2x2x2x2x2x2x2xf32>
    %v = memref.load %w[%i, %i, %i, %i, %i, %i, %i, %i, %i] : memref<2x2x2x2x2x2x2x2x2xf32>
    gpu.return
  }
}
