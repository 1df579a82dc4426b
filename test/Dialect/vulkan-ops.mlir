// Round trip of the tile_vulkan ops (dialects/tile_vulkan.irdl.mlir): parse,
// verify, print, parse again; upstream mlir-opt reads them through IRDL.
// RUN: tile-opt --tile-verify --tile-vulkan-verify %s | tile-opt --tile-vulkan-verify | FileCheck %s
// RUN: tile-opt --mlir-print-op-generic %s | tile-opt --tile-vulkan-verify | FileCheck %s
// mlir-opt 22 keeps only the last --irdl-file it is given: one file holding
// both dialects serves instead.
// RUN: cat %dialects/tile.irdl.mlir %dialects/tile_vulkan.irdl.mlir > %t.irdl.mlir
// RUN: mlir-opt --irdl-file=%t.irdl.mlir %s | mlir-opt --irdl-file=%t.irdl.mlir | FileCheck %s

// CHECK-LABEL: func.func @choices
func.func @choices() {
  scf.forall (%b) in (4) {
    // CHECK: "tile_vulkan.subgroup"() {size = 32 : i64} : () -> ()
    "tile_vulkan.subgroup"() {size = 32 : i64} : () -> ()
    // CHECK: "tile_vulkan.cooperative_matrix"() {k = 16 : i64, m = 16 : i64, n = 16 : i64} : () -> ()
    "tile_vulkan.cooperative_matrix"() {m = 16 : i64, n = 16 : i64, k = 16 : i64} : () -> ()
    %s = "tile.alloc"() : () -> memref<64x32xf16, #gpu.address_space<workgroup>>
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

// Every power of two a Vulkan subgroup can have; m, n and k are independent
// attributes (not one constraint for all three).
// CHECK-LABEL: func.func @extremes
func.func @extremes() {
  scf.forall (%b) in (4) {
    // CHECK: "tile_vulkan.subgroup"() {size = 1 : i64} : () -> ()
    "tile_vulkan.subgroup"() {size = 1 : i64} : () -> ()
    // CHECK: "tile_vulkan.cooperative_matrix"() {k = 8 : i64, m = 16 : i64, n = 8 : i64} : () -> ()
    "tile_vulkan.cooperative_matrix"() {m = 16 : i64, n = 8 : i64, k = 8 : i64} : () -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  scf.forall (%b) in (4) {
    // CHECK: "tile_vulkan.subgroup"() {size = 128 : i64} : () -> ()
    "tile_vulkan.subgroup"() {size = 128 : i64} : () -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 128 : i64}
  return
}
