// RUN: tile-opt --tile-vulkan-launch-abi %s | FileCheck %s

// Each buffer operand of a launch becomes its address and its size in bytes,
// the (buffer, size) pairs libtile_rt_vulkan binds in order.
// CHECK-LABEL: func.func @host
// CHECK: %[[P0:.*]] = memref.extract_aligned_pointer_as_index %arg0 : memref<?xf16> -> index
// CHECK: %[[I0:.*]] = arith.index_cast %[[P0]] : index to i64
// CHECK: %[[A0:.*]] = llvm.inttoptr %[[I0]] : i64 to !llvm.ptr
// CHECK: %[[D0:.*]] = memref.dim %arg0, %c0
// CHECK: %[[B0:.*]] = arith.muli %c2{{.*}}, %[[D0]]
// CHECK: %[[S0:.*]] = arith.index_cast %[[B0]] : index to i64
// CHECK: %[[A1:.*]] = llvm.inttoptr
// CHECK: %[[B1:.*]] = arith.muli %c4{{.*}}, %c3
// CHECK: %[[S1:.*]] = arith.index_cast %[[B1]] : index to i64
// CHECK: gpu.launch_func @k::@kernel {{.*}} args(%[[A0]] : !llvm.ptr, %[[S0]] : i64, %[[A1]] : !llvm.ptr, %[[S1]] : i64)
module attributes {gpu.container_module} {
  func.func @host(%A: memref<?xf16>, %W: memref<3xi32>) {
    %c1 = arith.constant 1 : index
    gpu.launch_func @k::@kernel blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
        args(%A : memref<?xf16>, %W : memref<3xi32>)
    return
  }
  gpu.binary @k [#gpu.object<#spirv.target_env<#spirv.vce<v1.0, [Shader], []>, #spirv.resource_limits<>>, bin = "">]
}
