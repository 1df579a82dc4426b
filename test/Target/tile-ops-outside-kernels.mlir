// Tile ops on global and local buffers may stand outside a kernel
// (docs/dialect.md): the cpu runs them in host code and in the functions
// kernels call. The GPU targets lower tile ops in kernels only, and say so
// at the op (they said "is not supported by this target's pipeline: no pass
// lowered it").
// RUN: tile-opt --split-input-file --verify-diagnostics --target=cuda:sm_80 %s -o /dev/null
// RUN: tile-opt --split-input-file --verify-diagnostics --target=rocm:gfx942 %s -o /dev/null
// RUN: tile-opt --split-input-file --verify-diagnostics --target=vulkan %s -o /dev/null
// RUN: tile-opt --split-input-file --target=cpu --emit=llvm %s -o /dev/null

func.func @fill_global(%Y: memref<?x?xf16>) {
  %v = arith.constant 1.5 : f16
  // expected-error @+1 {{'tile.fill' op is outside a kernel (an scf.forall mapped to #gpu.block with a tile.threads attribute), where this target's pipeline does not lower tile ops: only the cpu target runs them in host code and in the functions kernels call}}
  "tile.fill"(%Y, %v) : (memref<?x?xf16>, f16) -> ()
  return
}

// -----

func.func private @device_helper(%Y: memref<?x?xf16>) {
  %v = arith.constant 1.5 : f16
  // expected-error @+1 {{'tile.fill' op is outside a kernel}}
  "tile.fill"(%Y, %v) : (memref<?x?xf16>, f16) -> ()
  return
}
func.func @kernel(%Y: memref<?x?xf16>) {
  scf.forall (%b) in (4) {
    func.call @device_helper(%Y) : (memref<?x?xf16>) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 32 : i64}
  return
}
