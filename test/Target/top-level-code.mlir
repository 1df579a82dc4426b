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
