// Round trip of the tile_cpu ops (dialects/tile_cpu.irdl.mlir): parse,
// verify, print, parse again; upstream mlir-opt reads them through IRDL.
// RUN: tile-opt --tile-verify --tile-cpu-verify %s | tile-opt --tile-cpu-verify | FileCheck %s
// RUN: tile-opt --mlir-print-op-generic %s | tile-opt --tile-cpu-verify | FileCheck %s
// mlir-opt 22 keeps only the last --irdl-file it is given: one file holding
// both dialects serves instead.
// RUN: cat %dialects/tile.irdl.mlir %dialects/tile_cpu.irdl.mlir > %t.irdl.mlir
// RUN: mlir-opt --irdl-file=%t.irdl.mlir %s | mlir-opt --irdl-file=%t.irdl.mlir | FileCheck %s
// The example that states every choice reads the same way.
// RUN: mlir-opt --irdl-file=%t.irdl.mlir %examples/gemm_cpu_choices.mlir | FileCheck %s --check-prefix=EXAMPLE
// EXAMPLE: "tile_cpu.micro_kernel"() {rows = 4 : i64, unroll = 2 : i64, vectors = 3 : i64} : () -> ()
// EXAMPLE: "tile_cpu.packing"() {a = false, b = true} : () -> ()
// EXAMPLE: "tile_cpu.prefetch"() {distance = 16 : i64} : () -> ()

// CHECK-LABEL: func.func @choices
func.func @choices() {
  scf.forall (%b) in (4) {
    // CHECK: "tile_cpu.micro_kernel"() {rows = 6 : i64, unroll = 4 : i64, vectors = 2 : i64} : () -> ()
    "tile_cpu.micro_kernel"() {rows = 6 : i64, vectors = 2 : i64, unroll = 4 : i64} : () -> ()
    // CHECK: "tile_cpu.packing"() {a = true, b = false} : () -> ()
    "tile_cpu.packing"() {a = true, b = false} : () -> ()
    // CHECK: "tile_cpu.prefetch"() {distance = 0 : i64} : () -> ()
    "tile_cpu.prefetch"() {distance = 0 : i64} : () -> ()
    %s = "tile.alloc"() : () -> memref<64x32xf32, #gpu.address_space<workgroup>>
  } {mapping = [#gpu.block<x>], tile.threads = 1 : i64}
  return
}

// rows, vectors and unroll are independent attributes (not one constraint
// for all three), and so are a and b.
// CHECK-LABEL: func.func @independent
func.func @independent() {
  scf.forall (%b) in (4) {
    // CHECK: "tile_cpu.micro_kernel"() {rows = 3 : i64, unroll = 1 : i64, vectors = 4 : i64} : () -> ()
    "tile_cpu.micro_kernel"() {rows = 3 : i64, vectors = 4 : i64, unroll = 1 : i64} : () -> ()
    // CHECK: "tile_cpu.packing"() {a = false, b = true} : () -> ()
    "tile_cpu.packing"() {a = false, b = true} : () -> ()
    // CHECK: "tile_cpu.prefetch"() {distance = 24 : i64} : () -> ()
    "tile_cpu.prefetch"() {distance = 24 : i64} : () -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 1 : i64}
  return
}
