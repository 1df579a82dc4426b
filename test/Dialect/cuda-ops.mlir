// Round trip of the tile_cuda ops (dialects/tile_cuda.irdl.mlir): parse,
// verify, print, parse again; upstream mlir-opt reads them through IRDL.
// RUN: tile-opt --tile-verify --tile-cuda-verify %s | tile-opt --tile-cuda-verify | FileCheck %s
// RUN: tile-opt --mlir-print-op-generic %s | tile-opt --tile-cuda-verify | FileCheck %s
// mlir-opt 22 keeps only the last --irdl-file it is given: one file holding
// both dialects serves instead.
// RUN: cat %dialects/tile.irdl.mlir %dialects/tile_cuda.irdl.mlir > %t.irdl.mlir
// RUN: mlir-opt --irdl-file=%t.irdl.mlir %s | mlir-opt --irdl-file=%t.irdl.mlir | FileCheck %s
// RUN: mlir-opt --irdl-file=%t.irdl.mlir %examples/gemm_hopper.mlir | FileCheck %s --check-prefix=HOPPER

// CHECK-LABEL: func.func @choices
func.func @choices() {
  scf.forall (%b) in (4) {
    // CHECK: "tile_cuda.path"() {path = "wgmma_ws"} : () -> ()
    "tile_cuda.path"() {path = "wgmma_ws"} : () -> ()
    // CHECK: "tile_cuda.mma_shape"() {k = 16 : i64, m = 64 : i64, n = 256 : i64} : () -> ()
    "tile_cuda.mma_shape"() {m = 64 : i64, n = 256 : i64, k = 16 : i64} : () -> ()
    // CHECK: "tile_cuda.swizzle"() {a = 64 : i64, b = 128 : i64} : () -> ()
    "tile_cuda.swizzle"() {a = 64 : i64, b = 128 : i64} : () -> ()
    // CHECK: "tile_cuda.warp_specialize"() {consumer_registers = 232 : i64, producer_registers = 40 : i64} : () -> ()
    "tile_cuda.warp_specialize"() {producer_registers = 40 : i64, consumer_registers = 232 : i64} : () -> ()
    // CHECK: "tile_cuda.rasterize"() {group_rows = 8 : i64} : () -> ()
    "tile_cuda.rasterize"() {group_rows = 8 : i64} : () -> ()
    %s = "tile.alloc"() : () -> memref<64x32xf16, #gpu.address_space<workgroup>>
  } {mapping = [#gpu.block<x>], tile.threads = 384 : i64}
  return
}

// Every path name, and no swizzle.
// CHECK-LABEL: func.func @paths
func.func @paths() {
  // CHECK: "tile_cuda.path"() {path = "wgmma"} : () -> ()
  scf.forall (%b) in (4) {
    "tile_cuda.path"() {path = "wgmma"} : () -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 128 : i64}
  // CHECK: "tile_cuda.path"() {path = "mma"} : () -> ()
  // CHECK: "tile_cuda.mma_shape"() {k = 16 : i64, m = 16 : i64, n = 8 : i64} : () -> ()
  // CHECK: "tile_cuda.swizzle"() {a = 0 : i64, b = 0 : i64} : () -> ()
  scf.forall (%b) in (4) {
    "tile_cuda.path"() {path = "mma"} : () -> ()
    "tile_cuda.mma_shape"() {m = 16 : i64, n = 8 : i64, k = 16 : i64} : () -> ()
    "tile_cuda.swizzle"() {a = 0 : i64, b = 0 : i64} : () -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 128 : i64}
  // CHECK: "tile_cuda.path"() {path = "simt"} : () -> ()
  scf.forall (%b) in (4) {
    "tile_cuda.path"() {path = "simt"} : () -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 128 : i64}
  return
}

// HOPPER: scf.forall
// HOPPER-NEXT: "tile_cuda.path"() {path = "wgmma_ws"} : () -> ()
// HOPPER-NEXT: "tile_cuda.mma_shape"() {k = 16 : i64, m = 64 : i64, n = 256 : i64} : () -> ()
// HOPPER-NEXT: "tile_cuda.swizzle"() {a = 128 : i64, b = 128 : i64} : () -> ()
// HOPPER-NEXT: "tile_cuda.warp_specialize"() {consumer_registers = 232 : i64, producer_registers = 40 : i64} : () -> ()
// HOPPER-NEXT: "tile_cuda.rasterize"() {group_rows = 8 : i64} : () -> ()
// HOPPER: "tile.gemm"
