// Code belongs in functions: an op at the top level of the module that is
// not a symbol is reported where it is on every target. A kernel there went
// through the pipelines until convert-scf-to-cf put its blocks into the
// module's region, and the next pass crashed (found by tile-fuzz).
// RUN: tile-opt --split-input-file --verify-diagnostics --target=cpu %s -o /dev/null
// RUN: tile-opt --split-input-file --verify-diagnostics --target=cuda:sm_80 %s -o /dev/null
// RUN: tile-opt --split-input-file --verify-diagnostics --target=rocm:gfx942 %s -o /dev/null
// RUN: tile-opt --split-input-file --verify-diagnostics --target=vulkan %s -o /dev/null

// expected-error @+1 {{'scf.forall' op is outside any function; compiling for a target takes functions that hold the kernels, and globals, at the top level of the module}}
scf.forall (%b) in (4) {
  "tile_vulkan.subgroup"() {size = 8 : i64} : () -> ()
}

// -----

// Each such op is reported; functions and globals beside them are fine.
memref.global "private" @table : memref<4xf32> = dense<1.0>
func.func @f() {
  return
}
// expected-error @+1 {{'memref.alloc' op is outside any function}}
%m = memref.alloc() : memref<4xf32>
// expected-error @+1 {{'arith.constant' op is outside any function}}
%f = arith.constant 1.0 : f32
// expected-error @+1 {{'scf.forall' op is outside any function}}
scf.forall (%b) in (4) {
  memref.store %f, %m[%b] : memref<4xf32>
}

// -----

// Names that start with "llvm." are LLVM's intrinsics: defining one failed
// in LLVM's verifier without a location (found by tile-fuzz). Declaring one
// is fine.
// expected-error @+1 {{'func.func' op defines '@llvm.my_kernel': names that start with 'llvm.' belong to LLVM's intrinsics, which cannot be defined (rename it)}}
func.func @llvm.my_kernel(%A: memref<64xf32>) {
  scf.forall (%b) in (1) {
    %t = "tile.alloc"() : () -> memref<64xf32, #tile.fragment>
    "tile.copy"(%A, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0>}
        : (memref<64xf32>, memref<64xf32, #tile.fragment>) -> ()
    "tile.copy"(%t, %A) {operandSegmentSizes = array<i32: 1, 1, 0, 0>}
        : (memref<64xf32, #tile.fragment>, memref<64xf32>) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}
func.func private @llvm.declared() -> ()

// -----

// Names of the runtimes the generated code calls, on every target: a host
// function named mgpuLaunchKernel was called by its own kernel's launch
// until the stack overflowed (vulkan), and one named __kmpc_fork_call
// failed LLVM's verifier on the OpenMP runtime's calls (cpu).
// expected-error @+1 {{'func.func' op defines '@mgpuLaunchKernel': names that start with 'mgpu' belong to MLIR's GPU runtime wrappers, which the host code of the GPU targets calls (rename it)}}
func.func @mgpuLaunchKernel(%A: memref<64xf32>) {
  return
}
// expected-error @+1 {{'func.func' op defines '@__kmpc_fork_call': names that start with '__kmpc_' belong to the OpenMP runtime, which the cpu target's code calls (rename it)}}
func.func @__kmpc_fork_call(%A: memref<64xf32>) {
  return
}
// expected-error @+1 {{'func.func' op defines '@tileRtVulkanIndexOutOfRange': names that start with 'tileRt' belong to tile-mlir's runtime libraries (rename it)}}
func.func @tileRtVulkanIndexOutOfRange(%A: memref<64xf32>) {
  return
}
// expected-error @+1 {{'func.func' op defines '@__nv_expf': names that start with '__nv_' belong to libdevice, which cuda device code links (rename it)}}
func.func private @__nv_expf(%x: f32) -> f32 {
  return %x : f32
}
// expected-error @+1 {{'func.func' op defines '@__ocml_exp_f32': names that start with '__ocml_' belong to the ROCm device libraries, which rocm device code links (rename it)}}
func.func private @__ocml_exp_f32(%x: f32) -> f32 {
  return %x : f32
}
// Declarations are fine, and so is a name that stops short of a prefix.
func.func private @mgpuStreamCreate() -> !llvm.ptr
func.func @__kmpc(%A: memref<64xf32>) {
  return
}
