// Vulkan kernels are compiled for at most 64 KiB of shared memory per
// block, 1024 threads and grids whose block ids fit 32 bits; beyond them is
// a located error (a 256 KiB shared tile compiled into valid SPIR-V). Each
// device's own limits are checked by the runtime before a launch.
// RUN: tile-opt --split-input-file --verify-diagnostics --target=vulkan %s -o /dev/null

func.func @shared_tile(%A: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  scf.forall (%b) in (4) {
    // expected-error @+1 {{'tile.alloc' op allocates 262144 bytes of shared memory; vulkan gives a block at most 65536 bytes}}
    %s = "tile.alloc"() : () -> memref<256x256xf32, #gpu.address_space<workgroup>>
    "tile.copy"(%A, %s, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>} : (memref<?x?xf32>, memref<256x256xf32, #gpu.address_space<workgroup>>, index, index) -> ()
    "tile.copy"(%s, %A, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 0, 2>} : (memref<256x256xf32, #gpu.address_space<workgroup>>, memref<?x?xf32>, index, index) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 128 : i64}
  return
}

// -----

func.func @shared_tiles_together(%A: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'scf.forall' op kernel needs 98304 bytes of shared memory per block (the sum of its shared tiles); vulkan gives a block at most 65536 bytes}}
  scf.forall (%b) in (4) {
    %s = "tile.alloc"() : () -> memref<128x96xf32, #gpu.address_space<workgroup>>
    %t = "tile.alloc"() : () -> memref<128x96xf32, #gpu.address_space<workgroup>>
    "tile.copy"(%A, %s, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 2, 0>} : (memref<?x?xf32>, memref<128x96xf32, #gpu.address_space<workgroup>>, index, index) -> ()
    "tile.copy"(%s, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (memref<128x96xf32, #gpu.address_space<workgroup>>, memref<128x96xf32, #gpu.address_space<workgroup>>) -> ()
    "tile.copy"(%t, %A, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, 0, 2>} : (memref<128x96xf32, #gpu.address_space<workgroup>>, memref<?x?xf32>, index, index) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 128 : i64}
  return
}

// -----

func.func @grid(%A: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'scf.forall' op kernel grid has 2147483648 blocks along z; vulkan launches at most 2147483647}}
  scf.forall (%i) in (2147483648) {
    %s = "tile.alloc"() : () -> memref<16xf32, #gpu.address_space<workgroup>>
    "tile.copy"(%A, %s, %c0) {operandSegmentSizes = array<i32: 1, 1, 1, 0>} : (memref<?xf32>, memref<16xf32, #gpu.address_space<workgroup>>, index) -> ()
    "tile.copy"(%s, %A, %c0) {operandSegmentSizes = array<i32: 1, 1, 0, 1>} : (memref<16xf32, #gpu.address_space<workgroup>>, memref<?xf32>, index) -> ()
  } {mapping = [#gpu.block<z>], tile.threads = 128 : i64}
  return
}
