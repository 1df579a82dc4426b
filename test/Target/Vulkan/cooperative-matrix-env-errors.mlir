// RUN: tile-opt --verify-diagnostics --pass-pipeline='builtin.module(gpu.module(tile-vulkan-cooperative-matrix-env))' %s -o /dev/null

// The pass extends the environment spirv-attach-target gives; without one
// it says so instead of leaving the conversion to fail.
module attributes {gpu.container_module} {
  // expected-error @+1 {{'gpu.module' op uses cooperative matrices but has no SPIR-V target environment (one #spirv.target_env, from spirv-attach-target) to extend}}
  gpu.module @no_target {
    gpu.func @k(%x: f32) kernel {
      %m = gpu.subgroup_mma_constant_matrix %x : !gpu.mma_matrix<16x16xf32, "COp">
      gpu.return
    }
  }
}
