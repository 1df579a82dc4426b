// RUN: tile-opt --split-input-file --pass-pipeline='builtin.module(gpu.module(tile-vulkan-cooperative-matrix-env))' %s | FileCheck %s

// A gpu.module with cooperative-matrix ops gets SPIR-V 1.6, the capabilities
// CooperativeMatrixKHR and GroupNonUniform and SPV_KHR_cooperative_matrix
// beside what it had.
// CHECK-LABEL: gpu.module @matrices [#spirv.target_env<#spirv.vce<v1.6, [Shader, Float16, CooperativeMatrixKHR, GroupNonUniform], [SPV_KHR_16bit_storage, SPV_KHR_cooperative_matrix]>, api=Vulkan, #spirv.resource_limits<>>]
module attributes {gpu.container_module} {
  gpu.module @matrices [#spirv.target_env<#spirv.vce<v1.3, [Shader, Float16], [SPV_KHR_16bit_storage]>, api=Vulkan, #spirv.resource_limits<>>] {
    gpu.func @k(%x: f32) kernel {
      %m = gpu.subgroup_mma_constant_matrix %x : !gpu.mma_matrix<16x16xf32, "COp">
      gpu.return
    }
  }
}

// -----

// Every other module keeps its environment.
// CHECK-LABEL: gpu.module @plain [#spirv.target_env<#spirv.vce<v1.3, [Shader], []>, api=Vulkan, #spirv.resource_limits<>>]
module attributes {gpu.container_module} {
  gpu.module @plain [#spirv.target_env<#spirv.vce<v1.3, [Shader], []>, api=Vulkan, #spirv.resource_limits<>>] {
    gpu.func @k() kernel {
      gpu.return
    }
  }
}

// -----

// An empty extension list gets the extension alone.
// CHECK-LABEL: gpu.module @no_extensions [#spirv.target_env<#spirv.vce<v1.6, [Shader, CooperativeMatrixKHR, GroupNonUniform], [SPV_KHR_cooperative_matrix]>, api=Vulkan, #spirv.resource_limits<>>]
module attributes {gpu.container_module} {
  gpu.module @no_extensions [#spirv.target_env<#spirv.vce<v1.3, [Shader], []>, api=Vulkan, #spirv.resource_limits<>>] {
    gpu.func @k(%x: f32) kernel {
      %m = gpu.subgroup_mma_constant_matrix %x : !gpu.mma_matrix<16x16xf32, "COp">
      gpu.return
    }
  }
}
