// RUN: tile-opt --tile-gpu-layout --tile-gpu-lower --split-input-file --verify-diagnostics %s
// RUN: tile-opt --tile-gpu-lower --verify-diagnostics %S/Inputs/no-layout.mlir

func.func @fragment_to_local() {
  scf.forall (%b) in (4) {
    %f = "tile.alloc"() : () -> memref<32x32xf32, #tile.fragment>
    %l = "tile.alloc"() : () -> memref<32x32xf32, #gpu.address_space<private>>
    // expected-error @+1 {{'tile.copy' op copies a fragment into a local buffer; each thread holds only part of a fragment (copy it into a shared buffer first)}}
    "tile.copy"(%f, %l) {operandSegmentSizes = array<i32: 1, 1, 0, 0>}
        : (memref<32x32xf32, #tile.fragment>, memref<32x32xf32, #gpu.address_space<private>>) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 32 : i64}
  return
}

// -----

func.func @fragment_window(%c0: index) {
  scf.forall (%b) in (4) {
    %s = "tile.alloc"() : () -> memref<8xf32, #gpu.address_space<workgroup>>
    %f = "tile.alloc"() : () -> memref<64xf32, #tile.fragment>
    // expected-error @+1 {{'tile.copy' op takes a window of a fragment; the GPU lowering copies fragments whole}}
    "tile.copy"(%s, %f, %c0) {operandSegmentSizes = array<i32: 1, 1, 0, 1>}
        : (memref<8xf32, #gpu.address_space<workgroup>>, memref<64xf32, #tile.fragment>, index) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 32 : i64}
  return
}

// -----

func.func @reduce_into_local() {
  scf.forall (%b) in (4) {
    %f = "tile.alloc"() : () -> memref<32x32xf32, #tile.fragment>
    %l = "tile.alloc"() : () -> memref<32xf32, #gpu.address_space<private>>
    // expected-error @+1 {{'tile.reduce' op reduces a grid fragment along dimension 1 into a local buffer; the result must be a shared buffer or a fragment laid out by rows}}
    "tile.reduce"(%f, %l) {kind = "max", dim = 1 : i64}
        : (memref<32x32xf32, #tile.fragment>, memref<32xf32, #gpu.address_space<private>>) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 32 : i64}
  return
}
