// Round trip of every tile op: parse, verify, print, parse again.
// RUN: tile-opt --tile-verify %s | tile-opt --tile-verify | FileCheck %s
// RUN: tile-opt --mlir-print-op-generic %s | tile-opt --tile-verify | FileCheck %s

!shared = memref<64x32xf16, #gpu.address_space<workgroup>>
!frag = memref<64x64xf32, #tile.fragment>

// CHECK-LABEL: func.func @alloc
func.func @alloc() {
  scf.forall (%b) in (4) {
    // CHECK: "tile.alloc"() : () -> memref<64x32xf16, #gpu.address_space<workgroup>>
    %s = "tile.alloc"() : () -> !shared
    // CHECK: "tile.alloc"() : () -> memref<64x64xf32, #tile.fragment>
    %f = "tile.alloc"() : () -> !frag
    // CHECK: "tile.alloc"() : () -> memref<16xi32, #gpu.address_space<private>>
    %l = "tile.alloc"() : () -> memref<16xi32, #gpu.address_space<private>>
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

// CHECK-LABEL: func.func @copy
func.func @copy(%A: memref<?x?xf16>, %Q: memref<2x4x?x64xf16>, %C: memref<?x?xf16>, %i: index, %j: index) {
  scf.forall (%b) in (4) {
    %s = "tile.alloc"() : () -> !shared
    %f = "tile.alloc"() : () -> memref<64x32xf32, #tile.fragment>
    // CHECK: "tile.copy"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) {operandSegmentSizes = array<i32: 1, 1, 2, 0>, pad = 0.000000e+00 : f16}
    "tile.copy"(%A, %s, %i, %j) {operandSegmentSizes = array<i32: 1, 1, 2, 0>, pad = 0.0 : f16}
        : (memref<?x?xf16>, !shared, index, index) -> ()
    // A rank-reducing window: the tile aligns with the trailing dimensions.
    // CHECK: "tile.copy"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) {operandSegmentSizes = array<i32: 1, 1, 4, 0>}
    "tile.copy"(%Q, %s, %i, %j, %i, %j) {operandSegmentSizes = array<i32: 1, 1, 4, 0>}
        : (memref<2x4x?x64xf16>, !shared, index, index, index, index) -> ()
    // Between two tiles, with an f16 -> f32 conversion.
    // CHECK: "tile.copy"(%{{.*}}, %{{.*}}) {operandSegmentSizes = array<i32: 1, 1, 0, 0>}
    "tile.copy"(%s, %f) {operandSegmentSizes = array<i32: 1, 1, 0, 0>}
        : (!shared, memref<64x32xf32, #tile.fragment>) -> ()
    // CHECK: "tile.copy"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) {operandSegmentSizes = array<i32: 1, 1, 0, 2>}
    "tile.copy"(%f, %C, %i, %j) {operandSegmentSizes = array<i32: 1, 1, 0, 2>}
        : (memref<64x32xf32, #tile.fragment>, memref<?x?xf16>, index, index) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 128 : i64}
  return
}

// CHECK-LABEL: func.func @gemm
func.func @gemm() {
  scf.forall (%b) in (4) {
    %a = "tile.alloc"() : () -> !shared
    %bt = "tile.alloc"() : () -> memref<64x32xf16, #gpu.address_space<workgroup>>
    %c = "tile.alloc"() : () -> !frag
    // CHECK: "tile.gemm"(%{{.*}}, %{{.*}}, %{{.*}}) {clear_accum = true, policy = "full_row", transpose_b = true}
    "tile.gemm"(%a, %bt, %c) {transpose_b = true, clear_accum = true, policy = "full_row"}
        : (!shared, memref<64x32xf16, #gpu.address_space<workgroup>>, !frag) -> ()
    %at = "tile.alloc"() : () -> memref<32x64xbf16, #tile.fragment>
    %b2 = "tile.alloc"() : () -> memref<32x64xbf16, #gpu.address_space<workgroup>>
    // CHECK: "tile.gemm"(%{{.*}}, %{{.*}}, %{{.*}}) {transpose_a = true}
    "tile.gemm"(%at, %b2, %c) {transpose_a = true}
        : (memref<32x64xbf16, #tile.fragment>, memref<32x64xbf16, #gpu.address_space<workgroup>>, !frag) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 128 : i64}
  return
}

// CHECK-LABEL: func.func @fill_reduce
func.func @fill_reduce(%v: f32) {
  scf.forall (%b) in (4) {
    %f = "tile.alloc"() : () -> !frag
    %r = "tile.alloc"() : () -> memref<64xf32, #tile.fragment>
    // CHECK: "tile.fill"(%{{.*}}, %{{.*}}) : (memref<64x64xf32, #tile.fragment>, f32) -> ()
    "tile.fill"(%f, %v) : (!frag, f32) -> ()
    // CHECK: "tile.reduce"(%{{.*}}, %{{.*}}) {dim = 1 : i64, kind = "absmax"}
    "tile.reduce"(%f, %r) {kind = "absmax", dim = 1 : i64} : (!frag, memref<64xf32, #tile.fragment>) -> ()
    // CHECK: "tile.reduce"(%{{.*}}, %{{.*}}) {dim = 1 : i64, kind = "abssum"}
    "tile.reduce"(%f, %r) {kind = "abssum", dim = 1 : i64} : (!frag, memref<64xf32, #tile.fragment>) -> ()
    // CHECK: "tile.reduce"(%{{.*}}, %{{.*}}) {clear = false, dim = 0 : i64, kind = "sum"}
    "tile.reduce"(%f, %r) {kind = "sum", dim = 0 : i64, clear = false} : (!frag, memref<64xf32, #tile.fragment>) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 128 : i64}
  return
}

// CHECK-LABEL: func.func @atomic_add
func.func @atomic_add(%out: memref<?x?xf32>, %i: index) {
  scf.forall (%b) in (4) {
    %f = "tile.alloc"() : () -> !frag
    // CHECK: "tile.atomic_add"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) : (memref<64x64xf32, #tile.fragment>, memref<?x?xf32>, index, index) -> ()
    "tile.atomic_add"(%f, %out, %i, %i) : (!frag, memref<?x?xf32>, index, index) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 128 : i64}
  return
}

// CHECK-LABEL: func.func @structure
func.func @structure(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  // CHECK: scf.forall
  scf.forall (%x, %y) in (2, 3) {
    %f = "tile.alloc"() : () -> !frag
    %s = "tile.alloc"() : () -> memref<64x64xf32, #gpu.address_space<workgroup>>
    // CHECK: scf.for
    scf.for %k = %c0 to %n step %c1 {
      "tile.fill"(%f, %zero) : (!frag, f32) -> ()
      "tile.copy"(%f, %s) {operandSegmentSizes = array<i32: 1, 1, 0, 0>}
          : (!frag, memref<64x64xf32, #gpu.address_space<workgroup>>) -> ()
    // CHECK: } {tile.num_stages = 2 : i64, tile.order = array<i64: 1, 0>, tile.stage = array<i64: 0, 1>}
    } {tile.num_stages = 2 : i64, tile.order = array<i64: 1, 0>, tile.stage = array<i64: 0, 1>}
    // CHECK: scf.forall
    scf.forall (%i, %j) in (64, 64) {
      %e = memref.load %f[%i, %j] : !frag
      memref.store %e, %s[%i, %j] : memref<64x64xf32, #gpu.address_space<workgroup>>
    }
  // CHECK: } {mapping = [#gpu.block<y>, #gpu.block<x>], tile.threads = 256 : i64}
  } {mapping = [#gpu.block<y>, #gpu.block<x>], tile.threads = 256 : i64}
  return
}
