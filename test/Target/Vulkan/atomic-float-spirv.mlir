// RUN: tile-opt --target=vulkan --emit=spirv-asm %s | FileCheck %s
// RUN: tile-opt --target=vulkan --emit=spirv %s -o %t.spv
// RUN: %if spirv-val %{ %spirv-val --target-env vulkan1.1 %t.spv %}

// Atomic additions of f32 values into global and shared buffers are
// OpAtomicFAddEXT at the scope of the buffer, under SPV_EXT_shader_atomic_float_add
// (MLIR 22's SPIR-V conversion has no pattern for them).
// CHECK-DAG: OpCapability AtomicFloat32AddEXT
// CHECK-DAG: OpExtension "SPV_EXT_shader_atomic_float_add"
// CHECK-DAG: %[[UINT:[0-9]+]] = OpTypeInt 32 0
// CHECK-DAG: %[[FLOAT:[0-9]+]] = OpTypeFloat 32
// CHECK-DAG: %[[DEVICE:[0-9]+]] = OpConstant %[[UINT]] 1{{$}}
// CHECK-DAG: %[[WORKGROUP:[0-9]+]] = OpConstant %[[UINT]] 2{{$}}
// CHECK-DAG: %[[ACQREL:[0-9]+]] = OpConstant %[[UINT]] 8{{$}}
// CHECK: OpAtomicFAddEXT %[[FLOAT]] %{{[0-9]+}} %[[WORKGROUP]] %[[ACQREL]]
// CHECK: OpAtomicFAddEXT %[[FLOAT]] %{{[0-9]+}} %[[DEVICE]] %[[ACQREL]]
func.func @atomic(%C: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  scf.forall (%b) in (4) {
    %x = "tile.alloc"() : () -> memref<16xf32, #tile.fragment>
    %s = "tile.alloc"() : () -> memref<16xf32, #gpu.address_space<workgroup>>
    "tile.fill"(%x, %one) : (memref<16xf32, #tile.fragment>, f32) -> ()
    "tile.fill"(%s, %one) : (memref<16xf32, #gpu.address_space<workgroup>>, f32) -> ()
    "tile.atomic_add"(%x, %s, %c0) : (memref<16xf32, #tile.fragment>, memref<16xf32, #gpu.address_space<workgroup>>, index) -> ()
    "tile.atomic_add"(%s, %C, %c0) : (memref<16xf32, #gpu.address_space<workgroup>>, memref<?xf32>, index) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 32 : i64}
  return
}
