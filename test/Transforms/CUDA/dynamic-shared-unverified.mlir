// tile-cuda-dynamic-shared run without tile-verify before it refuses what it
// cannot place, at the op: a shared tile of dynamic shape (its size
// overflowed the region's offsets) or over 2 GiB, and a reserved size that
// is not a byte count.
// RUN: tile-opt --split-input-file --verify-diagnostics --tile-cuda-dynamic-shared %s

func.func @dynamic_shape() {
  scf.forall (%b) in (1) {
    // expected-error @+1 {{'tile.alloc' op is a shared tile of dynamic shape or over 2 GiB, which dynamic shared memory cannot place (run tile-verify)}}
    %a = "tile.alloc"() : () -> memref<?xf32, #gpu.address_space<workgroup>>
  } {mapping = [#gpu.block<x>], tile.threads = 32 : i64}
  return
}

// -----

func.func @huge() {
  scf.forall (%b) in (1) {
    // expected-error @+1 {{'tile.alloc' op is a shared tile of dynamic shape or over 2 GiB}}
    %a = "tile.alloc"() : () -> memref<4611686018427387904x4xf32, #gpu.address_space<workgroup>>
  } {mapping = [#gpu.block<x>], tile.threads = 32 : i64}
  return
}

// -----

func.func @reserved_not_bytes() {
  // expected-error @+1 {{'scf.forall' op has a tile.dynamic_shared_bytes that is not a byte count}}
  scf.forall (%b) in (1) {
    %a = "tile.alloc"() : () -> memref<32xf32, #gpu.address_space<workgroup>>
  } {mapping = [#gpu.block<x>], tile.threads = 32 : i64, tile.dynamic_shared_bytes = -8 : i64}
  return
}
