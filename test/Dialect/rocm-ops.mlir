// Round trip of the tile_rocm ops (dialects/tile_rocm.irdl.mlir): parse,
// verify, print, parse again; upstream mlir-opt reads them through IRDL.
// RUN: tile-opt --tile-verify --tile-rocm-verify %s | tile-opt --tile-rocm-verify | FileCheck %s
// RUN: tile-opt --mlir-print-op-generic %s | tile-opt --tile-rocm-verify | FileCheck %s
// mlir-opt 22 keeps only the last --irdl-file it is given: one file holding
// both dialects serves instead.
// RUN: cat %dialects/tile.irdl.mlir %dialects/tile_rocm.irdl.mlir > %t.irdl.mlir
// RUN: mlir-opt --irdl-file=%t.irdl.mlir %s | mlir-opt --irdl-file=%t.irdl.mlir | FileCheck %s

// CHECK-LABEL: func.func @choices
func.func @choices() {
  scf.forall (%b) in (4) {
    // CHECK: "tile_rocm.matrix_shape"() {k = 16 : i64, m = 16 : i64, n = 16 : i64} : () -> ()
    "tile_rocm.matrix_shape"() {m = 16 : i64, n = 16 : i64, k = 16 : i64} : () -> ()
    // CHECK: "tile_rocm.lds_layout"() {pad = 0 : i64} : () -> ()
    "tile_rocm.lds_layout"() {pad = 0 : i64} : () -> ()
    // CHECK: "tile_rocm.direct_loads"() : () -> ()
    "tile_rocm.direct_loads"() : () -> ()
    %s = "tile.alloc"() : () -> memref<64x32xf16, #gpu.address_space<workgroup>>
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

// m, n and k are independent attributes (not one constraint for all three).
// CHECK-LABEL: func.func @rectangular
func.func @rectangular() {
  scf.forall (%b) in (4) {
    // CHECK: "tile_rocm.matrix_shape"() {k = 8 : i64, m = 32 : i64, n = 32 : i64} : () -> ()
    "tile_rocm.matrix_shape"() {m = 32 : i64, n = 32 : i64, k = 8 : i64} : () -> ()
    // CHECK: "tile_rocm.lds_layout"() {pad = 4 : i64} : () -> ()
    "tile_rocm.lds_layout"() {pad = 4 : i64} : () -> ()
    // CHECK: "tile_rocm.waves_per_eu"() {waves = 4 : i64} : () -> ()
    "tile_rocm.waves_per_eu"() {waves = 4 : i64} : () -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}
