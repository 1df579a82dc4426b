// RUN: tile-opt --pass-pipeline='builtin.module(gpu.module(tile-vulkan-memory-spaces))' %s | FileCheck %s

// Workgroup attributions become Workgroup allocations (memory space 3) and
// private memrefs move to the Function storage class.
// CHECK-LABEL: gpu.func @kernel
// CHECK-SAME: (%{{.*}}: memref<4xf32>)
// CHECK-NOT: workgroup(
// CHECK: %[[S:.*]] = memref.alloc() : memref<64xf32, 3>
// CHECK: %[[P:.*]] = memref.alloca() : memref<2x2xf32, #spirv.storage_class<Function>>
// CHECK: memref.store %{{.*}}, %[[S]][%{{.*}}] : memref<64xf32, 3>
// CHECK: memref.store %{{.*}}, %[[P]][%{{.*}}, %{{.*}}] : memref<2x2xf32, #spirv.storage_class<Function>>
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @kernel(%g: memref<4xf32>) workgroup(%s: memref<64xf32, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %p = memref.alloca() : memref<2x2xf32, #gpu.address_space<private>>
      %x = memref.load %g[%c0] : memref<4xf32>
      memref.store %x, %s[%c0] : memref<64xf32, #gpu.address_space<workgroup>>
      memref.store %x, %p[%c0, %c0] : memref<2x2xf32, #gpu.address_space<private>>
      gpu.return
    }
  }
}
