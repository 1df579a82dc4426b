// RUN: tile-opt --tile-gpu-layout --tile-gpu-lower --split-input-file --verify-diagnostics %s
// RUN: tile-opt --tile-gpu-lower --verify-diagnostics %S/Inputs/no-layout.mlir

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
