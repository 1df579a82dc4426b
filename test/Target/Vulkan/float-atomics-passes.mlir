// RUN: tile-opt %s --split-input-file --pass-pipeline='builtin.module(gpu.module(tile-vulkan-mark-float-atomics))' | FileCheck %s --check-prefix=MARK
// RUN: tile-opt %s --split-input-file --pass-pipeline='builtin.module(spirv.module(tile-vulkan-float-atomics))' | FileCheck %s --check-prefix=LOWER

// tile-vulkan-mark-float-atomics: the nontemporal hints go, and an f32
// atomic addf whose old value is unused becomes a store marked nontemporal;
// other atomics stay.
// MARK-LABEL: gpu.func @mark
// MARK: memref.load %{{[a-z0-9_]+}}[%{{[a-z0-9_]+}}] : memref<16xf32>
// MARK: memref.store %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}[%{{[a-z0-9_]+}}] : memref<16xf32>
// MARK: memref.store %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}[%{{[a-z0-9_]+}}] {nontemporal = true} : memref<16xf32>
// MARK: memref.atomic_rmw addf
// MARK: memref.atomic_rmw addi
gpu.module @kernels {
  gpu.func @mark(%A: memref<16xf32>, %I: memref<16xi32>, %O: memref<16xf32>) kernel {
    %c0 = arith.constant 0 : index
    %one = arith.constant 1.0 : f32
    %k = arith.constant 1 : i32
    %x = memref.load %A[%c0] {nontemporal = true} : memref<16xf32>
    memref.store %x, %O[%c0] {nontemporal = true} : memref<16xf32>
    %a = memref.atomic_rmw addf %one, %A[%c0] : (f32, memref<16xf32>) -> f32
    %b = memref.atomic_rmw addf %one, %A[%c0] : (f32, memref<16xf32>) -> f32
    memref.store %b, %O[%c0] : memref<16xf32>
    %c = memref.atomic_rmw addi %k, %I[%c0] : (i32, memref<16xi32>) -> i32
    gpu.return
  }
}

// -----

// tile-vulkan-float-atomics: marked f32 stores into buffers and shared
// memory become spirv.EXT.AtomicFAdd at the device's and the workgroup's
// scope; other stores stay.
// LOWER-LABEL: spirv.func @lower
// LOWER: spirv.EXT.AtomicFAdd <Device> <AcquireRelease> %arg0, %arg4 : !spirv.ptr<f32, StorageBuffer>
// LOWER: spirv.EXT.AtomicFAdd <Workgroup> <AcquireRelease> %arg1, %arg4 : !spirv.ptr<f32, Workgroup>
// LOWER: spirv.Store "StorageBuffer" %arg0, %arg4 : f32
// LOWER: spirv.Store "Function" %arg2, %arg4 ["Nontemporal"] : f32
// LOWER: spirv.Store "StorageBuffer" %arg3, %arg5 ["Nontemporal"] : i32
spirv.module Logical GLSL450 {
  spirv.func @lower(%b: !spirv.ptr<f32, StorageBuffer>, %w: !spirv.ptr<f32, Workgroup>,
                    %f: !spirv.ptr<f32, Function>, %i: !spirv.ptr<i32, StorageBuffer>,
                    %v: f32, %n: i32) "None" {
    spirv.Store "StorageBuffer" %b, %v ["Nontemporal"] : f32
    spirv.Store "Workgroup" %w, %v ["Nontemporal"] : f32
    spirv.Store "StorageBuffer" %b, %v : f32
    spirv.Store "Function" %f, %v ["Nontemporal"] : f32
    spirv.Store "StorageBuffer" %i, %n ["Nontemporal"] : i32
    spirv.Return
  }
}
